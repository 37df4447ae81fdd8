import { lazy } from 'react';
import type { PortalRoute } from '../../lib/routing';

const SectionPage = lazy(() => import('./SectionPage'));
const ProductPage = lazy(() => import('./ProductPage'));
const SearchPage = lazy(() => import('./SearchPage'));

export const catalogRoutes: PortalRoute[] = [
  { path: '/catalog/', name: 'catalog/CatalogList', access: 'auth', component: lazy(() => import('./CatalogPage')) },
  { path: '/catalog/:id/', name: 'catalog/Section', access: 'auth', component: SectionPage, numericParams: ['id'] },
  {
    path: '/catalog/:id/:view/',
    name: 'catalog/SectionView',
    access: 'auth',
    component: SectionPage,
    numericParams: ['id'],
  },
  {
    path: '/catalog/:section/product/:id/',
    name: 'catalog/Product',
    access: 'auth',
    component: ProductPage,
    numericParams: ['section', 'id'],
  },
  { path: '/product/:id', name: 'catalog/ProductById', access: 'auth', component: ProductPage, numericParams: ['id'] },
  // docs/spec/02-screens.md `/catalog/{section?}/product/{id}/`: without the section too.
  {
    path: '/catalog/product/:id/',
    name: 'catalog/ProductNoSection',
    access: 'auth',
    component: ProductPage,
    numericParams: ['id'],
  },
  { path: '/search/', name: 'catalog/Search', access: 'auth', component: SearchPage },
  { path: '/search/:view/', name: 'catalog/SearchView', access: 'auth', component: SearchPage },
  { path: '/favorites/', name: 'catalog/Favorites', access: 'auth', component: lazy(() => import('./FavoritesPage')) },
  { path: '/price-list/', name: 'catalog/PriceList', access: 'auth', component: lazy(() => import('./PriceListPage')) },
  {
    path: '/user/:id/pricing',
    name: 'catalog/Pricing',
    access: 'auth',
    component: lazy(() => import('./PricingPage')),
    numericParams: ['id'],
  },
];
