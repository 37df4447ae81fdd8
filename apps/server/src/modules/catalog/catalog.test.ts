import { expandProductDetail, expandProducts, normalizeArticle } from '@portal/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/index.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const sectionOf = async (code: string) => {
  const dealer = await t.as('dealer');
  const all = await dealer.ok('section/list', { size: -1 });
  return all.items.find((s) => s.code === code)!;
};

describe('section/list and section/get', () => {
  it('rejects anonymous', async () => {
    expect((await t.client().call('section/list', {})).status).toBe(401);
  });
  it('lists level-2 sections with counts and builds breadcrumbs', async () => {
    const dealer = await t.as('dealer');
    const level2 = await dealer.ok('section/list', { size: -1, filter: { level: 2 } });
    expect(level2.count).toBeGreaterThanOrEqual(20);
    expect(level2.items.every((s) => s.level === 2 && s.parentId !== '0')).toBe(true);
    const oil = level2.items.find((s) => s.code === 'oil-filters')!;
    expect(oil.elementCnt).toBeGreaterThan(0);
    const detail = await dealer.ok('section/get', { id: oil.id });
    expect(detail.breadcrumbs.map((b) => b.name)).toEqual(['Двигатель']);
    expect((await dealer.call('section/get', { id: 999999 })).status).toBe(404);
    expect((await dealer.ok('section/list', { filter: { id: [] } })).count).toBe(0);
  });
});

/** Every null, empty array, empty string and `false` in an answer, by path (decision 160: none on the wire). */
function emptyValues(value: unknown, path = ''): string[] {
  if (value === null || value === false || value === '') return [path];
  if (Array.isArray(value)) {
    return value.length === 0 ? [path] : value.flatMap((v, i) => emptyValues(v, `${path}[${i}]`));
  }
  if (typeof value === 'object') {
    return Object.entries(value as object).flatMap(([k, v]) => emptyValues(v, `${path}.${k}`));
  }
  return [];
}

describe('lean catalogue answers (decision 160)', () => {
  it('name warehouses, payment methods, units and labels once, with no nulls or empty arrays', async () => {
    const dealer = await t.as('dealer');
    const oil = await sectionOf('oil-filters');
    const page = await dealer.ok('product/list', { filter: { category: oil.id }, size: 20 });
    const card = await dealer.ok('product/get', { id: page.items[0]!.id });
    // `count` may be 0 elsewhere; here every value is meaningful.
    expect(emptyValues(page)).toEqual([]);
    expect(emptyValues(card)).toEqual([]);
    const text = JSON.stringify(page);
    // (The virtual warehouse «Под заказ» shares its name with the remains name of D.)
    const remains = Object.values(page.dict.remains ?? {});
    for (const store of (page.dict.stores ?? []).filter((s) => !remains.includes(s.name))) {
      expect(text.split(`"${store.name}"`)).toHaveLength(2);
    }
    expect(text.split(`"${page.dict.priceType!.name}"`)).toHaveLength(2);
    expect(page.dict.sectionId).toBe(oil.id);
    expect(page.items.every((p) => p.sectionId === undefined && typeof p.price === 'number')).toBe(true);
    // Expanded, the answer is the full product the screens read: stock per warehouse with names, the price.
    const [first] = expandProducts(page, 'ru').items;
    expect(first!.stores.length).toBeGreaterThan(0);
    expect(first!.stores.every((s) => s.name !== '' && s.unit === 'шт')).toBe(true);
    expect(first!.price).toMatchObject({ id: page.dict.paySystemId, name: 'Дилер', currency: 'RUB' });
    expect(first!.price!.text).toMatch(/₽$/);
    expect(first!.sectionId).toBe(oil.id);
    expect(first!.remainsName).not.toBe('');
    const detail = expandProductDetail(card, 'ru');
    expect(detail.prices.length).toBeGreaterThan(0);
    expect(detail.prices.every((p) => p.paySystemName !== '' && p.name === 'Дилер')).toBe(true);
    expect(detail.similar.length).toBeGreaterThan(0);
  });
});

