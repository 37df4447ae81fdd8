import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../lib/i18n';
import BasketPrintPage from './BasketPrintPage';

let lines: unknown[] = [];
beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const name = /\/rest\/([^?]+)/.exec(url)?.[1] ?? '';
      const result =
        name === 'basket/get'
          ? {
              id: 3,
              name: 'Весенний заказ',
              createdAt: '2026-11-01T10:00:00.000Z',
              currency: 'RUB',
              count: lines.length,
              totals: lines.length ? [{ value: 2400, currency: 'RUB' }] : [],
              weightKg: 0,
              volumeM3: 0,
            }
          : { count: lines.length, items: lines, stores: [] };
      return new Response(JSON.stringify({ result }), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

function renderPrint() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/basket/3/print/']}>
        <Routes>
          <Route path="/basket/:id/print/" element={<BasketPrintPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('a printed basket', () => {
  it('says «Корзина пуста» when empty, with no table and no totals', async () => {
    lines = [];
    renderPrint();
    expect(await screen.findByText('Корзина пуста')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByText(/Итого|Сумма/)).toBeNull();
  });

  it('prints the lines of a basket that has some', async () => {
    lines = [
      {
        id: 31,
        basket: 3,
        order: null,
        product: 9,
        productName: 'Фильтр масляный',
        article: 'LF3349',
        brand: 'Fleetguard',
        amount: 2,
        priceBuy: { value: 1200, currency: 'RUB' },
        sum: { value: 2400, currency: 'RUB' },
        measureCode: '796',
        measureName: 'шт',
      },
    ];
    renderPrint();
    expect(await screen.findByRole('table')).toHaveTextContent('LF3349');
    expect(screen.queryByText('Корзина пуста')).toBeNull();
  });
});
