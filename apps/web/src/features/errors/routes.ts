import { lazy } from 'react';
import type { PortalRoute } from '../../lib/routing';

export const errorRoutes: PortalRoute[] = [
  { path: '/404', name: 'errors/NotFound', access: 'public', component: lazy(() => import('./NotFoundPage')) },
];