describe('product/list', () => {
  it('rejects anonymous', async () => {
    expect((await t.client().call('product/list', {})).status).toBe(401);
  });
  it('pages a section sorted by name, size -1 and an empty id list', async () => {
    const dealer = await t.as('dealer');
    const oil = await sectionOf('oil-filters');
    const page = expandProducts(await dealer.ok('product/list', { filter: { category: oil.id }, size: 20 }), 'ru');
    expect(page.count).toBe(oil.elementCnt);
    expect(page.items).toHaveLength(20);
    const asc = expandProducts(await dealer.ok('product/list', { filter: { category: oil.id }, size: -1 }), 'ru');
    const desc = expandProducts(
      await dealer.ok('product/list', { filter: { category: oil.id }, size: -1, sort: { NAME: 'DESC' } }),
      'ru',
    );
    expect(desc.items.map((p) => p.name)).toEqual(asc.items.map((p) => p.name).reverse());
    const page2 = expandProducts(
      await dealer.ok('product/list', { filter: { category: oil.id }, size: 20, page: 2 }),
      'ru',
    );
    expect(page2.items[0]!.id).not.toBe(page.items[0]!.id);
    const all = expandProducts(await dealer.ok('product/list', { filter: { category: oil.id }, size: -1 }), 'ru');
    expect(all.items).toHaveLength(oil.elementCnt);
    const none = expandProducts(await dealer.ok('product/list', { filter: { id: [] } }), 'ru');
    expect(none).toEqual({ count: 0, items: [] });
  });
  it('sorts by price both ways', async () => {
    const dealer = await t.as('dealer');
    const oil = await sectionOf('oil-filters');
    const asc = expandProducts(
      await dealer.ok('product/list', { filter: { category: oil.id }, sort: { PRICE: 'ASC' }, size: 10 }),
      'ru',
    );
    const desc = expandProducts(
      await dealer.ok('product/list', { filter: { category: oil.id }, sort: { PRICE: 'DESC' }, size: 10 }),
      'ru',
    );
    const a = asc.items.map((p) => p.price!.value);
    expect([...a].sort((x, y) => x - y)).toEqual(a);
    expect(desc.items[0]!.price!.value).toBeGreaterThanOrEqual(a[a.length - 1]!);
  });
  it('filters by brand (short and prefixed keys), availability and price', async () => {
    const dealer = await t.as('dealer');
    const oil = await sectionOf('oil-filters');
    const short = expandProducts(
      await dealer.ok('product/list', { filter: { category: oil.id, F_BRAND: ['Donaldson'] }, size: -1 }),
      'ru',
    );
    expect(short.count).toBeGreaterThan(0);
    expect(short.items.every((p) => p.brand === 'Donaldson')).toBe(true);
    const long = expandProducts(
      await dealer.ok('product/list', {
        filter: { category: oil.id, arCatalogProductsFilter_BRAND: ['Donaldson'] },
        size: -1,
      }),
      'ru',
    );
    expect(long.count).toBe(short.count);
    const inStock = expandProducts(
      await dealer.ok('product/list', { filter: { category: oil.id, F_AVAILABLE: 'Y' }, size: -1 }),
      'ru',
    );
    expect(inStock.items.every((p) => p.availability === 'Y')).toBe(true);
    const cheap = expandProducts(
      await dealer.ok('product/list', { filter: { category: oil.id, F_PRICE_MAX: 5000 }, size: -1 }),
      'ru',
    );
    expect(cheap.items.every((p) => p.price!.value <= 5000)).toBe(true);
  });
  it('answers bad input with 400, never 500', async () => {
    const dealer = await t.as('dealer');
    expect((await dealer.call('product/list', { filter: { F_COLOUR: ['x'] } } as never)).status).toBe(400);
    expect((await dealer.call('product/list', { sort: { WEIGHT: 'ASC' } } as never)).status).toBe(400);
    // The fallback of docs/spec/05-validation.md is the route query string's; the API refuses (decision 065).
    expect((await dealer.call('product/list', { page: -5, size: 100000 } as never)).status).toBe(400);
    expect((await dealer.call('product/list', { filter: { search: 'x'.repeat(10_000) } })).status).toBe(400);
    for (const search of ["'; DROP TABLE products; --", '<script>alert(1)</script>', 'a\tb\n', '%_\\', '   ']) {
      expect((await dealer.call('product/list', { filter: { search } })).status).toBe(200);
    }
    // A NUL is refused like in every other text field (decisions 052, 188; rest/wire-input.test.ts).
    expect((await dealer.call('product/list', { filter: { search: 'a\u0000b\u0007' } })).status).toBe(400);
  });
});

