import { lazy } from 'react';
import type { PortalRoute } from '../../lib/routing';

const contentPage = lazy(() => import('./ContentAdminPage'));

/** The back office's site settings and content editing (decision 120): administrators only, lazy chunks. */
export const contentAdminRoutes: PortalRoute[] = [
  {
    path: '/admin/settings/',
    name: 'admin/SiteSettings',
    access: 'user-create',
    component: lazy(() => import('./SiteSettingsPage')),
  },
  { path: '/admin/content/', name: 'admin/Content', access: 'user-create', component: contentPage },
  { path: '/admin/content/:section/', name: 'admin/ContentSection', access: 'user-create', component: contentPage },
];
