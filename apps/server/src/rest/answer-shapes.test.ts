import {
  expandProductDetail,
  expandProducts,
  productDetailSchema,
  productListSchema,
  type ProductDetail,
  type ProductList,
} from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, keyCall, type TestApp, type TestClient } from '../testing/index.js';

/**
 * Decision 213: the catalogue methods answer in two shapes declared in the contract — the lean `dict` of decision
 * 160 (the web's) and docs/spec/03-entities.md's plain entities (an API key's default, or asked with `shape`) —
 * and both say the same products, prices and stock.
 */

let t: TestApp;
let dealer: TestClient;
let token: string;

/** A call as a dealer's system makes it: a Bearer key, no cookie, no sessid. */
const withKey = (name: string, body?: unknown) => keyCall(t.app, token, name, body);

beforeAll(async () => {
  t = await createTestApp();
  dealer = await t.as('dealer');
  dealer.language = 'ru';
  ({ token } = await dealer.ok('api-key/create', { name: 'shapes', scope: 'read' }));
});
afterAll(() => t.close());

describe('product/list in two shapes', () => {
  it('a session gets the lean dict; shape «entities» gives exactly what the web expands it to', async () => {
    const lean = await dealer.ok('product/list', { size: 30 });
    expect(lean.dict).toBeDefined();
    const plain = (await dealer.ok('product/list', { size: 30, shape: 'entities' })) as unknown as ProductList;
    expect(plain).not.toHaveProperty('dict');
    expect(productListSchema.safeParse(plain).success).toBe(true);
    expect(plain).toEqual(expandProducts(lean, 'ru'));
    expect(await dealer.ok('product/list', { size: 30, shape: 'dict' })).toEqual(lean);
  });

  it('an API key gets plain entities by default and the dict when it asks', async () => {
    const byKey = await withKey('product/list', { size: 30 });
    expect(byKey.status).toBe(200);
    const plain = byKey.body.result as ProductList;
    expect(productListSchema.strict().safeParse(plain).success).toBe(true);
    const lean = await dealer.ok('product/list', { size: 30 });
    expect(plain).toEqual(expandProducts(lean, 'ru'));
    expect((await withKey('product/list', { size: 30, shape: 'dict' })).body.result).toEqual(lean);
  });

  it('entities carry docs/spec/03-entities.md: price entries with the payment method, stock per warehouse by name, photo sizes, section', async () => {
    const plain = (await withKey('product/list', { size: 60, filter: { F_AVAILABLE: 'Y' } })).body
      .result as ProductList;
    const product = plain.items.find((p) => p.price && p.stores.length > 0 && p.photo.length > 0);
    expect(product).toBeDefined();
    expect(product!.price!.paySystemName).not.toBe('');
    expect(product!.price!.name).not.toBe('');
    expect(product!.price!.text).toMatch(/₽|\$|€/);
    for (const store of product!.stores) {
      expect(store.name).not.toBe('');
      expect(store.code).not.toBe('');
      expect(typeof store.amount).toBe('number');
    }
    expect(product!.photo[0]).toMatchObject({ id: 1, width: expect.any(Number), height: expect.any(Number) });
    expect(typeof product!.sectionId).toBe('number');
  });

  it('the entities’ prices and stock are the ones product/price-quantity-stores reads on its own', async () => {
    const plain = (await withKey('product/list', { size: 10, filter: { F_AVAILABLE: 'Y' } })).body
      .result as ProductList;
    expect(plain.items.length).toBeGreaterThan(0);
    for (const p of plain.items) {
      const offer = await dealer.ok('product/price-quantity-stores', { id: p.id });
      expect(p.price, `product ${p.id}`).toEqual(offer.price);
      expect(p.quantity).toBe(offer.quantity);
      expect(p.availability).toBe(offer.availability);
      expect(p.stores.map((s) => [s.id, s.name, s.amount])).toEqual(offer.stores.map((s) => [s.id, s.name, s.amount]));
    }
  });

  it('search answers in entities too, each product saying why it matched', async () => {
    const lean = await dealer.ok('product/list', { filter: { search: 'LF3349' }, size: 10 });
    expect(lean.count).toBeGreaterThan(0);
    const plain = (await withKey('product/list', { filter: { search: 'LF3349' }, size: 10 })).body
      .result as ProductList;
    expect(plain).toEqual(expandProducts(lean, 'ru'));
    expect(plain.items[0]!.match?.kind).toBeDefined();
  });

  it('an unknown shape is refused with a clear message, not ignored', async () => {
    const r = await dealer.call('product/list', { shape: 'xml' } as never);
    expect(r.status).toBe(400);
    expect(r.body.error).toBe('VALIDATION');
    expect((await withKey('product/list', { shape: 'plain' })).status).toBe(400);
  });
});

describe('product/get and favorite/list in two shapes', () => {
  it('the card in entities: every payment method’s price entry with its name, analogues, similar, trail', async () => {
    const first = (await dealer.ok('product/list', { size: 1, filter: { F_AVAILABLE: 'Y' } })).items[0]!;
    const lean = await dealer.ok('product/get', { id: first.id });
    const byKey = (await withKey('product/get', { id: first.id })).body.result as ProductDetail;
    expect(productDetailSchema.strict().safeParse(byKey).success).toBe(true);
    expect(byKey).toEqual(expandProductDetail(lean, 'ru'));
    expect(byKey.prices.length).toBeGreaterThan(0);
    for (const entry of byKey.prices) expect(entry.paySystemName).not.toBe('');
    expect((await dealer.ok('product/get', { id: first.id, shape: 'entities' })) as unknown).toEqual(byKey);
    expect((await withKey('product/get', { id: first.id, shape: 'dict' })).body.result).toEqual(lean);
  });

  it('another shape changes nothing about who sees what: a missing product is 404 in both', async () => {
    expect((await withKey('product/get', { id: 987654 })).status).toBe(404);
    expect((await dealer.call('product/get', { id: 987654, shape: 'entities' })).status).toBe(404);
  });

  it('favourites in entities are the expanded dict', async () => {
    const first = (await dealer.ok('product/list', { size: 1 })).items[0]!;
    await dealer.ok('favorite/create', { id: first.id });
    const lean = await dealer.ok('favorite/list', {});
    const plain = (await dealer.ok('favorite/list', { shape: 'entities' })) as unknown as ProductList;
    expect(plain).toEqual(expandProducts(lean, 'ru'));
    expect(plain.items.map((p) => p.id)).toContain(first.id);
  });
});
