import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/database.js';
import { createTestApp, type TestApp, type TestClient } from '../../testing/index.js';
import { newProduct } from '../baskets/testing.js';
import { numberInWords, sumInWords } from './words.js';

describe('sum in words', () => {
  it('writes Russian sums as a bill needs them', () => {
    expect(sumInWords(1200.5)).toBe('Одна тысяча двести рублей 50 копеек');
    expect(sumInWords(21)).toBe('Двадцать один рубль 00 копеек');
    expect(sumInWords(2_000_001.02)).toBe('Два миллиона один рубль 02 копейки');
    expect(numberInWords(22, true)).toBe('двадцать две');
    expect(sumInWords(11.11)).toBe('Одиннадцать рублей 11 копеек');
  });
});

describe('order/*, bill/*, act/*, corrective-order/*', () => {
  let t: TestApp;
  let db: Db;
  let dealer: TestClient;
  let dealer2: TestClient;
  let fields: { company: number; paySystem: number; shipping: number; delivery: number };

  async function basketWith(lines: Array<{ product: number; quantity: number }>) {
    const b = await dealer.ok('basket/create', {});
    await dealer.ok('basket/add', { id: b.id, fields: lines });
    return b.id;
  }

  beforeAll(async () => {
    t = await createTestApp();
    db = (t.app as unknown as { portal: { database: { db: Db } } }).portal.database.db;
    dealer = await t.as('dealer');
    dealer2 = await t.as('dealer2');
    const f = await dealer.ok('order/get-fields', {});
    const opt = (id: string) => f.fields.find((x) => x.id === id)!.options;
    fields = {
      company: Number(opt('company')[0]!.value),
      paySystem: Number(opt('paySystem')[0]!.value),
      shipping: Number(opt('shipping').find((o) => o.isPickup)!.value),
      delivery: Number(opt('shipping').find((o) => !o.isPickup)!.value),
    };
  });
  afterAll(() => t.close());

  it('rejects anonymous and the wrong role', async () => {
    expect((await t.client().call('order/list', {})).status).toBe(401);
    const employee = await t.as('employee');
    expect((await employee.call('order/list', {})).status).toBe(403);
    expect(
      (await employee.call('order/create', { fields: { basket: 1, company: 1, paySystem: 1, shipping: 1 } })).status,
    ).toBe(403);
    expect((await dealer.call('order/set-status', { id: 1, status: 1 })).status).toBe(403);
  });

  it('checks out a basket: prices fixed, basket emptied, totals with exceptions, mail sent', async () => {
    const a = await newProduct(db, { price: 100, weightKg: 2, volumeM3: 0.01 });
    const b = await newProduct(db, { price: 55.55, weightKg: null, volumeM3: null });
    const basket = await basketWith([
      { product: a.id, quantity: 3 },
      { product: b.id, quantity: 2 },
    ]);
    const before = (await t.outbox()).length;
    const r = await dealer.ok('order/create', {
      fields: {
        basket,
        company: fields.company,
        paySystem: fields.paySystem,
        shipping: fields.shipping,
        vin: 'wdb9634031l123456',
        comment: 'Срочно',
      },
    });
    expect(r.order.price).toBe(411.1);
    expect(r.order.status.name).toBe('Новый');
    expect(r.order.items).toHaveLength(2);
    expect(r.order.totalWeight).toEqual({ valueKg: 6, exceptions: [{ id: b.id, name: b.name, article: b.article }] });
    expect(r.order.totalVolume.exceptions).toHaveLength(1);
    expect(r.order.VINTehniki).toBe('WDB9634031L123456');
    expect(r.basket?.count).toBe(0);
    // A later price change does not touch the order.
    await db.updateTable('product_prices').set({ value: 999 }).where('product_id', '=', a.id).execute();
    expect((await dealer.ok('order/get', { id: r.id })).price).toBe(411.1);
    const mails = (await t.outbox()).slice(before);
    expect(mails.some((m) => m.subject.includes(`Ваш заказ № ${r.id}`))).toBe(true);
    expect(mails.some((m) => m.subject.includes(`Новый заказ № ${r.id}`))).toBe(true);
  });

  it('the same checkout twice at once makes one order', async () => {
    const p = await newProduct(db);
    const basket = await basketWith([{ product: p.id, quantity: 1 }]);
    const input = {
      fields: { basket, company: fields.company, paySystem: fields.paySystem, shipping: fields.shipping },
      idempotencyKey: `key-${basket}-abc`,
    };
    const [x, y] = await Promise.all([dealer.call('order/create', input), dealer.call('order/create', input)]);
    expect(x.status).toBe(200);
    expect(y.status).toBe(200);
    expect(x.body.result.id).toBe(y.body.result.id);
    // Without a key, a repeated submit of the emptied basket answers with the order just made.
    const basket2 = await basketWith([{ product: p.id, quantity: 1 }]);
    const plain = {
      fields: { basket: basket2, company: fields.company, paySystem: fields.paySystem, shipping: fields.shipping },
    };
    const [u, v] = await Promise.all([dealer.call('order/create', plain), dealer.call('order/create', plain)]);
    expect(u.body.result.id).toBe(v.body.result.id);
    const n = await db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('source_basket_id', 'in', [basket, basket2])
      .executeTakeFirstOrThrow();
    expect(Number(n.n)).toBe(2);
  });

  it('refuses an empty basket, a foreign company, delivery without an address, unknown fields', async () => {
    const empty = (await dealer.ok('basket/create', {})).id;
    const r = await dealer.call('order/create', {
      fields: { basket: empty, company: fields.company, paySystem: fields.paySystem, shipping: fields.shipping },
    });
    expect(r.status).toBe(400);
    expect(r.body.error_description).toBe('Корзина пуста — добавьте товары перед оформлением');
    const p = await newProduct(db);
    const basket = await basketWith([{ product: p.id, quantity: 1 }]);
    const foreign = (await dealer2.ok('counterparty/list', {})).items[0]!.id;
    const c = await dealer.call('order/create', {
      fields: { basket, company: foreign, paySystem: fields.paySystem, shipping: fields.shipping },
    });
    expect(c.status).toBe(400);
    expect(c.body.fields?.company).toBeDefined();
    const d = await dealer.call('order/create', {
      fields: { basket, company: fields.company, paySystem: fields.paySystem, shipping: fields.delivery },
    });
    expect(d.body.fields?.address).toBe('Не может быть пустым');
    const x = await dealer.call('order/create', {
      fields: {
        basket,
        company: fields.company,
        paySystem: fields.paySystem,
        shipping: fields.shipping,
        price: 1,
      } as never,
    });
    expect(x.status).toBe(400);
    const gone = await newProduct(db);
    const withGone = await basketWith([{ product: gone.id, quantity: 1 }]);
    await db.updateTable('products').set({ active: false }).where('id', '=', gone.id).execute();
    const g = await dealer.call('order/create', {
      fields: { basket: withGone, company: fields.company, paySystem: fields.paySystem, shipping: fields.shipping },
    });
    expect(g.status).toBe(400);
    expect(g.body.error_description).toBe(`Не удалось добавить: ${gone.article} — Товар недоступен для заказа`);
    expect((await dealer.ok('basket/get', { id: withGone })).count).toBe(1);
    const other = await dealer2.call('order/create', {
      fields: { basket, company: foreign, paySystem: fields.paySystem, shipping: fields.shipping },
    });
    expect(other.status).toBe(404);
    // Nothing was written by the failed attempts.
    expect((await dealer.ok('basket/get', { id: basket })).count).toBe(1);
  });

  it('lists with filters: status, number, part number, company, dates', async () => {
    const all = await dealer.ok('order/list', { size: -1 });
    expect(all.count).toBeGreaterThanOrEqual(6);
    const statuses = await dealer.ok('order-status/list', {});
    expect(statuses.items.map((s) => s.name)).toEqual([
      'Новый',
      'Принят',
      'Собирается',
      'Отгружен',
      'Выполнен',
      'Отменен',
    ]);
    const cancelled = statuses.items.find((s) => s.code === 'C')!;
    const byStatus = await dealer.ok('order/list', { filter: { status: cancelled.id } });
    expect(byStatus.items.every((o) => o.status.id === cancelled.id && o.isCanceled)).toBe(true);
    const first = all.items[0]!;
    expect((await dealer.ok('order/list', { filter: { number: first.id } })).items.map((o) => o.id)).toEqual([
      first.id,
    ]);
    const full = await dealer.ok('order/get', { id: first.id });
    const byArticle = await dealer.ok('order/list', { filter: { article: full.items![0]!.article.toLowerCase() } });
    expect(byArticle.items.map((o) => o.id)).toContain(first.id);
    const today = new Date().toISOString().slice(0, 10);
    expect((await dealer.ok('order/list', { filter: { dateFrom: today } })).items.map((o) => o.id)).toContain(first.id);
    expect((await dealer.ok('order/list', { filter: { dateTo: '2000-01-01' } })).count).toBe(0);
    expect((await dealer.call('order/list', { filter: { dateFrom: 'вчера' } })).status).toBe(400);
    const others = await dealer2.ok('order/list', { size: -1 });
    expect(others.items.some((o) => o.id === first.id)).toBe(false);
  });

  it('hides another dealer’s order, bill, file and corrections exactly like missing ones', async () => {
    const mine = (await dealer.ok('order/list', { size: 1 })).items[0]!;
    const missing = await dealer2.call('order/get', { id: 999999 });
    for (const call of [
      dealer2.call('order/get', { id: mine.id }),
      dealer2.call('order/file', { id: mine.id }),
      dealer2.call('bill/get', { id: mine.id }),
      dealer2.call('bill/file', { id: mine.id }),
      dealer2.call('basket-item/list', { filter: { order: mine.id } }),
      dealer2.call('corrective-order/create', { id: mine.id, products: [{ id: 1, count: 1 }] }),
    ]) {
      const r = await call;
      expect(r.status).toBe(404);
      expect(r.body).toEqual(missing.body);
    }
  });

  it('gives the bill with requisites, totals and the sum in words; files as .xlsx', async () => {
    const p = await newProduct(db, { price: 1200.5 });
    const basket = await basketWith([{ product: p.id, quantity: 1 }]);
    const { id } = await dealer.ok('order/create', {
      fields: { basket, company: fields.company, paySystem: fields.paySystem, shipping: fields.shipping },
    });
    const bill = await dealer.ok('bill/get', { id });
    expect(bill.title).toMatch(new RegExp(`^Счёт на оплату № ${id} от`));
    expect(bill.buyer[0]?.value).toBe('ООО «АгроМаш»');
    expect(bill.totals).toEqual([
      { currency: 'RUB', value: 1200.5, vat: 200.08, words: 'Одна тысяча двести рублей 50 копеек' },
    ]);
    const file = await dealer.ok('bill/file', { id });
    const download = await t.app.inject({ method: 'GET', url: file.path, headers: { cookie: dealer.cookie } });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.subarray(0, 2).toString()).toBe('PK');
    expect(download.headers['content-disposition']).toMatch(/^attachment/);
    const stranger = await t.app.inject({ method: 'GET', url: file.path, headers: { cookie: dealer2.cookie } });
    expect(stranger.statusCode).toBe(404);
    const orderFile = await dealer.ok('order/file', { id });
    expect(orderFile.name).toBe(`order-${id}.xlsx`);
  });

  it('corrects an order: counts change, 0 deletes, totals follow; update and delete undo', async () => {
    const a = await newProduct(db, { price: 10 });
    const b = await newProduct(db, { price: 20 });
    const basket = await basketWith([
      { product: a.id, quantity: 5 },
      { product: b.id, quantity: 1 },
    ]);
    const { order } = await dealer.ok('order/create', {
      fields: { basket, company: fields.company, paySystem: fields.paySystem, shipping: fields.shipping },
    });
    const form = await dealer.ok('basket-item/list', { size: -1, filter: { order: order.id } });
    expect(form.items.map((i) => i.amount)).toEqual([5, 1]);
    const [la, lb] = form.items;
    const c = await dealer.ok('corrective-order/create', {
      id: order.id,
      products: [
        { id: la!.id, count: 2 },
        { id: lb!.id, count: 0 },
      ],
    });
    expect(c.products.map((p) => [p.beforeCount, p.afterCount])).toEqual([
      [5, 2],
      [1, 0],
    ]);
    const after = await dealer.ok('order/get', { id: order.id });
    expect(after.price).toBe(20);
    expect(after.items).toHaveLength(1);
    expect(after.corrections).toHaveLength(1);
    const none = await dealer.call('corrective-order/create', { id: order.id, products: [{ id: la!.id, count: 2 }] });
    expect(none.body.error_description).toBe('Нет изменений: измените количество хотя бы одного товара');
    const neg = await dealer.call('corrective-order/create', { id: order.id, products: [{ id: la!.id, count: -1 }] });
    expect(neg.status).toBe(400);
    const upd = await dealer.ok('corrective-order/update', { id: c.id, products: [{ id: la!.id, count: 4 }] });
    expect((await dealer.ok('order/get', { id: order.id })).price).toBe(60);
    expect((await dealer.ok('corrective-order/list', { filter: { order: order.id } })).items.map((x) => x.id)).toEqual([
      upd.id,
    ]);
    expect((await dealer.ok('corrective-order/get', { id: upd.id })).orderId).toBe(order.id);
    expect((await dealer2.call('corrective-order/get', { id: upd.id })).status).toBe(404);
    await dealer.ok('corrective-order/delete', { id: upd.id });
    expect((await dealer.ok('order/get', { id: order.id })).price).toBe(70);
  });

  it('staff change the status; acts list shipped orders', async () => {
    const admin = await t.as('admin');
    const employee = await t.as('employee');
    const statuses = (await admin.ok('order-status/list', {})).items;
    const shipped = statuses.find((s) => s.code === 'S')!;
    const mine = (await dealer.ok('order/list', { size: 1 })).items[0]!;
    const changed = await employee.ok('order/set-status', { id: mine.id, status: shipped.id });
    expect(changed.status.name).toBe('Отгружен');
    const acts = await dealer.ok('act/list', { size: -1 });
    expect(acts.items.map((a) => a.orderId)).toContain(mine.id);
    expect((await dealer.ok('act/get', { id: mine.id })).orderId).toBe(mine.id);
    expect((await dealer2.call('act/get', { id: mine.id })).status).toBe(404);
    expect((await admin.call('order/set-status', { id: mine.id, status: 999999 })).status).toBe(400);
  });
});
