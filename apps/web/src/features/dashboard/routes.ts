import { lazy } from 'react';
import type { PortalRoute } from '../../lib/routing';

export const dashboardRoutes: PortalRoute[] = [
  { path: '/', name: 'dashboard/Dashboard', access: 'auth', component: lazy(() => import('./DashboardPage')) },
];
