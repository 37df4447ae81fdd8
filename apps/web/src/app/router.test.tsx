import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { lazy } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import '../lib/i18n';
import type { PortalRoute } from '../lib/routing';
import { buildRouteTree } from './router';

const screenSaying = (text: string) => lazy(async () => ({ default: () => <p>{text}</p> }));

const ROUTES: PortalRoute[] = [
  {
    path: '/order/:id/',
    name: 'order/Detail',
    access: 'public',
    numericParams: ['id'],
    component: screenSaying('заказ'),
  },
  {
    path: '/odd/',
    name: 'odd/Screen',
    access: 'public',
    layout: 'no-such-layout',
    component: screenSaying('странный'),
  },
  {
    path: '/prefetched/',
    name: 'prefetched/Screen',
    access: 'public',
    layout: 'print',
    prefetch: () => undefined,
    component: screenSaying('с загрузкой'),
  },
  { path: '/404', name: 'errors/NotFound', access: 'public', component: screenSaying('не найдено') },
];

function renderAt(url: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(buildRouteTree(ROUTES, client), { initialEntries: [url] });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('the route tree', () => {
  it('opens a route whose id is digits', async () => {
    renderAt('/order/15/');
    expect(await screen.findByText('заказ')).toBeInTheDocument();
  });

  it('sends a non-numeric id to /404 (docs/spec/02-screens.md: route ids are digits only)', async () => {
    const router = renderAt('/order/abc/');
    expect(await screen.findByText('не найдено')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/404');
  });

  it('sends an unknown route to /404', async () => {
    const router = renderAt('/nowhere/at/all');
    expect(await screen.findByText('не найдено')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/404');
  });

  it('shows a warning naming an unknown layout instead of the screen', async () => {
    renderAt('/odd/');
    expect(await screen.findByRole('alert')).toHaveTextContent('неизвестный макет «no-such-layout»');
    expect(screen.queryByText('странный')).not.toBeInTheDocument();
  });

  it('has a HydrateFallback while the first route loader runs: no router warning', async () => {
    const warn = vi.spyOn(console, 'warn');
    const error = vi.spyOn(console, 'error');
    renderAt('/prefetched/');
    expect(await screen.findByText('с загрузкой')).toBeInTheDocument();
    const said = [...warn.mock.calls, ...error.mock.calls].map((c) => c.map(String).join(' '));
    expect(said.filter((line) => /HydrateFallback/.test(line))).toEqual([]);
    warn.mockRestore();
    error.mockRestore();
  });
});
