import { lazy } from 'react';
import type { PortalRoute } from '../../lib/routing';

export const companyRoutes: PortalRoute[] = [
  {
    path: '/company/',
    name: 'company/CompanyList',
    access: 'company-fetch',
    component: lazy(() => import('./CompanyListPage')),
  },
  {
    path: '/company/create/',
    name: 'company/CompanyCreate',
    access: 'company-create',
    component: lazy(() => import('./CompanyEditPage')),
  },
  {
    path: '/company/:id/',
    name: 'company/CompanyDetail',
    access: 'company-update',
    numericParams: ['id'],
    component: lazy(() => import('./CompanyEditPage')),
  },
];
