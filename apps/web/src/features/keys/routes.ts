import { lazy } from 'react';
import type { PortalRoute } from '../../lib/routing';

export const keysRoutes: PortalRoute[] = [
  // The reference for dealers' developers: every /rest/ method, what it takes and answers (decision 211).
  { path: '/api/', name: 'api/Reference', access: 'auth', component: lazy(() => import('./ApiReferencePage')) },
];
