import { expandProductDetail, expandProducts } from '@portal/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../testing/index.js';

/** The entity fields of docs/spec/03-entities.md, present when they have a value and left out otherwise. */
let t: TestApp;
let dealer: TestClient;

beforeAll(async () => {
  t = await createTestApp();
  dealer = await t.as('dealer');
});
afterAll(() => t.close());

describe('docs/spec/03-entities.md entities', () => {
  it('a product carries unit id, displayed symbol, base determinant, remains name and buy price', async () => {
    dealer.language = 'ru';
    const { items } = expandProducts(await dealer.ok('product/list', { size: 20 }), 'ru');
    const priced = items.find((p) => p.price && p.unit.symbol === 'шт')!;
    expect(priced.unit.id).toBe('796');
    expect(priced.displaySymbol).toBe(priced.measureFactor === 1 ? 'шт' : `шт ×${priced.measureFactor}`);
    expect(priced.baseDeterminant).toBe(priced.measureFactor);
    expect(priced.priceBuy).toEqual({ value: priced.price!.value, currency: priced.price!.currency });
    expect(priced.remainsName).toBe({ Y: 'В наличии', D: 'Под заказ', N: 'Нет в наличии' }[priced.availability]);
    dealer.language = 'en';
    const english = expandProductDetail(await dealer.ok('product/get', { id: priced.id }), 'ru');
    expect(english.remainsName).toBe({ Y: 'In stock', D: 'On order', N: 'Out of stock' }[english.availability]);
    expect(english.unit).toEqual({ id: '796', name: 'piece', symbol: 'pcs' });
  });

  it('a product carries the base price type price as info price, left out when it equals the buy price', async () => {
    dealer.language = 'ru';
    const { items } = expandProducts(await dealer.ok('product/list', { size: 20 }), 'ru');
    const priced = items.filter((p) => p.price);
    expect(priced.length).toBeGreaterThan(0);
    const { rows } = await t.app.portal.database.db.executeQuery<{ id: number; value: string }>(
      sql`SELECT x.product_id AS id, x.value FROM product_prices x JOIN price_types t ON t.id = x.price_type_id
          WHERE t.is_default AND x.pay_system_id = ${priced[0]!.price!.id}`.compile(t.app.portal.database.db),
    );
    const base = new Map(rows.map((r) => [r.id, Number(r.value)]));
    for (const p of priced) {
      // The dealer buys at the dealer price (82 % of the base «Розница»); the info price is the base one.
      expect(p.priceInfo).toEqual({ value: base.get(p.id), currency: p.price!.currency });
      expect(p.priceInfo!.value).toBeGreaterThan(p.priceBuy!.value);
    }
    const card = expandProductDetail(await dealer.ok('product/get', { id: priced[0]!.id }), 'ru');
    expect(card.priceInfo).toEqual(priced[0]!.priceInfo);
    // The employee buys at the base price type: the info price would repeat the buy price and is left out.
    const employee = await t.as('employee');
    const own = expandProducts(await employee.ok('product/list', { size: 20 }), 'ru');
    const ownPriced = own.items.filter((p) => p.price);
    expect(ownPriced.length).toBeGreaterThan(0);
    for (const p of ownPriced) expect(p).not.toHaveProperty('priceInfo');
  });

  it('an order carries its filled-in properties; one without any leaves them out', async () => {
    dealer.language = 'ru';
    const { items } = await dealer.ok('order/list', { size: -1 });
    const withVin = items.find((o) => o.VINTehniki)!;
    expect(withVin.properties).toContainEqual({ code: 'VIN', name: 'VIN техники', value: withVin.VINTehniki });
    const bare = items.find((o) => !o.VINTehniki && !o.modelTehniki && !o.userDescription);
    if (bare) expect(bare).not.toHaveProperty('properties');
    expect(withVin).not.toHaveProperty('commerceOffer');
  });

  it('a basket item carries the product properties and its dimensions', async () => {
    dealer.language = 'ru';
    const { items: products } = expandProducts(await dealer.ok('product/list', { size: 20 }), 'ru');
    const product = products.find((p) => p.price && p.weightKg !== null && p.properties.length > 0)!;
    const basket = await dealer.ok('basket/create', { name: 'Сущности' });
    await dealer.ok('basket/add', { id: basket.id, fields: [{ product: product.id, quantity: 3 }] });
    const list = await dealer.ok('basket-item/list', { size: -1, filter: { basket: basket.id } });
    const item = list.items.find((i) => i.product === product.id)!;
    expect(item.properties).toEqual(product.properties.map((p) => ({ code: p.code, name: p.name, value: p.value })));
    expect(item.dimensions?.weightKg).toBe(product.weightKg);
    expect(item.dimensions?.totalWeightKg).toBeCloseTo(product.weightKg! * 3, 3);
  });
});

