import { DASHBOARD_BANNERS, DASHBOARD_NEWS } from '@portal/contract';
import { queryOptions } from '@tanstack/react-query';
import { rest } from '../../lib/rest';
import { dashboardKeys } from './keys';

/** The dashboard's latest news (docs/spec/09-constants.md: how many). */
export const dashboardNewsQuery = queryOptions({
  queryKey: dashboardKeys.news(DASHBOARD_NEWS),
  queryFn: () => rest('news/list', { page: 1, size: DASHBOARD_NEWS }),
});

/** The dashboard's banners. */
export const dashboardBannersQuery = queryOptions({
  queryKey: dashboardKeys.banners(DASHBOARD_BANNERS),
  queryFn: () => rest('banner/list', { page: 1, size: DASHBOARD_BANNERS }),
});