describe('prices follow the price type and payment method', () => {
  it('dealer (dealer price) and admin (retail) see different prices; dealer2 is prompted', async () => {
    const id = 1;
    const get = async (who: 'dealer' | 'admin' | 'dealer2') =>
      (await (await t.as(who)).ok('product/price-quantity-stores', { id })).price!;
    const [bank, retail, none] = await Promise.all([get('dealer'), get('admin'), get('dealer2')]);
    expect(bank.paySystemName).toBe('Безналичный расчёт');
    expect(retail.value).toBeGreaterThan(bank.value);
    expect(bank.text).toMatch(/₽$/);
    const d2 = expandProductDetail(await (await t.as('dealer2')).ok('product/get', { id }), 'ru');
    expect(d2.needsPaySystem).toBe(true);
    expect(none.value).toBe(bank.value);
    const d1 = expandProductDetail(await (await t.as('dealer')).ok('product/get', { id }), 'ru');
    expect(d1.needsPaySystem).toBe(false);
    expect(d1.prices).toHaveLength(2);
  });
  it('a user sets their own payment method; only an administrator sets a price type or another user', async () => {
    const dealer2 = await t.as('dealer2');
    const me = await dealer2.ok('profile', {});
    const settings = await dealer2.ok('user/pricing-get', { id: me.id });
    const cash = settings.paySystems.find((p) => p.name === 'Наличные')!;
    const updated = await dealer2.ok('user/pricing-update', { id: me.id, paySystemId: cash.id });
    expect(updated.paySystemId).toBe(cash.id);
    const card = expandProductDetail(await dealer2.ok('product/get', { id: 1 }), 'ru');
    expect(card.needsPaySystem).toBe(false);
    expect(card.price!.paySystemName).toBe('Наличные');
    const bank = expandProductDetail(await (await t.as('dealer')).ok('product/get', { id: 1 }), 'ru').price!;
    expect(card.price!.value).toBeLessThan(bank.value);
    expect(
      (await dealer2.call('user/pricing-update', { id: me.id, priceTypeId: settings.priceTypes[0]!.id })).status,
    ).toBe(403);
    const dealer = await t.as('dealer');
    expect((await dealer.call('user/pricing-get', { id: me.id })).status).toBe(404);
    const admin = await t.as('admin');
    const byAdmin = await admin.ok('user/pricing-update', {
      id: me.id,
      priceTypeId: settings.priceTypes[0]!.id,
      paySystemId: null,
    });
    expect(byAdmin.paySystemId).toBeNull();
    expect((await admin.call('user/pricing-update', { id: me.id, paySystemId: 99999 })).status).toBe(400);
  });
});

