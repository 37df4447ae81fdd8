import { expandProductDetail, expandProducts } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../../testing/index.js';
import { fixture, OneC } from './testing.js';

/**
 * A supplier's first exchange on the demo portal (decision 187): its 1C price types and warehouses named like
 * the portal's land on them (no second «Дилер», no second «Склад Москва»), the dealers see the prices at once,
 * the exchange page names the 1C price types no dealer sees, and units come by their OKEI code.
 */

const EXCHANGE = { login: 'exchange', password: 'Exchange#2026' };
const DEALER_TYPE_1 = '9f0e3a2c-7d41-11ef-b8c1-00155d000001';
const WHOLESALE_TYPE = '9f0e3a2c-7d41-11ef-b8c1-00155d000002';
const DEALER_TYPE_2 = 'c7a5e1f0-0000-4000-8000-0000000000d1';
let t: TestApp;
const db = () => t.app.portal.database.db;
let dealer: TestClient;
let admin: TestClient;

beforeAll(async () => {
  t = await createTestApp({
    exchange: { ...EXCHANGE, fileLimitBytes: 64 * 1024, maxFileBytes: 20 * 1024 * 1024, stepMs: 150 },
    jobs: { worker: true, concurrency: 1, pollMs: 50, retryBaseMs: 500 },
  });
  dealer = await t.as('dealer');
  admin = await t.as('admin');
});
afterAll(() => t?.close());

async function exchange(files: Array<{ name: string; fixture: string }>) {
  const c = new OneC(t.app);
  expect((await c.checkauth(EXCHANGE.login, EXCHANGE.password)).lines[0]).toBe('success');
  await c.init();
  for (const f of files) {
    expect((await c.file(f.name, fixture(f.fixture))).lines[0]).toBe('success');
    const done = await c.import(f.name);
    expect(done.lines[0], done.body).toBe('success');
  }
}

const rowsNamed = async (table: 'price_types' | 'stores', name: string) =>
  (await db().selectFrom(table).select(['id', 'name', 'code', 'external_id']).execute()).filter(
    (r) => r.name.trim().toLowerCase() === name.toLowerCase(),
  );
const productBy = async (client: TestClient, search: string) =>
  expandProducts(await client.ok('product/list', { filter: { search }, size: 10 }), 'ru').items;

