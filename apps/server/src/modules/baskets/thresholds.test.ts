import { expandProductDetail, expandProducts } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SiteSettingsAdmin, SiteSettingsInput, Thresholds } from '@portal/contract';
import type { Db } from '../../db/database.js';
import { createTestApp, type TestApp, type TestClient } from '../../testing/index.js';
import { newProduct } from './testing.js';

/**
 * The thresholds of docs/spec/09-constants.md (decision 140) applied through real HTTP on the real database: the administrator sets
 * them on the settings page, and the catalogue, the basket and the checkout follow.
 */

let t: TestApp;
let db: Db;
let admin: TestClient;
let dealer: TestClient;
let tea: number;
let teaGreen: number;
let coffee: number;
let fields: { company: number; own: number; other: number; shipping: number; storage: number };

/** What the settings page sends when it saves the view it was given with other thresholds. */
async function setThresholds(change: Partial<Thresholds>) {
  const view: SiteSettingsAdmin = await admin.ok('site-settings/get', {});
  const s = view.settings;
  const input: SiteSettingsInput = {
    siteName: s.siteName,
    logo: s.logo,
    phone: s.phone,
    email: s.email,
    feedbackEmail: s.feedbackEmail,
    copyright: s.copyright,
    basketLinkTemplate: s.basketLinkTemplate,
    supplier: s.supplier,
    thresholds: { ...s.thresholds, ...change },
    returnDays: s.returnDays,
    paySystems: view.paySystems.map(({ id, name, description, active }) => ({ id, name, description, active })),
    priceTypes: view.priceTypes.map(({ id, name }) => ({ id, name })),
    priceMappings: view.priceMappings.map(({ id, priceTypeId, paySystemId }) => ({ id, priceTypeId, paySystemId })),
    exchange: { login: view.exchange.source === 'settings' ? view.exchange.login : '', password: '' },
  };
  await admin.ok('site-settings/update', input);
}

const NONE: Thresholds = {
  priceTypeChangeMin: 0,
  priceTypeChangeMinTea: 0,
  priceTypeChangeMinCoffee: 0,
  teaMinQuantity: 0,
  coffeeMinQuantity: 0,
  roundUpCatalog: false,
  roundUpBasket: false,
  teaSections: [],
  coffeeSections: [],
};

