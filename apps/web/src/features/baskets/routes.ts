import { lazy } from 'react';
import type { PortalRoute } from '../../lib/routing';
import { basketItemsQuery, basketQuery } from './api';

export const basketRoutes: PortalRoute[] = [
  {
    path: '/basket/',
    name: 'basket/BasketList',
    access: 'basket/items',
    component: lazy(() => import('./BasketListPage')),
  },
  {
    path: '/basket/create/',
    name: 'basket/BasketCreate',
    access: 'basket/items',
    component: lazy(() => import('./QuickOrderPage')),
  },
  {
    path: '/basket/xml',
    name: 'basket/BasketXml',
    access: 'basket/items',
    component: lazy(() => import('./ImportPage')),
  },
  {
    path: '/basket/:id/',
    name: 'basket/BasketDetail',
    access: 'basket/items',
    numericParams: ['id'],
    component: lazy(() => import('./BasketPage')),
    prefetch: ({ id }, client) => {
      void client.prefetchQuery(basketQuery(Number(id)));
      void client.prefetchQuery(basketItemsQuery(Number(id)));
    },
  },
  {
    path: '/basket/:id/print/',
    name: 'basket/BasketPrint',
    access: 'basket/items',
    numericParams: ['id'],
    layout: 'print',
    component: lazy(() => import('./BasketPrintPage')),
  },
];
