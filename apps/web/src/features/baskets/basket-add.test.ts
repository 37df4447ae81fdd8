import type { Basket } from '@portal/contract';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { applyBasket, basketItemsQuery, basketKeys, basketQuery } from './api';

const basket = (id: number, count: number, value: number): Basket => ({
  id,
  name: `Корзина ${id}`,
  createdAt: '2026-11-01T00:00:00.000Z',
  currency: 'RUB',
  count,
  totals: [{ value, currency: 'RUB' }],
  weightKg: 0,
  volumeM3: 0,
});

function loaded() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(basketItemsQuery(7).queryKey, { count: 1, items: [], stores: [] });
  client.setQueryData(basketItemsQuery(8).queryKey, { count: 1, items: [], stores: [] });
  client.setQueryData(basketQuery(7).queryKey, basket(7, 1, 100));
  client.setQueryData(basketKeys.list(), { count: 2, items: [basket(7, 1, 100), basket(8, 1, 5)] });
  return client;
}

describe('an add to a basket uses the basket the server answers with', () => {
  it('puts it into the basket and the basket list, and marks only its lines stale', () => {
    const client = loaded();
    applyBasket(client, basket(7, 3, 450));
    expect(client.getQueryData(basketQuery(7).queryKey)).toEqual(basket(7, 3, 450));
    expect(client.getQueryData(basketKeys.list())).toEqual({ count: 2, items: [basket(7, 3, 450), basket(8, 1, 5)] });
    const state = (key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated;
    // The top bar's widget reads the list: it is not fetched again.
    expect(state(basketKeys.list())).toBe(false);
    expect(state(basketQuery(7).queryKey)).toBe(false);
    expect(state(basketItemsQuery(7).queryKey)).toBe(true);
    expect(state(basketItemsQuery(8).queryKey)).toBe(false);
  });

  it('fetches the list again when the basket is not in it yet (a basket just made)', () => {
    const client = loaded();
    applyBasket(client, basket(9, 1, 20));
    expect(client.getQueryData(basketQuery(9).queryKey)).toEqual(basket(9, 1, 20));
    expect(client.getQueryState(basketKeys.list())?.isInvalidated).toBe(true);
  });
});
