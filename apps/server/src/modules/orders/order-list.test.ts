import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/index.js';

/** The `/order/` route passes its query parameters as the filter and reads `sort`. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('order/list filter and sort', () => {
  it('filters by the order flags of docs/spec/04-states.md, as booleans or as a query string writes them', async () => {
    const dealer = await t.as('dealer');
    const all = await dealer.ok('order/list', { size: -1 });
    const paid = await dealer.ok('order/list', { size: -1, filter: { isPayment: 'Y' } });
    const unpaid = await dealer.ok('order/list', { size: -1, filter: { isPayment: false } });
    expect(paid.count + unpaid.count).toBe(all.count);
    expect(paid.items.every((o) => o.isPayment)).toBe(true);
    expect(unpaid.items.every((o) => !o.isPayment)).toBe(true);
    const canceled = await dealer.ok('order/list', { size: -1, filter: { isCanceled: 'true' } });
    expect(canceled.items.every((o) => o.isCanceled)).toBe(true);
  });

  it('answers an unknown filter parameter with a 400 naming it, never a 500', async () => {
    const dealer = await t.as('dealer');
    const r = await dealer.call('order/list', { filter: { utm_source: 'mail' } } as never);
    expect(r.status).toBe(400);
    expect(r.body.error).toBe('VALIDATION');
    expect(Object.keys(r.body.fields ?? {}).join()).toMatch(/utm_source|filter/);
    expect((await dealer.call('order/list', { filter: { isPayment: 'maybe' } } as never)).status).toBe(400);
  });

  it('sorts by the price both ways', async () => {
    const dealer = await t.as('dealer');
    const up = (await dealer.ok('order/list', { size: -1, sort: { PRICE: 'ASC' } })).items.map((o) => o.price);
    const down = (await dealer.ok('order/list', { size: -1, sort: { PRICE: 'DESC' } })).items.map((o) => o.price);
    expect(up.length).toBeGreaterThan(1);
    expect(up).toEqual([...up].sort((a, b) => a - b));
    expect(down).toEqual([...up].reverse());
  });
});
