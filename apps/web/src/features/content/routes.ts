import { lazy } from 'react';
import type { PortalRoute } from '../../lib/routing';

export const contentRoutes: PortalRoute[] = [
  { path: '/news/', name: 'news/NewsList', access: 'auth', component: lazy(() => import('./NewsListPage')) },
  {
    path: '/news/:id/:token?/',
    name: 'news/NewsDetail',
    access: 'auth',
    numericParams: ['id'],
    component: lazy(() => import('./NewsDetailPage')),
  },
  { path: '/question/', name: 'question/QuestionList', access: 'auth', component: lazy(() => import('./FaqPage')) },
  {
    path: '/department/',
    name: 'department/DepartmentList',
    access: 'auth',
    component: lazy(() => import('./ContactsPage')),
  },
  {
    path: '/storage/',
    name: 'storage/StorageList',
    access: 'auth',
    component: lazy(() => import('./StorageListPage')),
  },
  {
    // docs/spec/02-screens.md: an optional token parameter is read (a link with one opens the warehouse like a shared one).
    path: '/storage/:id/:token?/',
    name: 'storage/StorageDetail',
    access: 'auth',
    numericParams: ['id'],
    component: lazy(() => import('./StorageDetailPage')),
  },
];

/** The generic content page '/{path}': it must stay the last route before the 404 catch-all. */
export const contentPageRoutes: PortalRoute[] = [
  { path: '/:path', name: 'page/Page', access: 'auth', component: lazy(() => import('./ContentPage')) },
];