describe('product/get, get-filter, series', () => {
  it('returns a card with analogues, similar items and breadcrumbs; 404 for unknown', async () => {
    const dealer = await t.as('dealer');
    const card = expandProductDetail(await dealer.ok('product/get', { id: 1 }), 'ru');
    expect(card.article).toBe('RE504836');
    expect(card.analogues.map((a) => a.article)).toEqual(expect.arrayContaining(['P550428', 'LF3349']));
    expect(card.similar.length).toBeGreaterThan(0);
    expect(card.breadcrumbs.map((b) => b.name)).toEqual(['Двигатель', 'Фильтры масляные']);
    expect(card.stores.length).toBeGreaterThan(0);
    expect((await dealer.call('product/get', { id: 987654 })).status).toBe(404);
  });
  it('counts filter values for the current filter', async () => {
    const dealer = await t.as('dealer');
    const oil = await sectionOf('oil-filters');
    const { items } = await dealer.ok('product/get-filter', { filter: { category: oil.id } });
    const brand = items.find((i) => i.CODE === 'BRAND')!;
    expect(brand.DISPLAY_TYPE).toBe('F');
    expect(brand.VALUES.reduce((n, v) => n + v.ELEMENT_COUNT, 0)).toBe(oil.elementCnt);
    expect(brand.VALUES[0]!.CONTROL_NAME).toBe('arCatalogProductsFilter_BRAND');
    const avail = items.find((i) => i.CODE === 'AVAILABLE')!;
    expect(avail.VALUES.map((v) => v.HTML_VALUE)).toEqual(['Да', 'Нет']);
    expect(items.find((i) => i.CODE === 'PRICE')!.PRICE).toBe(true);
    const narrowed = await dealer.ok('product/get-filter', { filter: { category: oil.id, F_BRAND: ['Donaldson'] } });
    const model = narrowed.items.find((i) => i.CODE === 'MODEL')!;
    const donaldson = expandProducts(
      await dealer.ok('product/list', {
        filter: { category: oil.id, F_BRAND: ['Donaldson'] },
        size: -1,
      }),
      'ru',
    );
    expect(model.VALUES.reduce((n, v) => n + v.ELEMENT_COUNT, 0)).toBe(donaldson.count);
    // The price range (walked from the ends of the price index) is the cheapest and dearest product the
    // other facets allow, as the products' own prices say.
    const rangeOf = (answer: typeof items) =>
      answer.find((i) => i.CODE === 'PRICE')!.VALUES.map((v) => Number(v.VALUE));
    const prices = (list: typeof donaldson) => list.items.flatMap((p) => (p.price ? [p.price.value] : []));
    const all = expandProducts(await dealer.ok('product/list', { filter: { category: oil.id }, size: -1 }), 'ru');
    expect(rangeOf(items)).toEqual([Math.floor(Math.min(...prices(all))), Math.ceil(Math.max(...prices(all)))]);
    // With a price bound every count joins the prices: the brands add up to what the list finds.
    const cheapFilter = { category: oil.id, F_PRICE_MAX: 20000 };
    const cheap = await dealer.ok('product/get-filter', { filter: cheapFilter });
    const cheapList = expandProducts(await dealer.ok('product/list', { filter: cheapFilter, size: -1 }), 'ru');
    expect(cheapList.count).toBeGreaterThan(0);
    expect(cheapList.count).toBeLessThan(all.count);
    const cheapBrands = cheap.items.find((i) => i.CODE === 'BRAND')!;
    expect(cheapBrands.VALUES.reduce((n, v) => n + v.ELEMENT_COUNT, 0)).toBe(cheapList.count);
    expect(rangeOf(narrowed.items)).toEqual([
      Math.floor(Math.min(...prices(donaldson))),
      Math.ceil(Math.max(...prices(donaldson))),
    ]);
  });
  it('gives the ordered-quantity series (empty without orders)', async () => {
    const dealer = await t.as('dealer');
    const series = await dealer.ok('product/get-kolichestvo-zakazannykh-tovarov', { id: 1 });
    expect(Array.isArray(series.items)).toBe(true);
  });
});

describe('search', () => {
  const find = async (search: string) =>
    expandProducts(await (await t.as('dealer')).ok('product/list', { filter: { search }, size: 10 }), 'ru').items;
  it('finds a number however it is typed', async () => {
    for (const q of ['6005-028-743', '6005028743', '6005 028 743', '6005.028.743']) {
      const [first] = await find(q);
      expect(first?.article, q).toBe('6005-028-743');
      expect(first?.match?.kind).toBe('ARTICLE');
    }
    const [cyr] = await find('RЕ504836'); // a Cyrillic Е
    expect(cyr?.article).toBe('RE504836');
    const [rsm] = await find('PCM-10.01.50.115'); // Latin letters for a Cyrillic number
    expect(rsm?.article).toBe('РСМ-10.01.50.115');
  });
  it('finds digits inside a number, prefixes and lost leading zeros', async () => {
    const part = await find('890176');
    expect(part[0]?.article).toBe('CU-890176-NR1');
    expect(part[0]?.match?.kind).toBe('ARTICLE_PART');
    const prefix = await find('RE5048');
    expect(prefix[0]?.match?.kind).toBe('ARTICLE_PREFIX');
    const zeros = await find('12345');
    expect(zeros.find((p) => p.article === '00123-45')?.match?.kind).toBe('ARTICLE_ZEROS');
  });
  it('ranks the number before its analogues and says how they relate', async () => {
    const items = await find('RE504836');
    expect(items[0]?.article).toBe('RE504836');
    const analogues = items.filter((p) => p.match?.kind === 'ANALOGUE');
    expect(analogues.map((p) => p.article)).toEqual(expect.arrayContaining(['P550428', 'LF3349']));
    expect(analogues[0]?.match?.relation).toBe('OEM');
  });
  it('finds by words with stemming and with a typo', async () => {
    const plural = await find('фильтры масляные');
    expect(plural.length).toBeGreaterThan(0);
    expect(plural.every((p) => /масл/i.test(p.name))).toBe(true);
    const typo = await find('фильтр маслянный');
    expect(typo.length).toBeGreaterThan(0);
    expect(typo[0]?.match).toEqual({ kind: 'TEXT', fuzzy: true });
    expect(normalizeArticle('СU-890176-NR1')).toBe('CU890176NR1'); // a Cyrillic С
  });
  it('suggests', async () => {
    const dealer = await t.as('dealer');
    const { items } = await dealer.ok('product/suggest', { search: '6005-028' });
    expect(items[0]?.article).toBe('6005-028-743');
  });
});

