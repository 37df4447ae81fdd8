import { lazy } from 'react';
import type { PortalRoute } from '../../lib/routing';

export const formsRoutes: PortalRoute[] = [
  {
    path: '/support/',
    name: 'support/SupportList',
    access: 'auth',
    component: lazy(() => import('./SupportListPage')),
  },
  {
    path: '/support/create/',
    name: 'support/SupportCreate',
    access: 'auth',
    component: lazy(() => import('./SupportCreatePage')),
  },
  {
    path: '/support/:id/',
    name: 'support/SupportDetail',
    access: 'auth',
    numericParams: ['id'],
    component: lazy(() => import('./SupportDetailPage')),
  },
  { path: '/forms/', name: 'form/FormList', access: 'auth', component: lazy(() => import('./FormsPage')) },
  {
    path: '/form/:id/',
    name: 'form/FormDetail',
    access: 'auth',
    numericParams: ['id'],
    component: lazy(() => import('./FormPage')),
  },
];
