import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../../testing/index.js';
import { newProduct } from '../baskets/testing.js';
import { fixture, OneC } from '../exchange/testing.js';
import { tellArrivals } from './arrivals.js';

/**
 * Expected arrivals and «сообщить о поступлении» (decision 207), through real HTTP and the real 1C exchange on
 * the real database: arrivals from 1C's offers and from the back office, a dealer's requests and their
 * ownership, and the notice and e-mail sent once when stock comes — also when two exchanges finish at once.
 */

const EXCHANGE = { login: 'exchange', password: 'Exchange#2026' };
let t: TestApp;
const db = () => t.app.portal.database.db;
let admin: TestClient;
let dealer: TestClient;
let dealer2: TestClient;
// Digits in every number: a text without one is searched as words, not as a part number (catalog/search.ts).
const stamp = `${Date.now() % 1e9}`;
vi.setConfig({ testTimeout: 120_000 });

beforeAll(async () => {
  t = await createTestApp({
    exchange: { ...EXCHANGE, fileLimitBytes: 1 << 20, maxFileBytes: 20 * 1024 * 1024, stepMs: 150 },
    jobs: { worker: true, concurrency: 1, pollMs: 50, retryBaseMs: 500 },
  });
  [admin, dealer, dealer2] = await Promise.all([t.as('admin'), t.as('dealer'), t.as('dealer2')]);
}, 120_000);
afterAll(() => t?.close());

/** A product 1C knows (its Ид), with nothing in stock. */
async function outOfStock(label: string) {
  const p = await newProduct(db(), { article: `ARR-${label}-${stamp}`, stock: 0 });
  const ext = `arr-${label}-${stamp}`;
  await db().updateTable('products').set({ external_id: ext }).where('id', '=', p.id).execute();
  await db().deleteFrom('product_stock').where('product_id', '=', p.id).execute();
  return { ...p, ext };
}

/** 1C sends an offers file with the product's stock and expected arrivals, as a whole exchange session. */
async function exchangeStock(ext: string, stock: number) {
  const c = new OneC(t.app, 'catalog');
  expect((await c.checkauth(EXCHANGE.login, EXCHANGE.password)).lines[0]).toBe('success');
  await c.init();
  const name = `rests0_${Math.floor(Math.random() * 1e9)}.xml`;
  expect(
    (await c.file(name, fixture('arrivals0_1-2.08.xml', 'utf-8', { '{EXT}': ext, '{STOCK}': String(stock) }))).lines[0],
  ).toBe('success');
  const done = await c.import(name);
  expect(done.lines[0], done.body).toBe('success');
}
const telling = () => ({
  db: db(),
  mailer: t.app.portal.mailer,
  config: t.app.portal.config,
  log: { warn: () => undefined },
});
const noticesOf = (login: string, link: string) =>
  db()
    .selectFrom('notices as n')
    .innerJoin('users as u', 'u.id', 'n.user_id')
    .select(['n.title', 'n.description'])
    .where('u.login', '=', login)
    .where('n.link', '=', link)
    .execute();

