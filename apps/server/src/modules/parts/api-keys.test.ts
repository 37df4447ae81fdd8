import { normalizeArticle } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, keyCall, type TestApp, type TestClient } from '../../testing/index.js';
import { newProduct } from '../baskets/testing.js';

/**
 * Parts know-how by API key (decisions 205–207, 210): a dealer's own system calls the methods with
 * `Authorization: Bearer <key>` and no cookie, over real HTTP on the real database. The read scope reads
 * replacements, expected arrivals and a basket's alternatives; the ordering scope also asks «сообщить о
 * поступлении» and swaps or splits a short line; the back office's editors stay closed to any key; another
 * dealer's key finds the first dealer's basket and requests exactly as missing ones.
 */

let t: TestApp;
const db = () => t.app.portal.database.db;
let admin: TestClient;
let dealer: TestClient;
let dealer2: TestClient;
// Digits in every number: a text without one is searched as words, not as a part number (catalog/search.ts).
const stamp = `${Date.now() % 1e9}`;
const n = (s: string) => `${s}-${stamp}`;

const REFUSED = 'Этот метод недоступен по ключу API с такими правами';

/** A call as a dealer's own system makes it: a Bearer key, no cookie, no sessid. */
const withKey = (token: string, name: string, body: unknown) => keyCall(t.app, token, name, body);
const keyOf = async (client: TestClient, scope: 'read' | 'order') =>
  (await client.ok('api-key/create', { name: `Запчасти ${scope}`, scope })).token;

/** `real` in the first real warehouse, nothing anywhere else. */
async function setStock(productId: number, real: number) {
  const store = await db()
    .selectFrom('stores')
    .select('id')
    .where('is_virtual', '=', false)
    .orderBy('sort')
    .executeTakeFirstOrThrow();
  await db().deleteFrom('product_stock').where('product_id', '=', productId).execute();
  if (real > 0)
    await db()
      .insertInto('product_stock')
      .values({ product_id: productId, store_id: store.id, amount: real })
      .execute();
}
async function part(article: string, real: number, price = 100) {
  const p = await newProduct(db(), { article: n(article), price });
  await setStock(p.id, real);
  return p;
}

let oldPart: { id: number; article: string };
let newPart: { id: number; article: string };
let analogue: { id: number; article: string };
let basket: number;
let line: number;

beforeAll(async () => {
  t = await createTestApp();
  [admin, dealer, dealer2] = await Promise.all([t.as('admin'), t.as('dealer'), t.as('dealer2')]);
  // The old number: 1 in stock; replaced one-way by a part with plenty, and an analogue in stock too.
  oldPart = await part('KEY-OLD', 1);
  newPart = await part('KEY-NEW', 50, 300);
  analogue = await part('KEY-AN', 20, 90);
  await admin.ok('product/replacements-update', {
    id: oldPart.id,
    links: [{ article: newPart.article, kind: 'REPLACED', ratio: 1, effectiveFrom: null }],
  });
  await db()
    .insertInto('product_analogues')
    .values({
      product_id: oldPart.id,
      article: analogue.article,
      article_key: normalizeArticle(analogue.article),
      brand: 'Test',
      analogue_product_id: analogue.id,
      kind: 'ANALOGUE',
    })
    .execute();
  await admin.ok('product/arrivals-update', {
    id: oldPart.id,
    arrivals: [{ store: null, date: '2030-12-12', quantity: 40 }],
  });
  basket = (await dealer.ok('basket/create', { name: `по ключу ${stamp}` })).id;
  line = (await dealer.ok('basket-item/create', { basket, product: oldPart.id, amount: 5 })).id;
}, 120_000);
afterAll(() => t?.close());

describe('a read-only key', () => {
  let token: string;
  beforeAll(async () => {
    token = await keyOf(dealer, 'read');
  });

  it('reads replacements, expected arrivals and a short line’s alternatives as its owner does', async () => {
    const repl = await withKey(token, 'product/replacements', { id: oldPart.id });
    expect(repl.status).toBe(200);
    expect(repl.body.result).toEqual(await dealer.ok('product/replacements', { id: oldPart.id }));
    expect((repl.body.result as { current: Array<{ productId: number }> }).current.map((c) => c.productId)).toEqual([
      newPart.id,
    ]);

    const arrivals = await withKey(token, 'product/arrivals', { ids: [oldPart.id] });
    expect(arrivals.status).toBe(200);
    expect(arrivals.body.result).toMatchObject({
      items: [{ product: oldPart.id, stock: 1, arrivals: [{ date: '2030-12-12', quantity: 40 }], subscribed: false }],
    });

    for (const input of [{ basket }, { id: line }, { lines: [{ product: oldPart.id, amount: 5 }] }]) {
      const alt = await withKey(token, 'basket-item/alternatives', input);
      expect(alt.status, JSON.stringify(input)).toBe(200);
      expect(alt.body.result).toEqual(await dealer.ok('basket-item/alternatives', input));
      const [short] = (
        alt.body.result as { items: Array<{ missing: number; alternatives: Array<{ productId: number }> }> }
      ).items;
      expect(short?.missing).toBe(4);
      expect(short?.alternatives.map((a) => a.productId)).toEqual([newPart.id, analogue.id]);
    }

    // The search finds the old number's current part by key too (product/list was in the scope already).
    const found = await withKey(token, 'product/list', { filter: { search: oldPart.article }, size: 5 });
    expect((found.body.result as { items: Array<{ id: number }> }).items[0]?.id).toBe(newPart.id);

    const list = await withKey(token, 'arrival-subscription/list', { size: -1 });
    expect(list.status).toBe(200);
    expect(list.body.result).toEqual(await dealer.ok('arrival-subscription/list', { size: -1 }));
  });

  it('is refused a request for an arrival, its withdrawal, a swap and a split with 403, and nothing changes', async () => {
    const waiting = await dealer.ok('arrival-subscription/create', { product: analogue.id });
    for (const [name, body] of [
      ['arrival-subscription/create', { product: oldPart.id }],
      ['arrival-subscription/delete', { id: waiting.id }],
      ['basket-item/swap', { id: line, product: newPart.id }],
      ['basket-item/split', { id: line, product: newPart.id }],
    ] as const) {
      const r = await withKey(token, name, body);
      expect(r.status, name).toBe(403);
      expect(r.body.error_description, name).toBe(REFUSED);
    }
    const open = (await dealer.ok('arrival-subscription/list', { size: -1, filter: { waiting: true } })).items;
    expect(open.map((s) => s.product)).toContain(analogue.id);
    expect(open.map((s) => s.product)).not.toContain(oldPart.id);
    expect((await dealer.ok('basket-item/get', { id: line })).product).toBe(oldPart.id);
    await dealer.ok('arrival-subscription/delete', { id: waiting.id });
  });
});

