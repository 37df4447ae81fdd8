import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../lib/i18n';
import BasketPage from './BasketPage';

/** A basket of `n` lines as `basket-item/list` answers it. */
const linesOf = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    id: i + 1,
    basket: 3,
    order: null,
    product: i + 1,
    productName: `Фильтр ${i + 1}`,
    article: `ART-${String(i + 1).padStart(4, '0')}`,
    brand: 'Fleetguard',
    amount: 1,
    minQuantity: 1,
    priceBuy: { value: 100, currency: 'RUB' },
    sum: { value: 100, currency: 'RUB' },
    measureCode: '796',
    measureName: 'шт',
    stores: [],
  }));

let lines: ReturnType<typeof linesOf> = [];
beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const name = /\/rest\/([^?]+)/.exec(url)?.[1] ?? '';
      const result =
        name === 'basket/get'
          ? {
              id: 3,
              name: 'Большая корзина',
              createdAt: '2026-11-01T10:00:00.000Z',
              currency: 'RUB',
              count: lines.length,
              totals: [{ value: 100 * lines.length, currency: 'RUB' }],
              weightKg: 0,
              volumeM3: 0,
            }
          : { count: lines.length, items: lines, stores: [] };
      return new Response(JSON.stringify({ result }), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

function renderBasket() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/basket/3/']}>
        <Routes>
          <Route path="/basket/:id/" element={<BasketPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('a basket of 1,000 lines (decision 222)', () => {
  it('shows 50 lines and the totals, and with «Все» renders only the rows near the view', async () => {
    lines = linesOf(1000);
    renderBasket();
    expect(await screen.findAllByTestId('basket-line')).toHaveLength(50);
    expect(screen.getByTestId('basket-totals')).toHaveTextContent('1000');
    fireEvent.mouseDown(screen.getByRole('combobox'));
    fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Все' }));
    const shown = await screen.findAllByTestId('basket-line');
    // The first lines are there; the other 900-odd are a spacer row of their height, not 1,000 rows.
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.length).toBeLessThan(100);
    expect(shown[0]).toHaveTextContent('ART-0001');
    expect(screen.getByText('1–1000 из 1000')).toBeInTheDocument();
    // Rendering MUI rows in jsdom on a busy machine takes seconds.
  }, 120_000);

  it('renders every line of a short basket with «Все»', async () => {
    lines = linesOf(60);
    renderBasket();
    expect(await screen.findAllByTestId('basket-line')).toHaveLength(50);
    fireEvent.mouseDown(screen.getByRole('combobox'));
    fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Все' }));
    expect(await screen.findAllByTestId('basket-line')).toHaveLength(60);
  }, 120_000);
});
