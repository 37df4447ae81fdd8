import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/database.js';
import { createTestApp, type TestApp, type TestClient } from '../../testing/index.js';
import { newProduct } from './testing.js';

describe('basket/* and basket-item/*', () => {
  let t: TestApp;
  let db: Db;
  let dealer: TestClient;
  let dealer2: TestClient;
  let basketId: number;
  beforeAll(async () => {
    t = await createTestApp();
    db = (t.app as unknown as { portal: { database: { db: Db } } }).portal.database.db;
    dealer = await t.as('dealer');
    dealer2 = await t.as('dealer2');
    basketId = (await dealer.ok('basket/create', { name: 'Тестовая' })).id;
  });
  afterAll(() => t.close());

  it('rejects anonymous and the wrong role', async () => {
    const anon = t.client();
    for (const name of ['basket/list', 'basket-item/list', 'basket/resolve'] as const) {
      expect((await anon.call(name, {} as never)).status).toBe(401);
    }
    const employee = await t.as('employee');
    expect((await employee.call('basket/list', {})).status).toBe(403);
    expect((await employee.call('basket/create', {})).status).toBe(403);
    expect((await employee.call('basket-item/create', { basket: basketId, product: 1, amount: 1 })).status).toBe(403);
  });

  it('creates, lists, gets and deletes baskets; the newest comes first', async () => {
    const b = await dealer.ok('basket/create', {});
    const list = await dealer.ok('basket/list', { size: -1 });
    expect(list.items[0]?.id).toBe(b.id);
    expect((await dealer.ok('basket/get', { id: b.id })).count).toBe(0);
    expect((await dealer.ok('basket/get-fields', { id: b.id })).fields[0]?.id).toBe('name');
    await dealer.ok('basket/delete', { id: b.id });
    expect((await dealer.call('basket/get', { id: b.id })).status).toBe(404);
  });

  it('adds a line, updates it, and a quantity below 1 deletes it (docs/spec/04-states.md)', async () => {
    const p = await newProduct(db, { price: 250.5 });
    const item = await dealer.ok('basket-item/create', { basket: basketId, product: p.id, amount: 2 });
    expect(item.amount).toBe(2);
    expect(item.priceBuy).toEqual({ value: 250.5, currency: 'RUB' });
    expect(item.sum?.value).toBe(501);
    // Adding a product that has a line updates it.
    const again = await dealer.ok('basket-item/create', { basket: basketId, product: p.id, amount: 5 });
    expect(again.id).toBe(item.id);
    expect(again.amount).toBe(5);
    const updated = await dealer.ok('basket-item/update', { id: item.id, amount: 7 });
    expect(updated.item?.amount).toBe(7);
    const basket = await dealer.ok('basket/get', { id: basketId });
    expect(basket.totals).toEqual([{ currency: 'RUB', value: 1753.5 }]);
    expect(basket.weightKg).toBeCloseTo(10.5);
    const list = await dealer.ok('basket-item/list', { size: -1, filter: { basket: basketId } });
    expect(list.items.map((i) => i.id)).toContain(item.id);
    // Warehouses are named once per answer; every line's warehouse ids are among them.
    const named = new Set(list.stores.map((s) => s.id));
    expect(list.stores.length).toBe(named.size);
    for (const line of list.items) for (const s of line.stores) expect(named.has(s.id)).toBe(true);
    expect((await dealer.ok('basket-item/get', { id: item.id })).product).toBe(p.id);
    expect((await dealer.ok('basket-item/update', { id: item.id, amount: 0 })).deleted).toBe(true);
    expect((await dealer.call('basket-item/get', { id: item.id })).status).toBe(404);
  });

  it('refuses bad quantities with clear messages', async () => {
    const p = await newProduct(db);
    for (const [amount, text] of [
      [-1, 'Количество должно быть от 1 до 10000'],
      [1.5, 'Введите целое число'],
      [10001, 'Количество должно быть от 1 до 10000'],
      ['abc', 'Введите число'],
    ] as const) {
      const r = await dealer.call('basket-item/create', { basket: basketId, product: p.id, amount: amount as number });
      expect(r.status).toBe(400);
      expect(r.body.fields?.amount).toBe(text);
    }
    const item = await dealer.ok('basket-item/create', { basket: basketId, product: p.id, amount: 1 });
    expect((await dealer.call('basket-item/update', { id: item.id, amount: 2.5 })).status).toBe(400);
    expect((await dealer.call('basket-item/update', { id: item.id, amount: 1e9 })).status).toBe(400);
    expect(
      (await dealer.call('basket-item/create', { basket: basketId, product: p.id, amount: 1, price: 1 } as never))
        .status,
    ).toBe(400);
  });

  it('says which product could not be added', async () => {
    const inactive = await newProduct(db, { active: false });
    const r = await dealer.call('basket-item/create', { basket: basketId, product: inactive.id, amount: 1 });
    expect(r.status).toBe(400);
    expect(r.body.error_description).toMatch(/^Не удалось добавить: /);
    const noPrice = await newProduct(db, { noPrice: true });
    const added = await dealer.ok('basket/add', {
      id: basketId,
      fields: [
        { product: noPrice.id, quantity: 1 },
        { product: 999999, quantity: 1 },
      ],
    });
    expect(added.failed.map((f) => f.product).sort()).toEqual([noPrice.id, 999999].sort());
    const factor = await newProduct(db, { measureFactor: 5 });
    const bad = await dealer.ok('basket/add', { id: basketId, fields: [{ product: factor.id, quantity: 3 }] });
    expect(bad.failed[0]?.reason).toBe('Количество должно быть кратно 5');
  });

  it('hides another dealer’s basket and lines exactly like missing ones', async () => {
    const p = await newProduct(db);
    const item = await dealer.ok('basket-item/create', { basket: basketId, product: p.id, amount: 1 });
    const missing = await dealer2.call('basket/get', { id: 999999 });
    for (const call of [
      dealer2.call('basket/get', { id: basketId }),
      dealer2.call('basket/delete', { id: basketId }),
      dealer2.call('basket/get-fields', { id: basketId }),
      dealer2.call('basket/add', { id: basketId, fields: [{ product: p.id, quantity: 1 }] }),
      dealer2.call('basket-item/list', { filter: { basket: basketId } }),
      dealer2.call('basket-item/get', { id: item.id }),
      dealer2.call('basket-item/update', { id: item.id, amount: 3 }),
      dealer2.call('basket-item/delete', { id: item.id }),
      dealer2.call('basket-item/create', { basket: basketId, product: p.id, amount: 1 }),
    ]) {
      const r = await call;
      expect(r.status).toBe(404);
      expect(r.body).toEqual(missing.body);
    }
    expect((await dealer.ok('basket-item/get', { id: item.id })).amount).toBe(1);
  });

  it('two tabs adding the same product at once lose no update', async () => {
    const p = await newProduct(db);
    const tab2 = await t.as('dealer');
    await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        (i % 2 ? dealer : tab2).ok('basket/add', { id: basketId, fields: [{ product: p.id, quantity: 1 }] }),
      ),
    );
    const items = await dealer.ok('basket-item/list', { size: -1, filter: { basket: basketId } });
    expect(items.items.find((i) => i.product === p.id)?.amount).toBe(10);
  });

  it('resolves pasted part numbers: found, several, not found, invalid', async () => {
    const a = await newProduct(db, { article: 'AB-1234-X' });
    const s1 = await newProduct(db, { article: 'DUP 777' });
    const s2 = await newProduct(db, { article: 'DUP-777' });
    const result = await dealer.ok('basket/resolve', {
      text: `ab1234x 3\nDUP777\t2\nNOPE-0000;1\n\n-/- 4\n`,
    });
    expect(result.lines.map((l) => l.status)).toEqual(['found', 'several', 'notFound', 'invalid']);
    expect(result.lines[0]?.candidates[0]?.productId).toBe(a.id);
    expect(result.lines[0]?.quantity).toBe(3);
    expect(result.lines[1]?.candidates.map((c) => c.productId).sort()).toEqual([s1.id, s2.id].sort());
    expect(result.lines[3]).toMatchObject({ row: 5, message: 'error.lineArticle' });
  });

  it('finds a known part whose quantity is not understood and asks for the quantity (decision 191)', async () => {
    const a = await newProduct(db, { article: 'QF-3349' });
    const result = await dealer.ok('basket/resolve', {
      text: `QF3349 abc\n${a.article} -5\n${a.article};пять\nQF3349 2 шт\nNOPE-9999 abc\n6005 028 743 x`,
    });
    const view = result.lines.map((l) => [l.row, l.article, l.status, l.quantity, l.message, l.quantityText]);
    expect(view).toEqual([
      [1, 'QF3349', 'found', null, 'validation.number', 'abc'],
      [2, 'QF-3349', 'found', null, 'validation.quantityRange', '-5'],
      [3, 'QF-3349', 'found', null, 'validation.number', 'пять'],
      [4, 'QF3349', 'found', 2, undefined, undefined],
      [5, 'NOPE-9999 abc', 'notFound', 1, undefined, undefined],
      [6, '6005 028 743', 'found', null, 'validation.number', 'x'],
    ]);
    expect(result.lines.slice(0, 4).every((l) => l.candidates[0]?.productId === a.id)).toBe(true);
    expect([result.found, result.notFound, result.invalid]).toEqual([5, 1, 0]);
  });

  it('repeats an order into a new basket', async () => {
    // A portal order: one placed in 1C is not repeated (decision 202).
    const orders = await dealer.ok('order/list', { size: 1, filter: { from1C: false } });
    const order = orders.items[0]!;
    const r = await dealer.ok('basket/repeat', { order: order.id });
    expect(r.added).toBeGreaterThan(0);
    expect(r.basket.count).toBe(r.added);
    const other = await dealer2.call('basket/repeat', { order: order.id });
    expect(other.status).toBe(404);
  });
});
