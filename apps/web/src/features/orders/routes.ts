import { lazy } from 'react';
import type { PortalRoute } from '../../lib/routing';

export const orderRoutes: PortalRoute[] = [
  { path: '/order/', name: 'order/OrderList', access: 'order-fetch', component: lazy(() => import('./OrderListPage')) },
  {
    path: '/order/create/',
    name: 'order/OrderCreate',
    access: 'order-create',
    component: lazy(() => import('./CheckoutPage')),
  },
  {
    path: '/order/:id/',
    name: 'order/OrderDetail',
    access: 'order-fetch',
    numericParams: ['id'],
    component: lazy(() => import('./OrderPage')),
  },
  {
    path: '/order/:id/print/',
    name: 'order/OrderPrint',
    access: 'order-fetch',
    numericParams: ['id'],
    layout: 'print',
    component: lazy(() => import('./OrderPrintPage')),
  },
  {
    path: '/order/:id/corrective',
    name: 'order/OrderCorrective',
    access: 'order/items/corrective',
    numericParams: ['id'],
    component: lazy(() => import('./CorrectivePage')),
  },
  {
    path: '/bill/:id/print/',
    name: 'bill/BillPrint',
    access: 'bill-fetch',
    numericParams: ['id'],
    layout: 'print',
    component: lazy(() => import('./BillPrintPage')),
  },
];
