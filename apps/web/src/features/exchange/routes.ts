import { lazy } from 'react';
import type { PortalRoute } from '../../lib/routing';

/** The back office's 1C exchange (decision 097): administrators only, its own lazy chunk. */
export const exchangeRoutes: PortalRoute[] = [
  {
    path: '/exchange/',
    name: 'exchange/ExchangeHistory',
    access: 'user-create',
    component: lazy(() => import('./ExchangePage')),
  },
];
