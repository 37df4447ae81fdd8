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
    // Dialogs over the order detail (docs/spec/02-screens.md); the returns feature adds its dialog here (app/routes.ts).
    children: [
      {
        path: '/order/:id/corrective',
        name: 'order/OrderCorrective',
        access: 'order/items/corrective',
        numericParams: ['id'],
        component: lazy(() => import('./CorrectionDialog')),
      },
    ],
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
    path: '/bill/:id/print/',
    name: 'bill/BillPrint',
    access: 'bill-fetch',
    numericParams: ['id'],
    layout: 'print',
    component: lazy(() => import('./BillPrintPage')),
  },
  // The supplier's order desk: staff — administrators and employees (decision 193), its own lazy chunks.
  // `comment-create` is the staff-only permission (docs/spec/06-roles.md), as the staff's return comments use it.
  {
    path: '/desk/order/',
    name: 'desk/OrderList',
    access: 'comment-create',
    component: lazy(() => import('./desk/DeskOrderListPage')),
  },
  {
    path: '/desk/order/:id/',
    name: 'desk/OrderDetail',
    access: 'comment-create',
    numericParams: ['id'],
    component: lazy(() => import('./desk/DeskOrderPage')),
  },
];
