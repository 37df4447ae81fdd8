import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../lib/i18n';
import QuickSearch from './QuickSearch';

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify({ result: { count: 0, items: [] } }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
    ),
  );
});
afterEach(() => vi.unstubAllGlobals());

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname + location.search}</output>;
}

/** The top bar's search over changing screens, as in the app: the frame stays, the screen below changes. */
function renderAt(url: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const frame = (
    <>
      <QuickSearch />
      <Where />
    </>
  );
  const router = createMemoryRouter(
    [
      { path: '/', element: frame },
      { path: '/search/', element: frame },
      { path: '/search/:view/', element: frame },
      { path: '/catalog/', element: frame },
    ],
    { initialEntries: [url] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const field = () => screen.getByTestId('quick-search');

describe('the top bar’s search', () => {
  it('keeps the query after Enter: the results’ screen shows it in the field', async () => {
    renderAt('/');
    await userEvent.type(field(), 'RE504836{Enter}');
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/search/?search=RE504836'));
    expect(field()).toHaveValue('RE504836');
  });

  it('shows the query of results opened by a link, and follows Back to other results', async () => {
    const router = renderAt('/search/?search=LF3349');
    expect(field()).toHaveValue('LF3349');
    await act(() => router.navigate('/search/list/?search=6005-028-743'));
    expect(field()).toHaveValue('6005-028-743');
    await act(() => router.navigate(-1));
    expect(field()).toHaveValue('LF3349');
    // Leaving the results keeps what was asked, ready to be changed.
    await act(() => router.navigate('/catalog/'));
    expect(field()).toHaveValue('LF3349');
  });
});
