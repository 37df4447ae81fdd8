import { normalizeArticle } from '@portal/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../../testing/index.js';
import { newProduct } from '../baskets/testing.js';

/**
 * Alternatives where stock is short (decision 206), through real HTTP on the real database: which lines are
 * short (virtual warehouses do not count), how the alternatives are ranked, swap and split each in one
 * transaction, two swaps of one line at once, and a dealer who cannot see or touch another's line.
 */

let t: TestApp;
const db = () => t.app.portal.database.db;
let admin: TestClient;
let dealer: TestClient;
let dealer2: TestClient;
// Digits in every number: a text without one is searched as words, not as a part number (catalog/search.ts).
const stamp = `${Date.now() % 1e9}`;
const n = (s: string) => `${s}-${stamp}`;

beforeAll(async () => {
  t = await createTestApp();
  [admin, dealer, dealer2] = await Promise.all([t.as('admin'), t.as('dealer'), t.as('dealer2')]);
}, 120_000);
afterAll(() => t?.close());

/** The product's stock: `real` in the first real warehouse, `virtual` in the «под заказ» one. */
async function setStock(productId: number, real: number, virtual = 0) {
  const stores = await db().selectFrom('stores').select(['id', 'is_virtual']).orderBy('sort').execute();
  await db().deleteFrom('product_stock').where('product_id', '=', productId).execute();
  const firstReal = stores.find((s) => !s.is_virtual)!;
  const firstVirtual = stores.find((s) => s.is_virtual)!;
  const rows = [
    ...(real > 0 ? [{ product_id: productId, store_id: firstReal.id, amount: real }] : []),
    ...(virtual > 0 ? [{ product_id: productId, store_id: firstVirtual.id, amount: virtual }] : []),
  ];
  if (rows.length) await db().insertInto('product_stock').values(rows).execute();
}
async function part(article: string, { price = 100, real = 0, virtual = 0, noPrice = false, factor = 1 } = {}) {
  const p = await newProduct(db(), { article: n(article), price, noPrice, measureFactor: factor });
  await setStock(p.id, real, virtual);
  return p;
}
async function analogue(of: { id: number }, to: { id: number; article: string }) {
  await db()
    .insertInto('product_analogues')
    .values({
      product_id: of.id,
      article: to.article,
      article_key: normalizeArticle(to.article),
      brand: 'Test',
      analogue_product_id: to.id,
      kind: 'ANALOGUE',
    })
    .execute();
}
async function basketWith(client: TestClient, lines: Array<[number, number]>) {
  const basket = await client.ok('basket/create', { name: `alt ${Math.random()}` });
  const ids: number[] = [];
  for (const [product, amount] of lines)
    ids.push((await client.ok('basket-item/create', { basket: basket.id, product, amount })).id);
  return { basket: basket.id, lines: ids };
}
const linesOf = async (client: TestClient, basket: number) =>
  (await client.ok('basket-item/list', { filter: { basket }, size: -1 })).items.map((i) => [i.product, i.amount]);

