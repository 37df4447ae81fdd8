import { lazy } from 'react';
import type { PortalRoute } from '../../lib/routing';

export const machinesRoutes: PortalRoute[] = [
  // «Моя техника» (decision 208): the dealer's machines.
  { path: '/machines/', name: 'machine/List', access: 'auth', component: lazy(() => import('./MachinesPage')) },
];