describe('expected arrivals', () => {
  it('reads 1C’s ОжидаемыеПоступления per warehouse and date, and shows them with the stock', async () => {
    const p = await outOfStock('1C');
    await exchangeStock(p.ext, 12);
    const { items } = await dealer.ok('product/arrivals', { ids: [p.id] });
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ product: p.id, stock: 12, subscribed: false });
    expect(items[0]!.arrivals.map((a) => [a.date, a.quantity, a.storeName !== ''])).toEqual([
      ['2026-12-12', 40, true],
      ['2027-01-20', 15, false],
    ]);
  });

  it('lets the back office set arrivals by hand; 1C does not undo them', async () => {
    const p = await outOfStock('MAN');
    const stores = await db()
      .selectFrom('stores')
      .select('id')
      .where('is_virtual', '=', false)
      .orderBy('sort')
      .execute();
    const set = await admin.ok('product/arrivals-update', {
      id: p.id,
      arrivals: [{ store: stores[0]!.id, date: '2026-12-20', quantity: 8 }],
    });
    expect(set.arrivals).toMatchObject([{ date: '2026-12-20', quantity: 8, store: stores[0]!.id }]);
    await exchangeStock(p.ext, 0);
    const { items } = await dealer.ok('product/arrivals', { ids: [p.id] });
    expect(items[0]!.arrivals.map((a) => a.date)).toEqual(['2026-12-12', '2026-12-20', '2027-01-20']);
    const bad = await admin.call('product/arrivals-update', {
      id: p.id,
      arrivals: [{ date: '20.12.2026', quantity: 8 }],
    });
    expect(bad.status).toBe(400);
    expect((await dealer.call('product/arrivals-update', { id: p.id, arrivals: [] })).status).toBe(403);
  });
});

describe('the back office’s arrivals editor', () => {
  it('lists the warehouses to administrators only', async () => {
    const { items } = await admin.ok('product/arrival-stores', {});
    const stores = await db().selectFrom('stores').select(['id', 'name']).orderBy('sort').orderBy('id').execute();
    expect(items.map((s) => [s.id, s.name])).toEqual(stores.map((s) => [s.id, s.name]));
    expect((await dealer.call('product/arrival-stores', {})).status).toBe(403);
  });

  it('replaces only the card’s own rows, says which are 1C’s, and removes them all with an empty list', async () => {
    const p = await outOfStock('EDIT');
    await exchangeStock(p.ext, 0);
    const [store] = (await admin.ok('product/arrival-stores', {})).items;
    const set = await admin.ok('product/arrivals-update', {
      id: p.id,
      arrivals: [
        { store: store!.id, date: '2026-12-12', quantity: 5 },
        { store: null, date: '2027-02-01', quantity: 2.5 },
      ],
    });
    const of = (source: string, list: typeof set.arrivals) =>
      list.filter((a) => a.source === source).map((a) => [a.date, a.quantity, a.store]);
    expect(of('MANUAL', set.arrivals)).toEqual([
      ['2026-12-12', 5, store!.id],
      ['2027-02-01', 2.5, null],
    ]);
    expect(of('1C', set.arrivals).map(([date, quantity]) => [date, quantity])).toEqual([
      ['2026-12-12', 40],
      ['2027-01-20', 15],
    ]);
    const cleared = await admin.ok('product/arrivals-update', { id: p.id, arrivals: [] });
    expect(cleared.arrivals.map((a) => a.source)).toEqual(['1C', '1C']);
    const audit = await db()
      .selectFrom('audit_log')
      .select('entity')
      .where('entity', '=', 'product-arrivals')
      .where('entity_id', '=', String(p.id))
      .execute();
    expect(audit).toHaveLength(2);
  });

  it('refuses an unknown warehouse, a day the calendar lacks and a quantity of nothing with 400, in Russian', async () => {
    const p = await outOfStock('BAD');
    const store = await admin.call('product/arrivals-update', {
      id: p.id,
      arrivals: [
        { date: '2026-12-01', quantity: 1 },
        { store: 999999, date: '2026-12-01', quantity: 1 },
      ],
    });
    expect(store.status).toBe(400);
    expect(store.body.fields).toEqual({ 'arrivals.1.store': 'Такого склада нет — выберите склад из списка' });
    const day = await admin.call('product/arrivals-update', {
      id: p.id,
      arrivals: [{ date: '2026-02-31', quantity: 1 }],
    });
    expect(day.status).toBe(400);
    expect(day.body.fields?.['arrivals.0.date']).toMatch(/дат/i);
    const none = await admin.call('product/arrivals-update', {
      id: p.id,
      arrivals: [{ date: '2026-12-01', quantity: 0 }],
    });
    expect(none.status).toBe(400);
    expect(Object.keys(none.body.fields ?? {})).toEqual(['arrivals.0.quantity']);
    // Nothing of it was written.
    expect((await admin.ok('product/arrivals', { ids: [p.id] })).items[0]!.arrivals).toEqual([]);
    expect((await admin.call('product/arrivals-update', { id: 999999999, arrivals: [] })).status).toBe(404);
  });
});