async function section(name: string, parent: number | null) {
  const row = await db
    .insertInto('sections')
    .values({ name, code: `${name}-${Math.random()}`, parent_id: parent })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function productIn(sectionId: number | null, price = 100) {
  const p = await newProduct(db, { price });
  await db.updateTable('products').set({ section_id: sectionId }).where('id', '=', p.id).execute();
  return p;
}

async function basketWith(lines: Array<{ product: number; quantity: number }>) {
  const b = await dealer.ok('basket/create', {});
  await db
    .insertInto('basket_items')
    .values(lines.map((l) => ({ basket_id: b.id, product_id: l.product, quantity: l.quantity })))
    .execute();
  return b.id;
}

const checkout = (basket: number, paySystem: number) =>
  dealer.call('order/create', {
    fields: { basket, company: fields.company, paySystem, shipping: fields.shipping, storage: fields.storage },
  });

beforeAll(async () => {
  t = await createTestApp();
  db = t.app.portal.database.db;
  admin = await t.as('admin');
  dealer = await t.as('dealer');
  tea = await section('Чай', null);
  teaGreen = await section('Зелёный чай', tea);
  coffee = await section('Кофе', null);
  const f = await dealer.ok('order/get-fields', {});
  const opt = (id: string) => f.fields.find((x) => x.id === id)!;
  const own = Number(opt('paySystem').value);
  fields = {
    company: Number(opt('company').options[0]!.value),
    own,
    other: Number(opt('paySystem').options.find((o) => Number(o.value) !== own)!.value),
    shipping: Number(opt('shipping').options.find((o) => o.isPickup)!.value),
    storage: Number(opt('storage').options[0]!.value),
  };
});
afterAll(() => t?.close());

describe('minimum quantities of tea and coffee (configurable groups of sections)', () => {
  it('without settings nothing is limited', async () => {
    await setThresholds(NONE);
    const p = await productIn(teaGreen);
    const b = await dealer.ok('basket/create', {});
    const r = await dealer.ok('basket/add', { id: b.id, fields: [{ product: p.id, quantity: 1 }] });
    expect(r.failed).toEqual([]);
    const list = await dealer.ok('basket-item/list', { size: -1, filter: { basket: b.id } });
    expect(list.items[0]?.minQuantity).toBe(0);
  });

  it('basket/add, basket-item/create and basket-item/update refuse a tea line below the minimum, naming it', async () => {
    await setThresholds({
      ...NONE,
      teaSections: [tea],
      teaMinQuantity: 10,
      coffeeSections: [coffee],
      coffeeMinQuantity: 5,
    });
    const green = await productIn(teaGreen); // a subsection of «Чай» is tea too
    const beans = await productIn(coffee);
    const bolt = await productIn(null);
    const b = await dealer.ok('basket/create', {});
    const r = await dealer.ok('basket/add', {
      id: b.id,
      fields: [
        { product: green.id, quantity: 3 },
        { product: beans.id, quantity: 5 },
        { product: bolt.id, quantity: 1 },
      ],
    });
    expect(r.added).toBe(2);
    expect(r.failed).toEqual([
      {
        product: green.id,
        name: `${green.article} ${green.name}`,
        reason: 'чай заказывают не меньше 10 шт. (сейчас 3)',
      },
    ]);
    // Adding to a line counts what the line will hold: 3 more of 8 coffee is fine, and 7 + 3 tea too.
    const more = await dealer.ok('basket/add', { id: b.id, fields: [{ product: green.id, quantity: 10 }] });
    expect(more.failed).toEqual([]);
    const list = await dealer.ok('basket-item/list', { size: -1, filter: { basket: b.id } });
    const line = (id: number) => list.items.find((i) => i.product === id)!;
    expect([line(green.id).minQuantity, line(beans.id).minQuantity, line(bolt.id).minQuantity]).toEqual([10, 5, 0]);

    const down = await dealer.call('basket-item/update', { id: line(beans.id).id, amount: 4 });
    expect(down.status).toBe(400);
    expect(down.body.error_description).toBe(
      `${beans.article} ${beans.name}: кофе заказывают не меньше 5 шт. (сейчас 4)`,
    );
    expect((await dealer.ok('basket-item/update', { id: line(beans.id).id, amount: 6 })).item?.amount).toBe(6);
    // Below 1 still deletes the line (docs/spec/04-states.md).
    expect((await dealer.ok('basket-item/update', { id: line(beans.id).id, amount: 0 })).deleted).toBe(true);

    const single = await dealer.call('basket-item/create', { basket: b.id, product: beans.id, amount: 2 });
    expect(single.status).toBe(400);
    expect(single.body.error_description).toContain('кофе заказывают не меньше 5 шт. (сейчас 2)');
    expect(single.body.error_description).toContain(beans.name);
  });

  it('the checkout summary lists a line below the minimum and order/create refuses it with the same words', async () => {
    await setThresholds({ ...NONE, teaSections: [tea], teaMinQuantity: 10 });
    const green = await productIn(teaGreen);
    const basket = await basketWith([{ product: green.id, quantity: 4 }]); // put there before the minimum
    const preview = await dealer.ok('order/preview', { basket, paySystem: fields.own });
    const reason = `${green.article} ${green.name} — чай заказывают не меньше 10 шт. (сейчас 4)`;
    expect(preview.refusals).toEqual([reason]);
    const r = await checkout(basket, fields.own);
    expect(r.status).toBe(400);
    expect(r.body.error_description).toBe(reason);
    await db.updateTable('basket_items').set({ quantity: 10 }).where('basket_id', '=', basket).execute();
    expect((await dealer.ok('order/preview', { basket, paySystem: fields.own })).refusals).toEqual([]);
    expect((await checkout(basket, fields.own)).status).toBe(200);
  });
});

describe('minimum quantity for a price-type change', () => {
  it('another payment method than the dealer’s own needs the minimums; the own one does not', async () => {
    await setThresholds({ ...NONE, teaSections: [tea], priceTypeChangeMin: 20, priceTypeChangeMinTea: 15 });
    const green = await productIn(teaGreen);
    const bolt = await productIn(null);
    const basket = await basketWith([
      { product: green.id, quantity: 6 },
      { product: bolt.id, quantity: 6 },
    ]);
    expect((await dealer.ok('order/preview', { basket, paySystem: fields.own })).refusals).toEqual([]);
    const other = await dealer.ok('order/preview', { basket, paySystem: fields.other });
    expect(other.refusals).toHaveLength(1);
    expect(other.refusals[0]).toMatch(
      /^Оплата «.+» меняет тип цен: нужно не меньше 20 шт\. \(из них чай — не меньше 15\)/,
    );
    expect(other.refusals[0]).toContain('сейчас 12, чай 6');
    const refused = await checkout(basket, fields.other);
    expect(refused.status).toBe(400);
    expect(refused.body.error_description).toBe(other.refusals[0]);
    // Enough in all but not of tea: still refused; enough of both: allowed.
    await db.updateTable('basket_items').set({ quantity: 30 }).where('product_id', '=', bolt.id).execute();
    expect((await dealer.ok('order/preview', { basket, paySystem: fields.other })).refusals[0]).toContain('чай 6');
    await db.updateTable('basket_items').set({ quantity: 15 }).where('product_id', '=', green.id).execute();
    expect((await dealer.ok('order/preview', { basket, paySystem: fields.other })).refusals).toEqual([]);
    expect((await checkout(basket, fields.other)).status).toBe(200);
  });
});

describe('rounding up prices', () => {
  it('rounds the catalogue and the basket separately, and the order takes the basket’s prices', async () => {
    await setThresholds({ ...NONE, roundUpBasket: true });
    const p = await productIn(null, 100.2);
    expect(expandProductDetail(await dealer.ok('product/get', { id: p.id }), 'ru').price?.value).toBe(100.2);
    const basket = await basketWith([{ product: p.id, quantity: 3 }]);
    const list = await dealer.ok('basket-item/list', { size: -1, filter: { basket } });
    expect([list.items[0]?.priceBuy?.value, list.items[0]?.sum?.value]).toEqual([101, 303]);
    expect((await dealer.ok('basket/get', { id: basket })).totals).toEqual([{ currency: 'RUB', value: 303 }]);
    const preview = await dealer.ok('order/preview', { basket, paySystem: fields.own });
    expect([preview.items[0]?.price, preview.items[0]?.sum, preview.price]).toEqual([101, 303, 303]);

    await setThresholds({ ...NONE, roundUpCatalog: true });
    const detail = expandProductDetail(await dealer.ok('product/get', { id: p.id }), 'ru');
    expect(detail.price?.value).toBe(101);
    expect(detail.prices.every((x) => Number.isInteger(x.value))).toBe(true);
    const page = expandProducts(await dealer.ok('product/list', { filter: { id: [p.id] }, size: 10 }), 'ru');
    expect(page.items[0]?.price?.value).toBe(101);
    expect((await dealer.ok('basket/get', { id: basket })).totals).toEqual([{ currency: 'RUB', value: 300.6 }]);
    const r = await checkout(basket, fields.own);
    expect(r.status).toBe(200);
    expect(r.body.result?.order.price).toBe(300.6);
  });
});

describe('order corrections keep the group minimums', () => {
  it('the desk’s line edits and the dealer’s correction are refused below the minimum, in the basket’s words', async () => {
    await setThresholds(NONE);
    const green = await productIn(teaGreen);
    const black = await productIn(tea);
    const bolt = await productIn(null);
    const basket = await basketWith([
      { product: green.id, quantity: 12 },
      { product: bolt.id, quantity: 2 },
    ]);
    const created = await checkout(basket, fields.own);
    expect(created.status).toBe(200);
    const orderId: number = created.body.result!.id;
    await setThresholds({ ...NONE, teaSections: [tea], teaMinQuantity: 12 });
    const order = await dealer.ok('order/get', { id: orderId });
    const lineOf = (productId: number) => order.items!.find((i) => i.productId === productId)!;
    const greenText = `${green.article} ${green.name}: чай заказывают не меньше 12 шт. (сейчас 5)`;

    // The desk: a line lowered below the minimum, a tea product added below it.
    const down = await admin.call('desk-order/change', {
      id: orderId,
      lines: [{ id: lineOf(green.id).id, quantity: 5 }],
    });
    expect(down.status).toBe(400);
    expect(down.body.error_description).toBe(greenText);
    const added = await admin.call('desk-order/change', { id: orderId, lines: [{ productId: black.id, quantity: 3 }] });
    expect(added.status).toBe(400);
    expect(added.body.error_description).toBe(
      `${black.article} ${black.name}: чай заказывают не меньше 12 шт. (сейчас 3)`,
    );
    // Other goods, the line taken out, and enough tea pass.
    await admin.ok('desk-order/change', { id: orderId, lines: [{ id: lineOf(bolt.id).id, quantity: 1 }] });
    await admin.ok('desk-order/change', { id: orderId, lines: [{ productId: black.id, quantity: 12 }] });

    // The dealer's correction.
    const short = await dealer.call('corrective-order/create', {
      id: orderId,
      products: [{ id: lineOf(green.id).id, count: 5 }],
    });
    expect(short.status).toBe(400);
    expect(short.body.error_description).toBe(greenText);
    const enough = await dealer.ok('corrective-order/create', {
      id: orderId,
      products: [{ id: lineOf(green.id).id, count: 24 }],
    });
    const replaced = await dealer.call('corrective-order/update', {
      id: enough.id,
      products: [{ id: lineOf(green.id).id, count: 5 }],
    });
    expect(replaced.status).toBe(400);
    expect(replaced.body.error_description).toBe(greenText);
    await dealer.ok('corrective-order/update', {
      id: enough.id,
      products: [{ id: lineOf(green.id).id, delete: true, count: 0 }],
    });
    await admin.ok('desk-order/correction', { id: enough.id, decision: 'accept' });
    const after = await dealer.ok('order/get', { id: orderId });
    expect(after.items!.find((i) => i.productId === green.id)?.quantity ?? 0).toBe(0);
  });
});

describe('the catalogue tells a product’s minimum', () => {
  it('product/list and product/get carry minQuantity only for tea and coffee with a minimum', async () => {
    const green = await productIn(teaGreen);
    const beans = await productIn(coffee);
    const bolt = await productIn(null);
    const ids = [green.id, beans.id, bolt.id];
    const list = async () => {
      const page = expandProducts(await dealer.ok('product/list', { filter: { id: ids }, size: 10 }), 'ru');
      return new Map(page.items.map((p) => [p.id, p]));
    };
    await setThresholds({ ...NONE, teaSections: [tea], coffeeSections: [coffee] });
    expect([...(await list()).values()].some((p) => 'minQuantity' in p)).toBe(false);

    await setThresholds({ ...NONE, teaSections: [tea], teaMinQuantity: 12, coffeeSections: [coffee] });
    const items = await list();
    expect(items.get(green.id)?.minQuantity).toBe(12);
    // No minimum for coffee, none for other goods: no field at all (lean answers).
    expect('minQuantity' in items.get(beans.id)!).toBe(false);
    expect('minQuantity' in items.get(bolt.id)!).toBe(false);
    expect(expandProductDetail(await dealer.ok('product/get', { id: green.id }), 'ru').minQuantity).toBe(12);
    expect('minQuantity' in expandProductDetail(await dealer.ok('product/get', { id: bolt.id }), 'ru')).toBe(false);
    // The same minimum the basket refuses by.
    const b = await dealer.ok('basket/create', {});
    const r = await dealer.ok('basket/add', { id: b.id, fields: [{ product: green.id, quantity: 11 }] });
    expect(r.failed[0]?.reason ?? JSON.stringify(r.failed)).toContain('чай заказывают не меньше 12 шт. (сейчас 11)');
  });
});