describe('an ordering key', () => {
  it('asks «сообщить о поступлении» and withdraws it, as its owner would', async () => {
    const token = await keyOf(dealer, 'order');
    const made = await withKey(token, 'arrival-subscription/create', { product: oldPart.id });
    expect(made.status).toBe(200);
    const sub = made.body.result as { id: number; product: number; notifiedAt: string | null };
    expect(sub).toMatchObject({ product: oldPart.id, notifiedAt: null });
    // The owner sees it on the screen, and the product says it is awaited.
    expect((await dealer.ok('arrival-subscription/list', { size: -1 })).items.map((s) => s.id)).toContain(sub.id);
    expect((await dealer.ok('product/arrivals', { ids: [oldPart.id] })).items[0]?.subscribed).toBe(true);
    // Asking again while waiting answers the same request.
    expect((await withKey(token, 'arrival-subscription/create', { product: oldPart.id })).body.result).toMatchObject({
      id: sub.id,
    });
    expect((await withKey(token, 'arrival-subscription/delete', { id: sub.id })).body.result).toEqual({ ok: true });
    expect((await dealer.ok('product/arrivals', { ids: [oldPart.id] })).items[0]?.subscribed).toBe(false);
  });

  it('splits a short line into what is in stock and the replacement', async () => {
    const token = await keyOf(dealer, 'order');
    const b = (await dealer.ok('basket/create', { name: `split ${stamp}` })).id;
    const l = (await dealer.ok('basket-item/create', { basket: b, product: oldPart.id, amount: 5 })).id;
    const r = await withKey(token, 'basket-item/split', { id: l, product: newPart.id });
    expect(r.status).toBe(200);
    expect(r.body.result).toMatchObject({
      item: { id: l, product: oldPart.id, amount: 1 },
      added: { product: newPart.id, amount: 4 },
    });
  });

  it('never reaches the back office’s editors, even an administrator’s key', async () => {
    const token = await keyOf(admin, 'order');
    for (const [name, body] of [
      ['product/replacements-update', { id: oldPart.id, links: [] }],
      ['product/replacements-import', { fileId: 1 }],
      ['product/arrivals-update', { id: oldPart.id, arrivals: [] }],
      ['product/arrival-stores', {}],
    ] as const) {
      const r = await withKey(token, name, body);
      expect(r.status, name).toBe(403);
      expect(r.body.error_description, name).toBe(REFUSED);
    }
    // Still as the editor left them.
    expect((await admin.ok('product/replacements', { id: oldPart.id })).current).toHaveLength(1);
    expect((await admin.ok('product/arrivals', { ids: [oldPart.id] })).items[0]?.arrivals).toHaveLength(1);
  });
});

describe('another dealer’s key', () => {
  it('gets 404 on the first dealer’s basket alternatives and requests, exactly like missing ones', async () => {
    const sub = await dealer.ok('arrival-subscription/create', { product: oldPart.id });
    for (const scope of ['read', 'order'] as const) {
      const other = await keyOf(dealer2, scope);
      const missingBasket = await withKey(other, 'basket-item/alternatives', { basket: 999999999 });
      expect(missingBasket.status).toBe(404);
      for (const input of [{ basket }, { id: line }]) {
        const r = await withKey(other, 'basket-item/alternatives', input);
        expect(r.status, `${scope} ${JSON.stringify(input)}`).toBe(404);
        expect(r.body).toEqual(missingBasket.body);
      }
      const list = await withKey(other, 'arrival-subscription/list', { size: -1 });
      expect(list.status).toBe(200);
      expect((list.body.result as { items: Array<{ id: number }> }).items.map((s) => s.id)).not.toContain(sub.id);
    }
    const other = await keyOf(dealer2, 'order');
    const missing = await withKey(other, 'arrival-subscription/delete', { id: 999999999 });
    expect(missing.status).toBe(404);
    const foreign = await withKey(other, 'arrival-subscription/delete', { id: sub.id });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual(missing.body);
    for (const name of ['basket-item/swap', 'basket-item/split'] as const) {
      const r = await withKey(other, name, { id: line, product: newPart.id });
      expect(r.status, name).toBe(404);
    }
    // The first dealer's request and line are untouched.
    const open = (await dealer.ok('arrival-subscription/list', { size: -1, filter: { waiting: true } })).items;
    expect(open.map((s) => s.id)).toContain(sub.id);
    expect(await dealer.ok('basket-item/get', { id: line })).toMatchObject({ product: oldPart.id, amount: 5 });
  });
});
