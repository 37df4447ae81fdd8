import { lazy } from 'react';
import type { PortalRoute } from '../../lib/routing';

export const wishesRoutes: PortalRoute[] = [
  { path: '/wishes/', name: 'wishes/WishList', access: 'wishes-fetch', component: lazy(() => import('./WishesPage')) },
  {
    path: '/wishes/create/',
    name: 'wishes/WishCreate',
    access: 'wishes-create',
    component: lazy(() => import('./WishCreatePage')),
  },
  {
    path: '/wishes/:id/',
    name: 'wishes/WishDetail',
    access: 'wishes-fetch',
    numericParams: ['id'],
    component: lazy(() => import('./WishDetailPage')),
  },
];
