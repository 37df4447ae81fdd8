import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/database.js';
import { createTestApp, keyCall, type KeyAnswer, type TestApp, type TestClient } from '../../testing/index.js';
import { newProduct } from '../baskets/testing.js';
import { newOrder } from '../returns/testing.js';

/** API keys (decision 210): Bearer calls without a cookie, scopes, ownership, revocation, the call log, the limit. */

const KEY_LIMIT = 12;

let t: TestApp;
let db: Db;
let dealer: TestClient;
let dealer2: TestClient;
let employee: TestClient;

/** A call as a dealer's 1C makes it: a Bearer key, no cookie, no sessid. */
const withKey = (token: string, name: string, body?: unknown) => keyCall(t.app, token, name, body);

async function newKey(client: TestClient, scope: 'read' | 'order' = 'read') {
  return client.ok('api-key/create', { name: `1С ${Date.now()}`, scope });
}

async function callsOf(client: TestClient, key: number, atLeast: number) {
  // The log line is written when the answer has gone: wait for it, within reason.
  for (let i = 0; i < 100; i++) {
    const list = await client.ok('api-key/calls', { filter: { key }, size: -1 });
    if (list.count >= atLeast) return list;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`fewer than ${atLeast} calls logged`);
}

beforeAll(async () => {
  t = await createTestApp({ apiKeyLimit: KEY_LIMIT });
  db = t.app.portal.database.db;
  [dealer, dealer2, employee] = await Promise.all([t.as('dealer'), t.as('dealer2'), t.as('employee')]);
});
afterAll(() => t.close());

