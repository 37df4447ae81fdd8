import { businessDay } from '@portal/contract';
import { sql } from 'kysely';
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
  let fields: { company: number; paySystem: number; shipping: number; storage: number; delivery: number };

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
      storage: Number(opt('storage')[0]!.value),
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
        storage: fields.storage,
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

  it('prices the checkout summary for the chosen payment method; the order is created at that sum', async () => {
    const pays = (await dealer.ok('order/get-fields', {})).fields
      .find((f) => f.id === 'paySystem')!
      .options.map((o) => Number(o.value));
    const cash = pays.find((p) => p !== fields.paySystem)!;
    expect(cash).toBeDefined();
    const a = await newProduct(db, { price: 100 });
    const b = await newProduct(db, { price: 55.55 });
    for (const [p, value] of [
      [a.id, 90],
      [b.id, 50],
    ] as const) {
      await db
        .updateTable('product_prices')
        .set({ value })
        .where('product_id', '=', p)
        .where('pay_system_id', '=', cash)
        .execute();
    }
    const basket = await basketWith([
      { product: a.id, quantity: 3 },
      { product: b.id, quantity: 2 },
    ]);
    const byTransfer = await dealer.ok('order/preview', { basket, paySystem: fields.paySystem });
    expect(byTransfer.totals).toEqual([{ currency: 'RUB', value: 411.1 }]);
    const inCash = await dealer.ok('order/preview', { basket, paySystem: cash });
    expect(inCash.totals).toEqual([{ currency: 'RUB', value: 370 }]);
    expect(inCash.items.map((i) => [i.name, i.article, i.quantity, i.price, i.sum])).toEqual([
      [a.name, a.article, 3, 90, 270],
      [b.name, b.article, 2, 50, 100],
    ]);
    expect((await dealer2.call('order/preview', { basket, paySystem: cash })).status).toBe(404);
    expect((await dealer.call('order/preview', { basket, paySystem: 999999 })).body.fields?.paySystem).toBe(
      'Неверное значение',
    );
    const r = await dealer.ok('order/create', {
      fields: { basket, company: fields.company, paySystem: cash, shipping: fields.shipping, storage: fields.storage },
    });
    expect(r.order.payments[0]?.id).toBe(cash);
    expect(r.order.price).toBe(inCash.price);
    expect(r.order.totals).toEqual(inCash.totals);
    expect(r.order.items!.map((i) => [i.price, i.sum])).toEqual(inCash.items.map((i) => [i.price, i.sum]));
  });

  it('a pickup order names the warehouse of the «Склады» page it is collected from (decision 064)', async () => {
    const storages = (await dealer.ok('storage/list', { size: -1 })).items;
    const options = (await dealer.ok('order/get-fields', {})).fields.find((f) => f.id === 'storage')!;
    expect(options.required).toBe(true);
    expect(options.options.map((o) => o.title)).toEqual(storages.map((s) => s.name));
    const kazan = storages.find((s) => s.name === 'Склад Казань')!;
    const p = await newProduct(db, { price: 10 });
    const basket = await basketWith([{ product: p.id, quantity: 1 }]);
    const base = { basket, company: fields.company, paySystem: fields.paySystem, shipping: fields.shipping };
    const missing = await dealer.call('order/create', { fields: base });
    expect(missing.status).toBe(400);
    expect(missing.body.fields?.storage).toBe('Не может быть пустым');
    expect((await dealer.call('order/create', { fields: { ...base, storage: 999999 } })).body.fields?.storage).toBe(
      'Неверное значение',
    );
    const { order } = await dealer.ok('order/create', { fields: { ...base, storage: kazan.id } });
    expect(order.pickupPoint).toEqual({
      id: kazan.id,
      name: 'Склад Казань',
      address: kazan.address,
      working: kazan.working,
    });
    expect((await dealer.ok('bill/get', { id: order.id })).data).toContainEqual({
      code: 'DELIVERY',
      label: 'Доставка',
      value: 'Самовывоз — Склад Казань',
    });
    // A delivery has an address and no warehouse.
    const basket2 = await basketWith([{ product: p.id, quantity: 1 }]);
    const delivered = await dealer.ok('order/create', {
      fields: { ...base, basket: basket2, shipping: fields.delivery, storage: kazan.id, address: 'г. Казань' },
    });
    expect(delivered.order.pickupPoint).toBeNull();
  });

  it('the same checkout twice at once makes one order', async () => {
    const p = await newProduct(db);
    const basket = await basketWith([{ product: p.id, quantity: 1 }]);
    const input = {
      fields: {
        basket,
        company: fields.company,
        paySystem: fields.paySystem,
        shipping: fields.shipping,
        storage: fields.storage,
      },
      idempotencyKey: `key-${basket}-abc`,
    };
    const [x, y] = await Promise.all([dealer.call('order/create', input), dealer.call('order/create', input)]);
    expect(x.status).toBe(200);
    expect(y.status).toBe(200);
    expect(x.body.result.id).toBe(y.body.result.id);
    // Without a key, a repeated submit of the emptied basket answers with the order just made.
    const basket2 = await basketWith([{ product: p.id, quantity: 1 }]);
    const plain = {
      fields: {
        basket: basket2,
        company: fields.company,
        paySystem: fields.paySystem,
        shipping: fields.shipping,
        storage: fields.storage,
      },
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
      fields: {
        basket: empty,
        company: fields.company,
        paySystem: fields.paySystem,
        shipping: fields.shipping,
        storage: fields.storage,
      },
    });
    expect(r.status).toBe(400);
    expect(r.body.error_description).toBe('Корзина пуста — добавьте товары перед оформлением');
    const p = await newProduct(db);
    const basket = await basketWith([{ product: p.id, quantity: 1 }]);
    const foreign = (await dealer2.ok('counterparty/list', {})).items[0]!.id;
    const c = await dealer.call('order/create', {
      fields: {
        basket,
        company: foreign,
        paySystem: fields.paySystem,
        shipping: fields.shipping,
        storage: fields.storage,
      },
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
        storage: fields.storage,
        price: 1,
      } as never,
    });
    expect(x.status).toBe(400);
    const gone = await newProduct(db);
    const withGone = await basketWith([{ product: gone.id, quantity: 1 }]);
    await db.updateTable('products').set({ active: false }).where('id', '=', gone.id).execute();
    const g = await dealer.call('order/create', {
      fields: {
        basket: withGone,
        company: fields.company,
        paySystem: fields.paySystem,
        shipping: fields.shipping,
        storage: fields.storage,
      },
    });
    expect(g.status).toBe(400);
    expect(g.body.error_description).toBe(`Не удалось добавить: ${gone.article} — Товар недоступен для заказа`);
    expect((await dealer.ok('basket/get', { id: withGone })).count).toBe(1);
    const other = await dealer2.call('order/create', {
      fields: {
        basket,
        company: foreign,
        paySystem: fields.paySystem,
        shipping: fields.shipping,
        storage: fields.storage,
      },
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
    const today = businessDay();
    expect((await dealer.ok('order/list', { filter: { dateFrom: today } })).items.map((o) => o.id)).toContain(first.id);
    expect((await dealer.ok('order/list', { filter: { dateTo: '2000-01-01' } })).count).toBe(0);
    expect((await dealer.call('order/list', { filter: { dateFrom: 'вчера' } })).status).toBe(400);
    const others = await dealer2.ok('order/list', { size: -1 });
    expect(others.items.some((o) => o.id === first.id)).toBe(false);
  });

  it("filters by the supplier's day in Moscow, whatever the server's zone (decision 180)", async () => {
    const first = (await dealer.ok('order/list', { size: 1, filter: { isCanceled: false } })).items[0]!;
    const { created_at: was } = await db
      .selectFrom('orders')
      .select('created_at')
      .where('id', '=', first.id)
      .executeTakeFirstOrThrow();
    // 22:30 UTC on the 24th is 01:30 on the 25th in Moscow: the order belongs to the 25th.
    // created_at is written by the database only; the test moves it by hand.
    const setCreated = (at: Date) => sql`UPDATE orders SET created_at = ${at} WHERE id = ${first.id}`.execute(db);
    await setCreated(new Date('2026-11-24T22:30:00Z'));
    try {
      const on = async (dateFrom: string, dateTo: string) =>
        (await dealer.ok('order/list', { size: -1, filter: { dateFrom, dateTo } })).items.map((o) => o.id);
      expect(await on('2026-11-25', '2026-11-25')).toContain(first.id);
      expect(await on('2026-11-24', '2026-11-24')).not.toContain(first.id);
      const shown = await dealer.ok('order/get', { id: first.id });
      expect(shown.dateCreate).toBe('2026-11-24T22:30:00.000Z');
      // The product page's «ordered by day» chart counts it on the same Moscow day.
      const productId = shown.items!.find((i) => i.productId !== null)!.productId!;
      const series = await dealer.ok('product/get-kolichestvo-zakazannykh-tovarov', { id: productId });
      expect(series.items.map((d) => d.date)).toContain('2026-11-25');
      expect(series.items.map((d) => d.date)).not.toContain('2026-11-24');
      const admin = await t.as('admin');
      const desk = await admin.ok('desk-order/list', {
        size: -1,
        filter: { dateFrom: '2026-11-25', dateTo: '2026-11-25' },
      });
      expect(desk.items.map((o) => o.id)).toContain(first.id);
    } finally {
      await setCreated(was);
    }
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
      fields: {
        basket,
        company: fields.company,
        paySystem: fields.paySystem,
        shipping: fields.shipping,
        storage: fields.storage,
      },
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

    // Asking again reuses the stored files (decision 068): no new row, no new object.
    const filesOf = async () =>
      (
        await db
          .selectFrom('files')
          .select('id')
          .where('name', 'in', [`order-${id}.xlsx`, `bill-${id}.xlsx`])
          .execute()
      ).length;
    const before = await filesOf();
    const again = await Promise.all([
      dealer.ok('bill/file', { id }),
      dealer.ok('bill/file', { id }),
      dealer.ok('order/file', { id }),
      dealer.ok('order/file', { id }),
    ]);
    expect(again.map((f) => f.path)).toEqual([file.path, file.path, orderFile.path, orderFile.path]);
    expect(await filesOf()).toBe(before);
    // Another user's copy (an administrator's) is their own file; a changed order gives a new file.
    const admin = await t.as('admin');
    expect((await admin.ok('order/file', { id })).path).not.toBe(orderFile.path);
    const accepted = await db
      .selectFrom('order_statuses')
      .select('id')
      .where('code', '=', 'A')
      .executeTakeFirstOrThrow();
    await admin.ok('order/set-status', { id, status: accepted.id });
    expect((await dealer.ok('order/file', { id })).path).not.toBe(orderFile.path);
  });

  it('issues the bill in the name of the supplier of the site settings, as the footer shows it (decision 063)', async () => {
    const settings = await dealer.ok('site/get-main-settings', {});
    expect(settings.supplier.name).toBe('ООО «ТехЗапчасть»');
    expect(settings.copyright).toContain(settings.supplier.name);
    const p = await newProduct(db, { price: 1200 });
    const basket = await basketWith([{ product: p.id, quantity: 1 }]);
    const { id } = await dealer.ok('order/create', {
      fields: {
        basket,
        company: fields.company,
        paySystem: fields.paySystem,
        shipping: fields.shipping,
        storage: fields.storage,
      },
    });
    const bill = await dealer.ok('bill/get', { id });
    const line = (label: string) => bill.supplier.find((l) => l.label === label)?.value;
    expect(line('Поставщик')).toBe('ООО «ТехЗапчасть»');
    expect(line('ИНН / КПП')).toBe('7701234560 / 770101001');
    expect(line('Расчётный счёт')).toBe(settings.supplier.account);
    expect(bill.stamp).toBe(settings.supplier.stamp);
    expect(bill.signers.map((s) => [s.position, s.name])).toEqual(
      settings.supplier.signers.map((s) => [s.position, s.name]),
    );
    // A change in the settings shows on the next bill; without VAT the bill says so.
    await sql`UPDATE site_settings SET value = jsonb_set(jsonb_set(value, '{supplier,name}', '"ООО «Новый поставщик»"'),
      '{supplier,vatRate}', '0') WHERE key = 'main'`.execute(db);
    const next = await dealer.ok('bill/get', { id });
    expect(next.supplier[0]).toEqual({ code: 'NAME', label: 'Поставщик', value: 'ООО «Новый поставщик»' });
    expect(next.totals[0]?.vat).toBe(0);
    expect(next.note).toContain('Без НДС');
    expect((await dealer.ok('site/get-main-settings', {})).supplier.name).toBe('ООО «Новый поставщик»');
  });

  it('corrects an order: counts change, 0 deletes, totals follow; update and delete undo', async () => {
    const a = await newProduct(db, { price: 10 });
    const b = await newProduct(db, { price: 20 });
    const basket = await basketWith([
      { product: a.id, quantity: 5 },
      { product: b.id, quantity: 1 },
    ]);
    const { order } = await dealer.ok('order/create', {
      fields: {
        basket,
        company: fields.company,
        paySystem: fields.paySystem,
        shipping: fields.shipping,
        storage: fields.storage,
      },
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
    // The correction waits for the manager (decision 100): the order's lines and sum stay as they were.
    expect(c.status).toBe('PENDING');
    const after = await dealer.ok('order/get', { id: order.id });
    expect(after.price).toBe(70);
    expect(after.items).toHaveLength(2);
    expect(after.corrections).toHaveLength(1);
    expect(after.history!.at(-1)).toMatchObject({
      source: 'dealer',
      lines: [`Дилер отправил корректировку № ${c.id}`],
    });
    const none = await dealer.call('corrective-order/create', { id: order.id, products: [{ id: la!.id, count: 5 }] });
    expect(none.body.error_description).toBe('Нет изменений: измените количество хотя бы одного товара');
    const second = await dealer.call('corrective-order/create', { id: order.id, products: [{ id: la!.id, count: 3 }] });
    expect(second.status).toBe(409);
    expect(second.body.error_description).toBe('Корректировка ещё ждёт решения менеджера — измените или отзовите её');
    const neg = await dealer.call('corrective-order/create', { id: order.id, products: [{ id: la!.id, count: -1 }] });
    expect(neg.status).toBe(400);
    const upd = await dealer.ok('corrective-order/update', { id: c.id, products: [{ id: la!.id, count: 4 }] });
    expect(upd.products.map((p) => [p.beforeCount, p.afterCount])).toEqual([[5, 4]]);
    expect((await dealer.ok('order/get', { id: order.id })).price).toBe(70);
    expect((await dealer.ok('corrective-order/list', { filter: { order: order.id } })).items.map((x) => x.id)).toEqual([
      upd.id,
    ]);
    expect((await dealer.ok('corrective-order/get', { id: upd.id })).orderId).toBe(order.id);
    expect((await dealer2.call('corrective-order/get', { id: upd.id })).status).toBe(404);
    expect((await dealer2.call('corrective-order/delete', { id: upd.id })).status).toBe(404);
    await dealer.ok('corrective-order/delete', { id: upd.id });
    expect((await dealer.ok('corrective-order/list', { filter: { order: order.id } })).count).toBe(0);
    // Sent again and accepted at the desk: now the quantities change.
    const again = await dealer.ok('corrective-order/create', { id: order.id, products: [{ id: la!.id, count: 4 }] });
    const admin = await t.as('admin');
    await admin.ok('desk-order/correction', { id: again.id, decision: 'accept' });
    expect((await dealer.ok('order/get', { id: order.id })).price).toBe(60);
    const decided = await dealer.call('corrective-order/delete', { id: again.id });
    expect(decided.status).toBe(409);
    expect(decided.body.error_description).toBe('Корректировка уже рассмотрена');
  });

  it('allows a correction only while the order is new or accepted and unpaid (decision 060)', async () => {
    const admin = await t.as('admin');
    const statuses = (await admin.ok('order-status/list', {})).items;
    const status = (code: string) => statuses.find((s) => s.code === code)!;
    const p = await newProduct(db, { price: 10 });
    const basket = await basketWith([{ product: p.id, quantity: 5 }]);
    const { order } = await dealer.ok('order/create', {
      fields: {
        basket,
        company: fields.company,
        paySystem: fields.paySystem,
        shipping: fields.shipping,
        storage: fields.storage,
      },
    });
    expect(order.canCorrect).toBe(true);
    const [line] = (await dealer.ok('basket-item/list', { size: -1, filter: { order: order.id } })).items;
    await admin.ok('order/set-status', { id: order.id, status: status('A').id });
    const accepted = await dealer.ok('corrective-order/create', {
      id: order.id,
      products: [{ id: line!.id, count: 4 }],
    });
    await admin.ok('desk-order/correction', { id: accepted.id, decision: 'accept' });
    for (const code of ['P', 'S', 'F']) {
      await admin.ok('order/set-status', { id: order.id, status: status(code).id });
      expect((await dealer.ok('order/get', { id: order.id })).canCorrect).toBe(false);
      const r = await dealer.call('corrective-order/create', { id: order.id, products: [{ id: line!.id, count: 1 }] });
      expect(r.status).toBe(409);
      expect(r.body.error_description).toBe(
        `Заказ в статусе «${status(code).name}» изменить нельзя: корректировка возможна, пока заказ новый или принят`,
      );
    }
    // Undoing the correction would change the shipped order too.
    expect((await dealer.call('corrective-order/delete', { id: accepted.id })).status).toBe(409);
    expect(
      (await dealer.call('corrective-order/update', { id: accepted.id, products: [{ id: line!.id, count: 1 }] }))
        .status,
    ).toBe(409);
    // A paid order keeps its lines even while it is still accepted (a completed order stays completed at the
    // desk, decision 100: the test puts it back by hand).
    await db
      .updateTable('orders')
      .set({ is_paid: true, status_id: status('A').id })
      .where('id', '=', order.id)
      .execute();
    const paid = await dealer.call('corrective-order/create', { id: order.id, products: [{ id: line!.id, count: 1 }] });
    expect(paid.status).toBe(409);
    expect(paid.body.error_description).toBe('Заказ оплачен — изменить его состав нельзя. Свяжитесь с менеджером');
    const after = await dealer.ok('order/get', { id: order.id });
    expect(after.canCorrect).toBe(false);
    expect(after.price).toBe(40);
  });

  it('staff change the status; acts list shipped orders', async () => {
    const admin = await t.as('admin');
    const employee = await t.as('employee');
    const statuses = (await admin.ok('order-status/list', {})).items;
    const shipped = statuses.find((s) => s.code === 'S')!;
    const open = statuses.filter((s) => ['N', 'A', 'P'].includes(s.code)).map((s) => s.id);
    const mine = (await dealer.ok('order/list', { size: 1, filter: { status: open } })).items[0]!;
    const changed = await employee.ok('order/set-status', { id: mine.id, status: shipped.id });
    expect(changed.status.name).toBe('Отгружен');
    const acts = await dealer.ok('act/list', { size: -1 });
    expect(acts.items.map((a) => a.orderId)).toContain(mine.id);
    expect((await dealer.ok('act/get', { id: mine.id })).orderId).toBe(mine.id);
    expect((await dealer2.call('act/get', { id: mine.id })).status).toBe(404);
    expect((await admin.call('order/set-status', { id: mine.id, status: 999999 })).status).toBe(400);
  });
});
