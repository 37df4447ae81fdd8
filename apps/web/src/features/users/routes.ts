import { lazy } from 'react';
import type { PortalRoute } from '../../lib/routing';

export const usersRoutes: PortalRoute[] = [
  // The list is the administrators' screen; everyone else is sent to the dashboard (docs/spec/02-screens.md guard).
  { path: '/user/', name: 'user/UserList', access: 'user-create', component: lazy(() => import('./UserListPage')) },
  {
    path: '/user/:id/',
    name: 'user/UserDetail',
    access: 'auth',
    numericParams: ['id'],
    component: lazy(() => import('./UserDetailPage')),
  },
  { path: '/profile/', name: 'user/Profile', access: 'auth', component: lazy(() => import('./ProfilePage')) },
];
