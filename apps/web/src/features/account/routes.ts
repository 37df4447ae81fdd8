import { lazy } from 'react';
import type { PortalRoute } from '../../lib/routing';

/** The dealer's account (decision 200): every signed-in user; the server shows each their own companies. */
export const accountRoutes: PortalRoute[] = [
  { path: '/account/', name: 'account/Settlements', access: 'auth', component: lazy(() => import('./AccountPage')) },
  {
    path: '/account/documents/',
    name: 'account/Documents',
    access: 'auth',
    component: lazy(() => import('./DocumentsPage')),
  },
  {
    path: '/account/act/',
    name: 'account/ActPrint',
    access: 'auth',
    layout: 'print',
    component: lazy(() => import('./ActPrintPage')),
  },
];