describe('API keys', () => {
  it('are shown once and stored hashed; the list shows the prefix, never the key', async () => {
    const { key, token } = await newKey(dealer);
    expect(token).toMatch(/^dpk_[A-Za-z0-9_-]{43}$/);
    expect(token.startsWith(key.prefix)).toBe(true);
    const row = await db.selectFrom('api_keys').selectAll().where('id', '=', key.id).executeTakeFirstOrThrow();
    expect(row.token_hash).not.toContain(token);
    expect(JSON.stringify(row)).not.toContain(token.slice(key.prefix.length));
    const list = await dealer.ok('api-key/list', {});
    const listed = list.items.find((k) => k.id === key.id);
    expect(listed).toMatchObject({ scope: 'read', prefix: key.prefix, lastUsedAt: null, dateRevoke: null });
    expect(JSON.stringify(list)).not.toContain(token);
  });

  it('a Bearer key calls /rest/ without a cookie or sessid, as its owner, and marks the key used', async () => {
    const { key, token } = await newKey(dealer);
    const r = await withKey(token, 'product/list', { size: 2 });
    expect(r.status).toBe(200);
    expect(r.setCookie).toBe(false);
    const pricing = await withKey(token, 'user/pricing-get', { id: key.userId });
    expect(pricing.status).toBe(200);
    expect(pricing.body.result).toEqual(await dealer.ok('user/pricing-get', { id: key.userId }));
    // Another dealer's pricing is as missing to the key as to its owner's session.
    const other = await dealer2.ok('api-key/create', { name: 'x', scope: 'read' });
    const foreign = await withKey(token, 'user/pricing-get', { id: other.key.userId });
    expect(foreign.status).toBe((await dealer.call('user/pricing-get', { id: other.key.userId })).status);
    const listed = (await dealer.ok('api-key/list', {})).items.find((k) => k.id === key.id);
    expect(listed?.lastUsedAt).not.toBeNull();
  });

  it('a dealer’s key never reads another dealer’s data: a foreign order answers like a missing one', async () => {
    const own = await newOrder(db, 'dealer');
    const foreign = await newOrder(db, 'dealer2');
    const { token } = await newKey(dealer);
    expect((await withKey(token, 'order/get', { id: own.id })).status).toBe(200);
    const refused = await withKey(token, 'order/get', { id: foreign.id });
    expect(refused.status).toBe(404);
    const list = (await withKey(token, 'order/list', { size: -1 })).body.result as { items: Array<{ id: number }> };
    const ids = list.items.map((o) => o.id);
    expect(ids).toContain(own.id);
    expect(ids).not.toContain(foreign.id);
    const viaSession = await dealer.ok('order/list', { size: -1 });
    expect(ids).toEqual(viaSession.items.map((o) => o.id));
  });

  it('a read-only key may not order, manage keys or touch the profile (403, said in Russian)', async () => {
    const { token } = await newKey(dealer, 'read');
    for (const name of ['basket/create', 'order/create', 'api-key/create', 'api-key/list', 'user/update-profile']) {
      const r = await withKey(token, name, {});
      expect(r.status, name).toBe(403);
      expect(r.body.error_description).toBe('Этот метод недоступен по ключу API с такими правами');
    }
  });

  it('an ordering key places an order once for one client key, even sent twice at once', async () => {
    const { token } = await newKey(dealer, 'order');
    const product = await newProduct(db, { price: 100 });
    const basket = (await withKey(token, 'basket/create', {})).body.result as { id: number };
    expect(
      (await withKey(token, 'basket/add', { id: basket.id, fields: [{ product: product.id, quantity: 2 }] })).status,
    ).toBe(200);
    const f = await dealer.ok('order/get-fields', {});
    const opt = (id: string) => f.fields.find((x) => x.id === id)!.options;
    const input = {
      fields: {
        basket: basket.id,
        company: Number(opt('company')[0]!.value),
        paySystem: Number(opt('paySystem')[0]!.value),
        shipping: Number(opt('shipping').find((o) => o.isPickup)!.value),
        storage: Number(opt('storage')[0]!.value),
      },
      idempotencyKey: `1c-order-${basket.id}`,
    };
    const [x, y] = await Promise.all([withKey(token, 'order/create', input), withKey(token, 'order/create', input)]);
    expect(x.status).toBe(200);
    expect(y.status).toBe(200);
    const idOf = (r: KeyAnswer) => (r.body.result as { id: number }).id;
    expect(idOf(x)).toBe(idOf(y));
    const orders = await db.selectFrom('orders').select('id').where('id', '=', idOf(x)).execute();
    expect(orders).toHaveLength(1);
  });

  it('a revoked or unknown key is 401; the owner’s session still works', async () => {
    const { key, token } = await newKey(dealer);
    expect((await withKey(token, 'section/list', {})).status).toBe(200);
    await dealer.ok('api-key/delete', { id: key.id });
    const r = await withKey(token, 'section/list', {});
    expect(r.status).toBe(401);
    expect(r.body.error_description).toBe('Ключ API недействителен или отозван');
    expect((await withKey('dpk_made-up', 'section/list', {})).status).toBe(401);
    expect((await dealer.call('section/list', {})).status).toBe(200);
    const listed = (await dealer.ok('api-key/list', { filter: { active: false } })).items.find((k) => k.id === key.id);
    expect(listed?.dateRevoke).not.toBeNull();
  });

  it('every call is logged with its answer’s status, refused ones too', async () => {
    const { key, token } = await newKey(dealer);
    await withKey(token, 'product/list', { size: 1 });
    await withKey(token, 'order/create', {});
    await withKey(token, 'product/list', { bad: 1 });
    const calls = await callsOf(dealer, key.id, 3);
    expect(calls.items.map((c) => [c.method, c.status])).toEqual([
      ['product/list', 400],
      ['order/create', 403],
      ['product/list', 200],
    ]);
  });

  it('staff see and revoke a dealer’s keys; another dealer sees none of them', async () => {
    const { key, token } = await newKey(dealer);
    const dealerId = key.userId;
    const seen = await employee.ok('api-key/list', { filter: { userId: dealerId }, size: -1 });
    expect(seen.items.some((k) => k.id === key.id && k.userLogin === 'dealer')).toBe(true);
    // dealer2 asks for dealer's keys and gets only their own; dealer's key is missing to them.
    const foreign = await dealer2.ok('api-key/list', { filter: { userId: dealerId }, size: -1 });
    expect(foreign.items.some((k) => k.id === key.id)).toBe(false);
    expect((await dealer2.call('api-key/delete', { id: key.id })).status).toBe(404);
    expect((await dealer2.call('api-key/calls', { filter: { key: key.id } })).status).toBe(404);
    expect((await withKey(token, 'section/list', {})).status).toBe(200);
    await employee.ok('api-key/delete', { id: key.id });
    expect((await withKey(token, 'section/list', {})).status).toBe(401);
    const audit = await db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity', '=', 'api-key')
      .where('entity_id', '=', String(key.id))
      .execute();
    expect(audit.map((a) => a.action).sort()).toEqual(['create', 'delete']);
  });

  it('a key has its own limit per minute, held under simultaneous calls', async () => {
    const { token } = await newKey(dealer);
    const answers = await Promise.all(Array.from({ length: KEY_LIMIT + 8 }, () => withKey(token, 'section/list', {})));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(KEY_LIMIT);
    expect(statuses.filter((s) => s === 429)).toHaveLength(8);
    // Another key of the same dealer is not affected.
    const other = await newKey(dealer);
    expect((await withKey(other.token, 'section/list', {})).status).toBe(200);
  });

  it('a read-only key looks up 1,000 part numbers in one call (the quick-order resolver)', async () => {
    const { token } = await newKey(dealer);
    const rows = await db
      .selectFrom('products')
      .select('article')
      .where('active', '=', true)
      .where('article', '<>', '')
      .orderBy('id')
      .limit(1000)
      .execute();
    expect(rows.length).toBe(1000);
    const text = [...rows.map((r) => `${r.article} 1`), 'НЕТ-ТАКОГО-НОМЕРА 2'].join('\n');
    const r = await withKey(token, 'basket/resolve', { text });
    expect(r.status).toBe(200);
    const result = r.body.result as { lines: unknown[]; found: number; several: number; notFound: number };
    expect(result.lines).toHaveLength(1001);
    expect(result.notFound).toBe(1);
    expect(result.found + result.several).toBe(1000);
  }, 60_000);

  it('refuses a bad name or scope with a clear message', async () => {
    const r = await dealer.call('api-key/create', { name: ' ', scope: 'all' as 'read' });
    expect(r.status).toBe(400);
    expect(r.body.fields?.scope).toBe('Выберите права ключа: только чтение или заказы');
    expect(r.body.fields?.name).toBe('Не может быть пустым');
  });
});
