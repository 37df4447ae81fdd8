import { lazy } from 'react';
import type { PortalRoute } from '../../lib/routing';

export const authRoutes: PortalRoute[] = [
  { path: '/auth/', name: 'auth/Login', access: 'guest', component: lazy(() => import('./LoginPage')) },
  { path: '/auth/reset', name: 'auth/Reset', access: 'public', component: lazy(() => import('./ResetPage')) },
  {
    path: '/registration/',
    name: 'auth/Registration',
    access: 'guest',
    component: lazy(() => import('./RegistrationPage')),
  },
  { path: '/recovery/', name: 'auth/Recovery', access: 'public', component: lazy(() => import('./RecoveryPage')) },
];