describe('favourites belong to their owner', () => {
  it('rejects anonymous', async () => {
    expect((await t.client().call('favorite/list', {})).status).toBe(401);
  });
  it('adds, lists, hides from another dealer and deletes', async () => {
    const dealer2 = await t.as('dealer2');
    const dealer = await t.as('dealer');
    expect(await dealer2.ok('favorite/create', { id: 3 })).toEqual({ id: 3, value: true });
    const mine = expandProducts(await dealer2.ok('favorite/list', {}), 'ru');
    expect(mine.items.map((p) => p.id)).toContain(3);
    expect(mine.items.every((p) => p.isFavorite)).toBe(true);
    const theirs = expandProducts(await dealer.ok('favorite/list', {}), 'ru');
    expect(theirs.items.map((p) => p.id)).not.toContain(3);
    expect((await dealer.call('favorite/delete', { id: 3 })).status).toBe(404);
    expect((await dealer2.ok('favorite/delete', { id: 3 })).ok).toBe(true);
    expect((await dealer2.call('favorite/create', { id: 999999 })).status).toBe(404);
  });
});

describe('payment/list and shipping/list', () => {
  it('lists payment methods with the active one marked', async () => {
    const dealer = await t.as('dealer');
    const list = await dealer.ok('payment/list', {});
    expect(list.items.filter((p) => p.isActive)).toHaveLength(1);
    const shipping = await dealer.call('shipping/list', {});
    expect(shipping.status).toBe(200);
    expect((await t.client().call('payment/list', {})).status).toBe(401);
  });
});

