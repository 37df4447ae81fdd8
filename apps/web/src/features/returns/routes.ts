import { lazy } from 'react';
import type { PortalRoute } from '../../lib/routing';

export const returnsRoutes: PortalRoute[] = [
  {
    path: '/returns/',
    name: 'returns/ReturnList',
    access: 'returns-fetch',
    component: lazy(() => import('./ReturnsPage')),
    children: [
      {
        path: '/returns/orders/',
        name: 'returns/ReturnOrders',
        access: 'returns-fetch',
        component: lazy(() => import('./ReturnOrdersDialog')),
      },
    ],
  },
  {
    path: '/returns/:id/',
    name: 'returns/ReturnDetail',
    access: 'returns-fetch',
    numericParams: ['id'],
    component: lazy(() => import('./ReturnDetailPage')),
    children: [
      {
        path: '/returns/:id/comment/',
        name: 'returns/ReturnComment',
        access: 'comment-create',
        numericParams: ['id'],
        component: lazy(() => import('./CommentDialog')),
      },
    ],
  },
  {
    path: '/comment/:id/',
    name: 'returns/CommentDetail',
    access: 'comment-fetch',
    numericParams: ['id'],
    component: lazy(() => import('./CommentPage')),
  },
];

/**
 * `/order/{id}/returns/{product?}/`: the returns dialog over the order detail, prefilled with the order and
 * product (docs/spec/02-screens.md). The app puts it among the order detail's dialogs (features never import each other).
 */
export const orderReturnRoute: PortalRoute = {
  path: '/order/:id/returns/:product?/',
  name: 'returns/OrderReturn',
  access: 'order/items/returns',
  numericParams: ['id', 'product'],
  component: lazy(() => import('./ReturnCreatePage')),
};