describe('alternatives of a short line', () => {
  let x: { id: number; article: string };
  type Part = { id: number; article: string };
  let r: Part, inter: Part, a1: Part, a2: Part, a0: Part, noPrice: Part, plenty: Part;

  beforeAll(async () => {
    // The line's part: 2 in a real warehouse, 100 «под заказ» (virtual: it does not count as stock now).
    x = await part('ALT-X', { real: 2, virtual: 100 });
    r = await part('ALT-R', { price: 300, real: 50 });
    inter = await part('ALT-I', { price: 50, real: 3 });
    a1 = await part('ALT-A1', { price: 120, real: 20 });
    a2 = await part('ALT-A2', { price: 90, real: 20 });
    a0 = await part('ALT-A0', { price: 10, real: 0, virtual: 40 });
    noPrice = await part('ALT-NP', { real: 40, noPrice: true });
    plenty = await part('ALT-PL', { real: 500 });
    await admin.ok('product/replacements-update', {
      id: x.id,
      links: [
        { article: n('ALT-R'), kind: 'REPLACED', ratio: 1, effectiveFrom: null },
        { article: n('ALT-I'), kind: 'INTERCHANGEABLE', ratio: 1, effectiveFrom: null },
      ],
    });
    for (const a of [a1, a2, a0, noPrice]) await analogue(x, a);
  });

  it('offers the replacement first, then what covers the need by price, and only parts in stock with a price', async () => {
    const { basket, lines } = await basketWith(dealer, [
      [x.id, 10],
      [plenty.id, 5],
    ]);
    const { items } = await dealer.ok('basket-item/alternatives', { basket });
    // Only the short line: the other one is covered by stock.
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ line: lines[0], product: x.id, amount: 10, stock: 2, missing: 8 });
    expect(items[0]!.alternatives.map((a) => [a.productId, a.kind])).toEqual([
      [r.id, 'REPLACEMENT'],
      [a2.id, 'ANALOGUE'],
      [a1.id, 'ANALOGUE'],
      // Interchangeable and cheapest, but 3 do not cover the 8 missing.
      [inter.id, 'INTERCHANGEABLE'],
    ]);
    expect(items[0]!.alternatives[0]).toMatchObject({ chain: [n('ALT-X'), n('ALT-R')], ratio: 1, stock: 50 });
    expect(items[0]!.alternatives[1]!.price).toEqual({ value: 90, currency: 'RUB' });

    // One line by id answers the same; a line with enough stock answers no missing quantity.
    const one = await dealer.ok('basket-item/alternatives', { id: lines[0]! });
    expect(one.items[0]!.alternatives.map((a) => a.productId)).toEqual(items[0]!.alternatives.map((a) => a.productId));
    const covered = await dealer.ok('basket-item/alternatives', { id: lines[1]! });
    expect(covered.items[0]).toMatchObject({ missing: 0, alternatives: [] });
  });

  it('answers quick-order lines asked by product, only the short ones', async () => {
    const { items } = await dealer.ok('basket-item/alternatives', {
      lines: [
        { product: x.id, amount: 4 },
        { product: plenty.id, amount: 4 },
      ],
    });
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ line: null, product: x.id, missing: 2 });
    expect(items[0]!.alternatives[0]!.productId).toBe(r.id);
  });

  it('swaps the line for the alternative in one transaction, adding to a line it already has', async () => {
    const { basket, lines } = await basketWith(dealer, [
      [x.id, 10],
      [a2.id, 1],
    ]);
    const swapped = await dealer.ok('basket-item/swap', { id: lines[0]!, product: a2.id });
    expect(swapped.removed).toBe(lines[0]);
    expect(swapped.item).toMatchObject({ product: a2.id, amount: 11 });
    expect(await linesOf(dealer, basket)).toEqual([[a2.id, 11]]);
  });

  it('refuses a product that is not offered, and leaves the line as it was', async () => {
    const { basket, lines } = await basketWith(dealer, [[x.id, 10]]);
    for (const product of [a0.id, noPrice.id, plenty.id]) {
      const res = await dealer.call('basket-item/swap', { id: lines[0]!, product });
      expect(res.status).toBe(400);
      expect(res.body.error_description).toMatch(/не предлагается/);
    }
    expect(await linesOf(dealer, basket)).toEqual([[x.id, 10]]);
  });

  it('splits: the line keeps what is in stock, the rest goes to the alternative', async () => {
    const { basket, lines } = await basketWith(dealer, [[x.id, 10]]);
    const split = await dealer.ok('basket-item/split', { id: lines[0]!, product: r.id });
    expect(split.item).toMatchObject({ id: lines[0], product: x.id, amount: 2 });
    expect(split.added).toMatchObject({ product: r.id, amount: 8 });
    expect((await linesOf(dealer, basket)).sort()).toEqual(
      [
        [x.id, 2],
        [r.id, 8],
      ].sort(),
    );
    // Now the line is covered: nothing is left to split.
    const again = await dealer.call('basket-item/split', { id: lines[0]!, product: r.id });
    expect(again.status).toBe(400);
    expect(again.body.error_description).toMatch(/Разделить нельзя/);
  });

  it('multiplies a replacement set to one part by its ratio and rounds up to the factor', async () => {
    const old = await part('ALT-OLD', { real: 0 });
    const box = await part('ALT-BOX', { real: 100, factor: 4 });
    await admin.ok('product/replacements-update', {
      id: old.id,
      links: [{ article: n('ALT-BOX'), kind: 'REPLACED', ratio: 3, effectiveFrom: null }],
    });
    const { basket, lines } = await basketWith(dealer, [[old.id, 3]]);
    const { items } = await dealer.ok('basket-item/alternatives', { basket });
    expect(items[0]!.alternatives[0]).toMatchObject({ productId: box.id, ratio: 3, measureFactor: 4 });
    const swapped = await dealer.ok('basket-item/swap', { id: lines[0]!, product: box.id });
    // 3 × 3 = 9, raised to the factor 4: 12.
    expect(swapped.item).toMatchObject({ product: box.id, amount: 12 });
    expect(await linesOf(dealer, basket)).toEqual([[box.id, 12]]);
  });

  it('two swaps of one line at once: one succeeds, the other finds the line gone, nothing is counted twice', async () => {
    const { basket, lines } = await basketWith(dealer, [[x.id, 10]]);
    const [one, two] = await Promise.all([
      dealer.call('basket-item/swap', { id: lines[0]!, product: a1.id }),
      dealer.call('basket-item/swap', { id: lines[0]!, product: a1.id }),
    ]);
    expect([one.status, two.status].sort()).toEqual([200, 404]);
    expect(await linesOf(dealer, basket)).toEqual([[a1.id, 10]]);
  });

  it('a swap and a split of one line at once: the basket ends as one of them left it', async () => {
    const { basket, lines } = await basketWith(dealer, [[x.id, 10]]);
    const [swap, split] = await Promise.all([
      dealer.call('basket-item/swap', { id: lines[0]!, product: a1.id }),
      dealer.call('basket-item/split', { id: lines[0]!, product: a2.id }),
    ]);
    const statuses = [swap.status, split.status].sort();
    const rows = (await linesOf(dealer, basket)).sort();
    if (swap.status === 200 && split.status !== 200) expect(rows).toEqual([[a1.id, 10]]);
    else if (split.status === 200 && swap.status === 200)
      // The split ran first; the swap then took the kept 2.
      expect(rows).toEqual(
        [
          [a1.id, 2],
          [a2.id, 8],
        ].sort(),
      );
    else
      expect(rows).toEqual(
        [
          [x.id, 2],
          [a2.id, 8],
        ].sort(),
      );
    expect(statuses).toContain(200);
  });

  describe('ownership', () => {
    let line: number;
    let basket: number;
    beforeEach(async () => {
      const made = await basketWith(dealer, [[x.id, 10]]);
      basket = made.basket;
      line = made.lines[0]!;
    });

    it("another dealer's basket and line look missing: no alternatives, no swap, no split", async () => {
      for (const [method, input] of [
        ['basket-item/alternatives', { id: line }],
        ['basket-item/alternatives', { basket }],
        ['basket-item/swap', { id: line, product: r.id }],
        ['basket-item/split', { id: line, product: r.id }],
      ] as const) {
        const res = await dealer2.call(method, input as never);
        expect(res.status, method).toBe(404);
        expect(res.body.error).toBe('NOT_FOUND');
      }
      expect(await linesOf(dealer, basket)).toEqual([[x.id, 10]]);
    });
  });
});
