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
  {
    path: '/order/:id/returns/:product?/',
    name: 'returns/OrderReturn',
    access: 'order/items/returns',
    numericParams: ['id', 'product'],
    component: lazy(() => import('./ReturnCreatePage')),
  },
];
