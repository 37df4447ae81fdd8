import type { BasketItem, ShortLine } from '@portal/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { SnackbarProvider } from 'notistack';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../../lib/i18n';
import { basketAlternativesQuery, basketItemsQuery } from '../api';
import { AlternativesDialog } from './AlternativesDialog';

const line = (id: number, product: number, article: string, amount: number): BasketItem => ({
  id,
  basket: 3,
  order: null,
  product,
  productName: `Фильтр ${article}`,
  article,
  brand: 'Mann-Filter',
  amount,
  priceBuy: { value: 100, currency: 'RUB' },
  sum: { value: 100 * amount, currency: 'RUB' },
  measureCode: '796',
  measureName: 'шт',
  measureFactor: 1,
  availability: 'Y',
  stock: 2,
  stores: [],
  weightKg: null,
  volumeM3: null,
  minQuantity: 0,
});
const short: ShortLine = {
  line: 1,
  product: 10,
  amount: 8,
  stock: 2,
  missing: 6,
  measureFactor: 1,
  alternatives: [
    {
      productId: 20,
      name: 'Фильтр масляный',
      article: 'LF3349',
      brand: 'Fleetguard',
      kind: 'ANALOGUE',
      chain: [],
      ratio: 1,
      price: { value: 90, currency: 'RUB' },
      stock: 60,
      measureFactor: 1,
    },
  ],
};

const calls: Array<{ name: string; body: unknown }> = [];
beforeEach(() => {
  calls.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const name = /\/rest\/([^?]+)/.exec(url)?.[1] ?? '';
      calls.push({ name, body: JSON.parse(String(init.body)) });
      const result =
        name === 'basket-item/split'
          ? { item: line(1, 10, 'W 950/26', 2), added: line(2, 20, 'LF3349', 6) }
          : name === 'basket-item/swap'
            ? { removed: 1, item: line(2, 20, 'LF3349', 8) }
            : { items: [] };
      return new Response(JSON.stringify({ result }), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

function setUp() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(basketItemsQuery(3).queryKey, {
    count: 1,
    items: [line(1, 10, 'W 950/26', 8)],
    stores: [],
  });
  client.setQueryData(basketAlternativesQuery(3).queryKey, { items: [short] });
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={client}>
      <SnackbarProvider>
        <AlternativesDialog basketId={3} item={line(1, 10, 'W 950/26', 8)} short={short} onClose={onClose} />
      </SnackbarProvider>
    </QueryClientProvider>,
  );
  return { client, onClose };
}

describe('the alternatives of a short line (decision 206)', () => {
  it('swaps the line: the answer replaces it in the basket’s lines', async () => {
    const { client, onClose } = setUp();
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText(/не хватает 6 шт/)).toBeTruthy();
    expect(within(dialog).getByText('Аналог')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Заменить: 8 шт.' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.find((c) => c.name === 'basket-item/swap')?.body).toEqual({ id: 1, product: 20 });
    const lines = client.getQueryData(basketItemsQuery(3).queryKey)!;
    expect(lines.items.map((i) => [i.article, i.amount])).toEqual([['LF3349', 8]]);
  });

  it('splits the line: what is in stock stays, the rest joins as the alternative', async () => {
    const { client, onClose } = setUp();
    fireEvent.click(screen.getByRole('button', { name: 'Разделить: 2 шт. этого + 6 шт. замены' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const lines = client.getQueryData(basketItemsQuery(3).queryKey)!;
    expect(lines.items.map((i) => [i.article, i.amount])).toEqual([
      ['W 950/26', 2],
      ['LF3349', 6],
    ]);
  });
});