describe('CommerceML 2.04: price type «Дилер» and «Склад Москва» with new Ид', () => {
  let demoDealer: { id: number; code: string };
  let demoMoscow: { id: number; code: string };

  it('the demo has one «Дилер» and one «Склад Москва», neither with a 1C Ид', async () => {
    const [type, ...moreTypes] = await rowsNamed('price_types', 'Дилер');
    const [store, ...moreStores] = await rowsNamed('stores', 'Склад Москва');
    expect(moreTypes).toEqual([]);
    expect(moreStores).toEqual([]);
    expect(type!.external_id).toBeNull();
    expect(store!.external_id).toBeNull();
    demoDealer = type!;
    demoMoscow = store!;
  });

  it('lands on them: one of each name, the dealer sees the price and stock from the file and can buy', async () => {
    await exchange([
      { name: 'import.xml', fixture: 'first-import-2.04.xml' },
      { name: 'offers.xml', fixture: 'first-offers-2.04.xml' },
    ]);
    expect(await rowsNamed('price_types', 'Дилер')).toEqual([
      { ...demoDealer, name: 'Дилер', external_id: DEALER_TYPE_1 },
    ]);
    expect(await rowsNamed('stores', 'Склад Москва')).toEqual([
      { ...demoMoscow, name: 'Склад Москва', external_id: '4b1d2c3e-7d41-11ef-b8c1-00155d000010' },
    ]);
    const mapping = await db()
      .selectFrom('price_mappings')
      .select(['price_type_id', 'pay_system_id'])
      .where('external_id', '=', DEALER_TYPE_1)
      .executeTakeFirstOrThrow();
    expect(mapping).toEqual({ price_type_id: demoDealer.id, pay_system_id: null });

    const [boots] = await productBy(dealer, 'FRST-0001');
    expect(boots!.price).toMatchObject({ value: 2345.6, currency: 'RUB' });
    expect(boots!.stores.map((s) => [s.id, s.name, s.amount])).toEqual([[demoMoscow.id, 'Склад Москва', 6]]);
    const basket = await dealer.ok('basket/create', {});
    const added = await dealer.call('basket/add', { id: basket.id, fields: [{ product: boots!.id, quantity: 2 }] });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const lines = await dealer.ok('basket-item/list', { size: -1, filter: { basket: basket.id } });
    expect(lines.items.map((l) => [l.product, l.priceBuy?.value, l.measureCode])).toEqual([[boots!.id, 2345.6, '715']]);
  });

  it('the exchange page names the 1C price types no dealer has, until a dealer is given one', async () => {
    const listed = await admin.ok('exchange/price-mapping/list', {});
    const wholesale = listed.items.find((m) => m.externalId === WHOLESALE_TYPE)!;
    expect(wholesale.externalName).toBe('Оптовая');
    // «Оптовая» is a new portal price type nobody has; «Дилер» is the demo dealers' own.
    expect(listed.withoutDealers).toEqual([
      { id: wholesale.id, externalId: WHOLESALE_TYPE, externalName: 'Оптовая', priceTypeName: 'Оптовая' },
    ]);
    // Not used at all: not a price type anybody misses.
    await admin.ok('exchange/price-mapping/update', { id: wholesale.id, priceTypeId: null, paySystemId: null });
    expect((await admin.ok('exchange/price-mapping/list', {})).withoutDealers).toEqual([]);
    await admin.ok('exchange/price-mapping/update', {
      id: wholesale.id,
      priceTypeId: (await rowsNamed('price_types', 'Оптовая'))[0]!.id,
      paySystemId: null,
    });
    expect((await admin.ok('exchange/price-mapping/list', {})).withoutDealers.map((w) => w.externalId)).toEqual([
      WHOLESALE_TYPE,
    ]);
    const wholesaleType = (await rowsNamed('price_types', 'Оптовая'))[0]!.id;
    await db().updateTable('users').set({ price_type_id: wholesaleType }).where('login', '=', 'dealer2').execute();
    expect((await admin.ok('exchange/price-mapping/list', {})).withoutDealers).toEqual([]);
    // An inactive dealer sees nothing: the price type is without dealers again.
    await db().updateTable('users').set({ active: false }).where('login', '=', 'dealer2').execute();
    expect((await admin.ok('exchange/price-mapping/list', {})).withoutDealers.map((w) => w.externalId)).toEqual([
      WHOLESALE_TYPE,
    ]);
    await db().updateTable('users').set({ active: true }).where('login', '=', 'dealer2').execute();
  });

  it('an administrator can still re-point a mapping matched by name', async () => {
    const listed = await admin.ok('exchange/price-mapping/list', {});
    const dealerMapping = listed.items.find((m) => m.externalId === DEALER_TYPE_1)!;
    const retail = listed.priceTypes.find((p) => p.name === 'Розница')!.id;
    const pointed = await admin.ok('exchange/price-mapping/update', {
      id: dealerMapping.id,
      priceTypeId: retail,
      paySystemId: null,
    });
    expect(pointed.priceTypeId).toBe(retail);
    // A later exchange of the same price type keeps the administrator's choice.
    await exchange([{ name: 'offers.xml', fixture: 'first-offers-2.04.xml' }]);
    const after = await admin.ok('exchange/price-mapping/list', {});
    expect(after.items.find((m) => m.id === dealerMapping.id)!.priceTypeId).toBe(retail);
    await admin.ok('exchange/price-mapping/update', {
      id: dealerMapping.id,
      priceTypeId: demoDealer.id,
      paySystemId: null,
    });
  });

  it('units by OKEI code: «пар» 715 «Пара (2 шт.)»; a code with its symbol; the text form as before', async () => {
    const [boots] = await productBy(dealer, 'FRST-0001');
    expect(boots!.unit).toEqual({ id: '715', symbol: 'пар', name: 'Пара (2 шт.)' });
    const [grease] = await productBy(dealer, 'FRST-0002');
    expect(grease!.unit).toEqual({ id: '166', symbol: 'кг', name: 'Килограмм' });
    const [clamp] = await productBy(dealer, 'FRST-0003');
    expect(clamp!.unit).toEqual({ id: '778', symbol: 'упак.', name: 'Упаковка' });
    dealer.language = 'en';
    const english = expandProductDetail(await dealer.ok('product/get', { id: boots!.id }), 'en');
    expect(english.unit).toEqual({ id: '715', symbol: 'pair', name: 'pair (2 pcs)' });
    dealer.language = 'ru';
  });
});

describe('CommerceML 2.08: names differing in case and spaces, a price type 1C created anew', () => {
  it('«  дилер » with another Ид takes over the portal «Дилер»; «СКЛАД   НОВОСИБИРСК» lands on «Склад Новосибирск»', async () => {
    const [demoDealer] = await rowsNamed('price_types', 'Дилер');
    const [novosibirsk] = await rowsNamed('stores', 'Склад Новосибирск');
    await exchange([
      { name: 'import0_1.xml', fixture: 'first-import0_1-2.08.xml' },
      { name: 'offers0_1.xml', fixture: 'first-offers0_1-2.08.xml' },
    ]);
    // Still one of each, with the portal's own spelling, now under 1C's new Ид.
    expect(await rowsNamed('price_types', 'Дилер')).toEqual([{ ...demoDealer, external_id: DEALER_TYPE_2 }]);
    expect(
      (await db().selectFrom('stores').select(['id', 'name', 'external_id']).execute()).filter((s) =>
        /новосибирск/i.test(s.name),
      ),
    ).toEqual([
      { id: novosibirsk!.id, name: 'Склад Новосибирск', external_id: 'c7a5e1f0-0000-4000-8000-0000000000s1' },
    ]);
    const [gloves] = await productBy(dealer, 'FRST-0801');
    expect(gloves!.price).toMatchObject({ value: 185.4 });
    expect(gloves!.unit).toEqual({ id: '715', symbol: 'пар', name: 'Пара (2 шт.)' });
    expect(gloves!.stores.map((s) => [s.name, s.amount])).toEqual([['Склад Новосибирск', 11]]);
  });
});