describe('«сообщить о поступлении»', () => {
  it('keeps one open request per product, lists only the dealer’s own, and refuses another’s', async () => {
    const p = await outOfStock('OWN');
    const [a, b] = await Promise.all([
      dealer.ok('arrival-subscription/create', { product: p.id }),
      dealer.ok('arrival-subscription/create', { product: p.id }),
    ]);
    expect(a.id).toBe(b.id);
    expect(a).toMatchObject({ product: p.id, article: p.article, notifiedAt: null });
    expect((await dealer.ok('product/arrivals', { ids: [p.id] })).items[0]!.subscribed).toBe(true);
    expect((await dealer2.ok('product/arrivals', { ids: [p.id] })).items[0]!.subscribed).toBe(false);

    const mine = await dealer.ok('arrival-subscription/list', { filter: { waiting: true } });
    expect(mine.items.map((s) => s.id)).toContain(a.id);
    const theirs = await dealer2.ok('arrival-subscription/list', {});
    expect(theirs.items.map((s) => s.id)).not.toContain(a.id);

    const refused = await dealer2.call('arrival-subscription/delete', { id: a.id });
    expect(refused.status).toBe(404);
    expect(refused.body.error).toBe('NOT_FOUND');
    expect((await dealer.call('arrival-subscription/create', { product: 999_999_999 })).status).toBe(404);
    await dealer.ok('arrival-subscription/delete', { id: a.id });
    expect((await dealer.ok('arrival-subscription/list', {})).items.map((s) => s.id)).not.toContain(a.id);
  });

  it('tells the dealer once — a notice and an e-mail — when an exchange brings stock, and ends the request', async () => {
    const p = await outOfStock('ONE');
    const link = `/catalog/product/${p.id}/`;
    const sub = await dealer.ok('arrival-subscription/create', { product: p.id });
    const mailsBefore = (await t.outbox()).length;

    await exchangeStock(p.ext, 0);
    expect(await noticesOf('dealer', link)).toHaveLength(0);

    await exchangeStock(p.ext, 5);
    const notices = await noticesOf('dealer', link);
    expect(notices).toHaveLength(1);
    expect(notices[0]!.title).toContain(p.article);
    expect(notices[0]!.description).toContain('в наличии 5 шт.');
    const mails = (await t.outbox()).slice(mailsBefore).filter((m) => m.text.includes(link));
    expect(mails).toHaveLength(1);
    const [ended] = (await dealer.ok('arrival-subscription/list', {})).items.filter((s) => s.id === sub.id);
    expect(ended!.notifiedAt).not.toBeNull();

    // Stock comes again: nothing more is said.
    await exchangeStock(p.ext, 9);
    expect(await noticesOf('dealer', link)).toHaveLength(1);
  });

  it('two exchanges and two checks at once tell each waiting dealer exactly once', async () => {
    const p = await outOfStock('RACE');
    const link = `/catalog/product/${p.id}/`;
    await dealer.ok('arrival-subscription/create', { product: p.id });
    await dealer2.ok('arrival-subscription/create', { product: p.id });
    await Promise.all([
      exchangeStock(p.ext, 3),
      exchangeStock(p.ext, 4),
      tellArrivals(telling()),
      tellArrivals(telling()),
    ]);
    expect(await noticesOf('dealer', link)).toHaveLength(1);
    expect(await noticesOf('dealer2', link)).toHaveLength(1);
    const mails = (await t.outbox()).filter((m) => m.text.includes(link));
    expect(mails).toHaveLength(2);
  });
});
