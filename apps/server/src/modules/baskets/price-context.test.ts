import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/database.js';
import { createTestApp, type TestApp, type TestClient } from '../../testing/index.js';
import { newProduct } from './testing.js';

/**
 * One price context per basket request (decision 216): `basket/add` reads the dealer's price type, payment
 * method and the settings row once, and the lines, the minimums and the basket's sums all use it. Counted with
 * the database's statement probe over real HTTP (the session, the transaction and the writes included).
 */
describe('a basket add prices its lines and its sums from one price context', () => {
  let t: TestApp;
  let db: Db;
  let dealer: TestClient;
  beforeAll(async () => {
    t = await createTestApp();
    db = t.app.portal.database.db;
    dealer = await t.as('dealer');
  });
  afterAll(() => t.close());

  it('answers the same basket as basket/get, in a bounded number of statements', async () => {
    const basket = (await dealer.ok('basket/create', { name: 'Счёт запросов' })).id;
    const [a, b] = [await newProduct(db, { price: 120 }), await newProduct(db, { price: 30.5 })];
    const fields = [
      { product: a.id, quantity: 2 },
      { product: b.id, quantity: 3 },
    ];
    await dealer.ok('basket/add', { id: basket, fields }); // warms the session and the caches
    const probe = t.app.portal.database.probe;
    const runs = 20;
    const before = probe.statements;
    let answer;
    for (let i = 0; i < runs; i++) answer = await dealer.ok('basket/add', { id: basket, fields });
    const perAdd = (probe.statements - before) / runs;
    console.log(`basket/add: ${perAdd.toFixed(1)} statements per call`);
    // The sums in the answer are those of the basket as read on its own.
    expect(answer?.basket).toEqual(await dealer.ok('basket/get', { id: basket }));
    expect(answer?.basket.totals).toEqual([{ currency: 'RUB', value: round2((2 * 120 + 3 * 30.5) * (runs + 1)) }]);
    expect(perAdd).toBeLessThanOrEqual(PER_ADD);
  });

  it('lists a basket’s lines in the price context (with the thresholds) and the lines; the session is kept', async () => {
    const basket = (await dealer.ok('basket/create', { name: 'Строки' })).id;
    const products = [];
    for (let i = 0; i < 5; i++) products.push(await newProduct(db, { price: 10 + i }));
    await dealer.ok('basket/add', { id: basket, fields: products.map((p) => ({ product: p.id, quantity: 1 })) });
    const input = { size: -1, filter: { basket } };
    await dealer.ok('basket-item/list', input); // warms the session and the warehouses' cache
    const probe = t.app.portal.database.probe;
    const before = probe.statements;
    const runs = 10;
    for (let i = 0; i < runs; i++) expect((await dealer.ok('basket-item/list', input)).count).toBe(5);
    const perList = (probe.statements - before) / runs;
    console.log(`basket-item/list: ${perList.toFixed(1)} statements per call`);
    // 4 before decision 224 (the settings row was read again for the lines' minimums), 3 before decision 251
    // (the session). The group query of the minimums runs only when tea or coffee sections are configured.
    expect(perList).toBe(PER_LIST);
  });
});

const round2 = (n: number) => Math.round(n * 100) / 100;
/**
 * Statements of one basket/add (two lines): 15 before decision 216 (the price context read twice, the settings
 * row three times), 12 with one context per request, 11 with the thresholds read in the context (decision 224),
 * 10 with the session kept by the instance (decision 251).
 */
const PER_ADD = 10;
const PER_LIST = 2;
