import { lazy } from 'react';
import type { PortalRoute } from '../../lib/routing';

export const noticesRoutes: PortalRoute[] = [
  { path: '/notice/', name: 'notice/NoticeList', access: 'auth', component: lazy(() => import('./NoticesPage')) },
];
