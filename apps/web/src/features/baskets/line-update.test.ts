import type { Basket, BasketItem } from '@portal/contract';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { applyBasket, applyLineUpdate, basketItemsQuery, basketKeys, basketQuery } from './api';

const line = (id: number, amount: number, price: number, weightKg: number | null): BasketItem => ({
  id,
  basket: 7,
  order: null,
  product: 100 + id,
  productName: `Товар ${id}`,
  article: `A-${id}`,
  brand: '',
  amount,
  priceBuy: { value: price, currency: 'RUB' },
  sum: { value: Math.round(price * amount * 100) / 100, currency: 'RUB' },
  measureCode: '796',
  measureName: 'шт',
  measureFactor: 1,
  availability: 'Y',
  stock: 10,
  stores: [],
  weightKg,
  volumeM3: null,
  minQuantity: 0,
});

const basket = (id: number, count: number, value: number, weightKg: number): Basket => ({
  id,
  name: `Корзина ${id}`,
  createdAt: '2026-11-01T00:00:00.000Z',
  currency: 'RUB',
  count,
  totals: [{ value, currency: 'RUB' }],
  weightKg,
  volumeM3: 0,
});

function loaded() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const lines = [line(1, 2, 100.5, 1.5), line(2, 1, 10, null)];
  client.setQueryData(basketItemsQuery(7).queryKey, { count: 2, items: lines, stores: [] });
  client.setQueryData(basketQuery(7).queryKey, basket(7, 2, 211, 3));
  client.setQueryData(basketKeys.list(), { count: 2, items: [basket(7, 2, 211, 3), basket(8, 1, 5, 0)] });
  return client;
}

describe('a quantity change on the basket screen', () => {
  it('takes the line from the answer and the totals from the lines, fetching nothing', () => {
    const client = loaded();
    const before = client
      .getQueryCache()
      .getAll()
      .map((q) => q.state.dataUpdateCount);

    expect(applyLineUpdate(client, 7, 1, { deleted: false, item: line(1, 5, 100.5, 1.5) })).toBe(true);

    const items = client.getQueryData(basketItemsQuery(7).queryKey)!.items;
    expect(items.map((l) => [l.id, l.amount])).toEqual([
      [1, 5],
      [2, 1],
    ]);
    const expected = { count: 2, totals: [{ value: 512.5, currency: 'RUB' }], weightKg: 7.5 };
    expect(client.getQueryData(basketQuery(7).queryKey)).toMatchObject(expected);
    const list = client.getQueryData<{ items: Basket[] }>(basketKeys.list())!;
    expect(list.items[0]).toMatchObject(expected);
    expect(list.items[1]).toEqual(basket(8, 1, 5, 0));
    // Nothing was invalidated or refetched: every query was only written to.
    const queries = client.getQueryCache().getAll();
    expect(queries.every((q) => !q.state.isInvalidated && q.state.fetchStatus === 'idle')).toBe(true);
    expect(queries.map((q) => q.state.dataUpdateCount)).toEqual(before.map((n) => n + 1));
  });

  it('drops a line the answer says was deleted and recounts the basket', () => {
    const client = loaded();
    applyLineUpdate(client, 7, 2, { deleted: true, item: null });
    expect(client.getQueryData(basketItemsQuery(7).queryKey)!.items.map((l) => l.id)).toEqual([1]);
    expect(client.getQueryData(basketQuery(7).queryKey)).toMatchObject({
      count: 1,
      totals: [{ value: 201, currency: 'RUB' }],
      weightKg: 3,
    });
  });

  it('tells the caller to refetch when the lines are not loaded', () => {
    const client = new QueryClient();
    expect(applyLineUpdate(client, 7, 1, { deleted: false, item: line(1, 5, 1, null) })).toBe(false);
  });
});

describe('an add to a basket uses the basket the server answers with', () => {
  it('puts it into the basket and the basket list, and marks only its lines stale', () => {
    const client = loaded();
    client.setQueryData(basketItemsQuery(8).queryKey, { count: 0, items: [], stores: [] });
    applyBasket(client, basket(7, 3, 450, 3));
    expect(client.getQueryData(basketQuery(7).queryKey)).toEqual(basket(7, 3, 450, 3));
    expect(client.getQueryData(basketKeys.list())).toEqual({
      count: 2,
      items: [basket(7, 3, 450, 3), basket(8, 1, 5, 0)],
    });
    const state = (key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated;
    // The top bar's widget reads the list: it is not fetched again.
    expect(state(basketKeys.list())).toBe(false);
    expect(state(basketQuery(7).queryKey)).toBe(false);
    expect(state(basketItemsQuery(7).queryKey)).toBe(true);
    expect(state(basketItemsQuery(8).queryKey)).toBe(false);
  });

  it('fetches the list again when the basket is not in it yet (a basket just made)', () => {
    const client = loaded();
    applyBasket(client, basket(9, 1, 20, 0));
    expect(client.getQueryData(basketQuery(9).queryKey)).toEqual(basket(9, 1, 20, 0));
    expect(client.getQueryState(basketKeys.list())?.isInvalidated).toBe(true);
  });
});