describe('demo seed', () => {
  it('stores every part number with the key normalizeArticle gives', async () => {
    const rows = await t.app.portal.database.db.selectFrom('products').select(['article', 'article_key']).execute();
    expect(rows.length).toBeGreaterThanOrEqual(2000);
    const wrong = rows.filter((r) => normalizeArticle(r.article) !== r.article_key);
    expect(wrong).toEqual([]);
  });
  it('keeps availability in step with stock through the trigger', async () => {
    const db = t.app.portal.database.db;
    await db.deleteFrom('product_stock').where('product_id', '=', 2).execute();
    const gone = await db
      .selectFrom('products')
      .select(['availability', 'stock_real'])
      .where('id', '=', 2)
      .executeTakeFirstOrThrow();
    expect(gone.availability).toBe('N');
    const store = await db.selectFrom('stores').select('id').where('is_virtual', '=', true).executeTakeFirstOrThrow();
    await db.insertInto('product_stock').values({ product_id: 2, store_id: store.id, amount: 5 }).execute();
    const onOrder = await db
      .selectFrom('products')
      .select('availability')
      .where('id', '=', 2)
      .executeTakeFirstOrThrow();
    expect(onOrder.availability).toBe('D');
  });
  it('keeps the stock per warehouse on the product in step with the stock rows (migration 0014)', async () => {
    const db = t.app.portal.database.db;
    // The seed writes the strings by formula; every product must match what the rows say.
    const { rows: mismatched } = await sql<{ id: number }>`
      SELECT p.id FROM products p
      LEFT JOIN (SELECT product_id, string_agg(store_id || ':' || amount, ',' ORDER BY store_id) AS s
                 FROM product_stock GROUP BY product_id) t ON t.product_id = p.id
      WHERE p.stock_by_store <> coalesce(t.s, '')`.execute(db);
    expect(mismatched).toEqual([]);
    const dealer = await t.as('dealer');
    const stores = await db.selectFrom('stores').select(['id', 'name']).orderBy('sort').orderBy('id').execute();
    await db.deleteFrom('product_stock').where('product_id', '=', 3).execute();
    await db
      .insertInto('product_stock')
      .values([
        { product_id: 3, store_id: stores[1]!.id, amount: 7 },
        { product_id: 3, store_id: stores[0]!.id, amount: 2 },
      ])
      .execute();
    const card = expandProductDetail(await dealer.ok('product/get', { id: 3 }), 'ru');
    // In the warehouses' own order, with the amounts just written.
    expect(card.stores.map((s) => [s.name, s.amount])).toEqual([
      [stores[0]!.name, 2],
      [stores[1]!.name, 7],
    ]);
    await db.deleteFrom('product_stock').where('product_id', '=', 3).execute();
    expect(expandProductDetail(await dealer.ok('product/get', { id: 3 }), 'ru').stores).toEqual([]);
  });
  it('deletes the prices and stock of a deleted product, price type or warehouse (migration 0170)', async () => {
    const db = t.app.portal.database.db;
    const cells = async (column: 'product_id' | 'price_type_id' | 'pay_system_id', id: number) =>
      (await db.selectFrom('product_prices').select('value').where(column, '=', id).execute()).length;
    const stock = async (column: 'product_id' | 'store_id', id: number) =>
      (await db.selectFrom('product_stock').select('amount').where(column, '=', id).execute()).length;
    const type = await db
      .insertInto('price_types')
      .values({ name: 'Временный', code: 'TMP' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const store = await db
      .insertInto('stores')
      .values({ name: 'Временный склад', code: 'TMP' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const pay = await db.selectFrom('pay_systems').select('id').orderBy('id').executeTakeFirstOrThrow();
    const { id: productId } = await db
      .insertInto('products')
      .values({ name: 'Удаляемый товар' })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const product of [productId, 1]) {
      await db
        .insertInto('product_prices')
        .values({ product_id: product, price_type_id: type.id, pay_system_id: pay.id, value: 1 })
        .execute();
      await db.insertInto('product_stock').values({ product_id: product, store_id: store.id, amount: 3 }).execute();
    }
    expect(await cells('product_id', productId)).toBeGreaterThan(0);
    await db.deleteFrom('products').where('id', '=', productId).execute();
    expect([await cells('product_id', productId), await stock('product_id', productId)]).toEqual([0, 0]);

    expect([await cells('price_type_id', type.id), await stock('store_id', store.id)]).toEqual([1, 1]);
    await db.deleteFrom('price_types').where('id', '=', type.id).execute();
    await db.deleteFrom('stores').where('id', '=', store.id).execute();
    expect([await cells('price_type_id', type.id), await stock('store_id', store.id)]).toEqual([0, 0]);
  });
  it('counts again after any catalogue write, whoever makes it (cached counts, migration 0013)', async () => {
    const dealer = await t.as('dealer');
    const db = t.app.portal.database.db;
    const oil = await sectionOf('oil-filters');
    const filter = { category: oil.id, F_AVAILABLE: 'Y' as const };
    const availableOf = async () => {
      const { items } = await dealer.ok('product/get-filter', { filter: { category: oil.id } });
      return items.find((i) => i.CODE === 'AVAILABLE')!.VALUES.find((v) => v.VALUE === 'Y')!.ELEMENT_COUNT;
    };
    const before = await availableOf();
    const listed = expandProducts(await dealer.ok('product/list', { filter, size: 1 }), 'ru');
    expect(await availableOf()).toBe(before); // served again, unchanged
    expect(listed.count).toBe(before);
    const product = await db
      .selectFrom('products')
      .select('id')
      .where('section_id', '=', oil.id)
      .where('availability', '=', 'Y')
      .executeTakeFirstOrThrow();
    // Written straight to the database, as an import would: no server code runs.
    await db.deleteFrom('product_stock').where('product_id', '=', product.id).execute();
    expect(await availableOf()).toBe(before - 1);
    expect(expandProducts(await dealer.ok('product/list', { filter, size: 1 }), 'ru').count).toBe(before - 1);
    const price = await dealer.ok('product/get-filter', { filter: { category: oil.id } });
    const max = Number(price.items.find((i) => i.CODE === 'PRICE')!.VALUES[1]!.VALUE);
    await db
      .updateTable('product_prices')
      .set({ value: max + 1000 })
      .where('product_id', '=', product.id)
      .execute();
    const raised = await dealer.ok('product/get-filter', { filter: { category: oil.id } });
    expect(Number(raised.items.find((i) => i.CODE === 'PRICE')!.VALUES[1]!.VALUE)).toBe(max + 1000);
  });
});