describe('smart filter display types', () => {
  it('sends the machine model as a list (P) and brands as checkboxes (F)', async () => {
    dealer.language = 'ru';
    const sections = await dealer.ok('section/list', { size: -1 });
    const oil = sections.items.find((s) => s.code === 'oil-filters')!;
    const { items } = await dealer.ok('product/get-filter', { filter: { category: oil.id } });
    expect(items.find((i) => i.CODE === 'MODEL')?.DISPLAY_TYPE).toBe('P');
    expect(items.find((i) => i.CODE === 'BRAND')?.DISPLAY_TYPE).toBe('F');
    // Oil filters have no colour: no empty swatch group.
    expect(items.find((i) => i.CODE === 'COLOR')).toBeUndefined();
  });

  it('sends a part’s colour as swatches (R): hex codes with their names, counted and filtered (decision 147)', async () => {
    dealer.language = 'ru';
    const sections = await dealer.ok('section/list', { size: -1 });
    const coolants = sections.items.find((s) => s.code === 'coolants')!;
    const { items } = await dealer.ok('product/get-filter', { filter: { category: coolants.id } });
    const color = items.find((i) => i.CODE === 'COLOR')!;
    expect(color).toMatchObject({ NAME: 'Цвет', DISPLAY_TYPE: 'R' });
    const byName = Object.fromEntries(color.VALUES.map((v) => [v.HTML_VALUE, v.VALUE]));
    expect(byName).toEqual({
      Зелёный: '#2E7D32',
      Красный: '#C62828',
      Синий: '#1565C0',
      Жёлтый: '#F9A825',
      Фиолетовый: '#6A1B9A',
    });
    expect(color.VALUES.map((v) => v.HTML_VALUE)).toEqual(['Жёлтый', 'Зелёный', 'Красный', 'Синий', 'Фиолетовый']);
    for (const v of color.VALUES) {
      expect(v.VALUE).toMatch(/^#[0-9A-F]{6}$/);
      expect(v.CONTROL_NAME).toBe('arCatalogProductsFilter_COLOR');
      expect(v.ELEMENT_COUNT).toBeGreaterThan(0);
    }
    const all = expandProducts(await dealer.ok('product/list', { size: -1, filter: { category: coolants.id } }), 'ru');
    expect(color.VALUES.reduce((n, v) => n + v.ELEMENT_COUNT, 0)).toBe(all.count);

    // Choosing red (in any case) lists only red coolants, and the card names the colour.
    const red = color.VALUES.find((v) => v.HTML_VALUE === 'Красный')!;
    const list = expandProducts(
      await dealer.ok('product/list', { size: -1, filter: { category: coolants.id, F_COLOR: '#c62828' } }),
      'ru',
    );
    expect(list.count).toBe(red.ELEMENT_COUNT);
    for (const p of list.items)
      expect(p.properties.find((x) => x.code === 'COLOR')).toMatchObject({ name: 'Цвет', value: 'Красный' });
    // The colour's own selection keeps the other colours; the other facets count within it.
    const narrowed = await dealer.ok('product/get-filter', {
      filter: { category: coolants.id, arCatalogProductsFilter_COLOR: ['#C62828'] },
    });
    const again = narrowed.items.find((i) => i.CODE === 'COLOR')!;
    expect(again!.VALUES.find((v) => v.VALUE === '#C62828')).toMatchObject({
      CHECKED: true,
      ELEMENT_COUNT: red.ELEMENT_COUNT,
    });
    expect(again!.VALUES).toHaveLength(5);
    const brands = narrowed.items.find((i) => i.CODE === 'BRAND')!;
    expect(brands.VALUES.reduce((n, v) => n + v.ELEMENT_COUNT, 0)).toBe(red.ELEMENT_COUNT);

    dealer.language = 'en';
    const english = await dealer.ok('product/get-filter', { filter: { category: coolants.id } });
    const en = english.items.find((i) => i.CODE === 'COLOR')!;
    expect(en.NAME).toBe('Colour');
    expect(en.VALUES.find((v) => v.VALUE === '#C62828')?.HTML_VALUE).toBe('Red');
    dealer.language = 'ru';
  });
});
