import { MAX_MACHINES } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/database.js';
import { createTestApp, keyCall, type TestApp, type TestClient } from '../../testing/index.js';
import { newProduct } from '../baskets/testing.js';

/**
 * The dealer's machines (decision 208): CRUD, ownership, «для моей техники» narrowing the catalogue through the
 * machine-model facet; «Машина стоит» at checkout and first on the desk (decision 209).
 */

let t: TestApp;
let db: Db;
let dealer: TestClient;
let dealer2: TestClient;
let employee: TestClient;
let admin: TestClient;
let fields: { company: number; paySystem: number; shipping: number; storage: number };

/** A section of our own with products of two test models (and one of neither), so counts are exact. */
let section: number;
const MODEL_A = 'Test Tractor A1';
const MODEL_B = 'Test Combine B2';

async function productOfModel(model: string, name: string) {
  const { id } = await db
    .insertInto('products')
    .values({
      section_id: section,
      name: `Ремкомплект техники ${name}`,
      article: `MCH-${name}`,
      article_key: `MCH${name}`.toUpperCase().replace(/[^A-Z0-9]/g, ''),
      brand: 'Test',
      properties: JSON.stringify({ BRAND: 'Test', MODEL: model }),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

async function checkoutFields(client: TestClient) {
  const f = await client.ok('order/get-fields', {});
  const opt = (id: string) => f.fields.find((x) => x.id === id)!.options;
  return {
    company: Number(opt('company')[0]!.value),
    paySystem: Number(opt('paySystem')[0]!.value),
    shipping: Number(opt('shipping').find((o) => o.isPickup)!.value),
    storage: Number(opt('storage')[0]!.value),
  };
}

async function basketOf(client: TestClient) {
  const p = await newProduct(db, { price: 100 });
  const b = await client.ok('basket/create', {});
  await client.ok('basket/add', { id: b.id, fields: [{ product: p.id, quantity: 1 }] });
  return b.id;
}

beforeAll(async () => {
  t = await createTestApp();
  db = t.app.portal.database.db;
  [dealer, dealer2, employee, admin] = await Promise.all([
    t.as('dealer'),
    t.as('dealer2'),
    t.as('employee'),
    t.as('admin'),
  ]);
  const s = await db
    .insertInto('sections')
    .values({ code: 'machines-test', name: 'Тест техники' })
    .returning('id')
    .executeTakeFirstOrThrow();
  section = s.id;
  for (let i = 0; i < 3; i++) await productOfModel(MODEL_A, `A${i}`);
  for (let i = 0; i < 2; i++) await productOfModel(MODEL_B, `B${i}`);
  await productOfModel('', 'NONE');
  fields = await checkoutFields(dealer);
});
afterAll(() => t.close());

describe('machine/*', () => {
  it('rejects anonymous callers, and staff may not write', async () => {
    expect((await t.client().call('machine/list', {})).status).toBe(401);
    const create = { model: MODEL_A };
    expect((await employee.call('machine/create', create)).status).toBe(403);
    expect((await admin.call('machine/create', create)).status).toBe(403);
  });

  it('the demo dealer has two machines of catalogue models', async () => {
    const list = await dealer.ok('machine/list', {});
    expect(list.items.map((m) => m.model)).toEqual(['John Deere 8R 410', 'Lexion 760']);
    const models = (await dealer.ok('machine/models', {})).items;
    for (const m of list.items) expect(models).toContain(m.model);
    expect(models).toContain(MODEL_A);
  });

  it('creates, reads, updates and deletes an own machine', async () => {
    const m = await dealer.ok('machine/create', { model: MODEL_A, serial: ' wdb9634031l123456 ', year: 2020 });
    expect(m).toMatchObject({ model: MODEL_A, serial: 'WDB9634031L123456', year: 2020, name: '' });
    expect(await dealer.ok('machine/get', { id: m.id })).toEqual(m);
    const u = await dealer.ok('machine/update', { id: m.id, name: 'Мой трактор', year: null });
    expect(u).toMatchObject({ name: 'Мой трактор', model: MODEL_A, year: null, serial: 'WDB9634031L123456' });
    expect((await dealer.ok('machine/list', {})).items.map((x) => x.id)).toContain(m.id);
    expect(await dealer.ok('machine/delete', { id: m.id })).toEqual({ ok: true });
    expect((await dealer.call('machine/get', { id: m.id })).status).toBe(404);
    expect((await dealer.call('machine/delete', { id: m.id })).status).toBe(404);
  });

  it('refuses a model the catalogue does not name, a bad year and unknown fields, in Russian', async () => {
    const bad = await dealer.call('machine/create', { model: 'Нет такой модели' });
    expect(bad.status).toBe(400);
    expect(bad.body.fields?.model).toBe('Выберите модель техники из каталога');
    const year = await dealer.call('machine/create', { model: MODEL_A, year: 1800 });
    expect(year.status).toBe(400);
    expect(year.body.fields?.year).toMatch(/Год выпуска/);
    expect((await dealer.call('machine/create', { model: MODEL_A, userId: 1 } as never)).status).toBe(400);
    expect((await dealer.call('machine/create', { model: '' })).body.fields?.model).toBe('Не может быть пустым');
  });

  it('another dealer never sees, changes or removes a machine; staff read any dealer’s', async () => {
    const m = await dealer.ok('machine/create', { model: MODEL_B, name: 'Чужая' });
    const [get, update, del] = await Promise.all([
      dealer2.call('machine/get', { id: m.id }),
      dealer2.call('machine/update', { id: m.id, name: 'Моя' }),
      dealer2.call('machine/delete', { id: m.id }),
    ]);
    const missing = await dealer2.call('machine/get', { id: 999999 });
    for (const r of [get, update, del]) {
      expect(r.status).toBe(404);
      expect(r.body).toEqual(missing.body);
    }
    // dealer2's list is their own, whatever filter they send.
    const list2 = await dealer2.ok('machine/list', { filter: { userId: m.userId } });
    expect(list2.items.some((x) => x.id === m.id)).toBe(false);
    expect((await dealer.ok('machine/get', { id: m.id })).name).toBe('Чужая');
    // Staff read it, and one dealer's list.
    expect((await employee.ok('machine/get', { id: m.id })).id).toBe(m.id);
    const staffList = await admin.ok('machine/list', { filter: { userId: m.userId }, size: -1 });
    expect(staffList.items.every((x) => x.userId === m.userId)).toBe(true);
    expect(staffList.items.some((x) => x.id === m.id)).toBe(true);
    await dealer.ok('machine/delete', { id: m.id });
  });
});

describe('with an API key (decision 210)', () => {
  /** A call as a dealer's own system makes it: a Bearer key, no cookie, no sessid. */
  const withKey = (token: string, name: string, body: unknown) => keyCall(t.app, token, name, body);
  type Answer = Awaited<ReturnType<typeof withKey>>;
  const itemsOf = (r: Answer) => (r.body.result as { items: unknown[] }).items;
  const idsOf = (r: Answer) => (itemsOf(r) as Array<{ id: number }>).map((x) => x.id);
  const keyOf = async (client: TestClient, scope: 'read' | 'order') =>
    (await client.ok('api-key/create', { name: `Техника ${scope}`, scope })).token;

  it('a read-only key reads the machines and narrows the catalogue to them, but may not change them', async () => {
    const token = await keyOf(dealer, 'read');
    const own = await dealer.ok('machine/create', { model: MODEL_A, name: 'По ключу' });
    const list = await withKey(token, 'machine/list', { size: -1 });
    expect(list.status).toBe(200);
    expect(list.body.result).toEqual(await dealer.ok('machine/list', { size: -1 }));
    expect((await withKey(token, 'machine/get', { id: own.id })).body.result).toEqual(own);
    expect(itemsOf(await withKey(token, 'machine/models', {}))).toContain(MODEL_A);
    const fits = await withKey(token, 'product/list', {
      filter: { category: section, F_MACHINE: String(own.id) },
      size: -1,
    });
    expect(fits.status).toBe(200);
    expect(itemsOf(fits)).toHaveLength(3);
    const all = await withKey(token, 'product/list', { filter: { category: section, F_MACHINE: 'all' }, size: -1 });
    expect(itemsOf(all)).toHaveLength(3);
    for (const [name, body] of [
      ['machine/create', { model: MODEL_B }],
      ['machine/update', { id: own.id, name: 'Чужими руками' }],
      ['machine/delete', { id: own.id }],
    ] as const) {
      const r = await withKey(token, name, body);
      expect(r.status, name).toBe(403);
      expect(r.body.error_description).toBe('Этот метод недоступен по ключу API с такими правами');
    }
    expect((await dealer.ok('machine/get', { id: own.id })).name).toBe('По ключу');
    await dealer.ok('machine/delete', { id: own.id });
  });

  it('an ordering key keeps the machine list as its owner would, and never reaches another dealer’s', async () => {
    const token = await keyOf(dealer, 'order');
    const made = await withKey(token, 'machine/create', { model: MODEL_B, serial: 'key-vin-1', year: 2019 });
    expect(made.status).toBe(200);
    const m = made.body.result as { id: number; serial: string; userId: number };
    expect(m.serial).toBe('KEY-VIN-1');
    expect((await dealer.ok('machine/get', { id: m.id })).serial).toBe('KEY-VIN-1');
    const updated = await withKey(token, 'machine/update', { id: m.id, name: 'Комбайн из 1С' });
    expect(updated.body.result).toMatchObject({ id: m.id, name: 'Комбайн из 1С', model: MODEL_B });
    const bad = await withKey(token, 'machine/create', { model: 'Нет такой модели' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ fields: { model: 'Выберите модель техники из каталога' } });

    // Another dealer's key: the machine answers exactly like a missing one, and narrows nothing.
    const other = await keyOf(dealer2, 'order');
    const missing = await withKey(other, 'machine/get', { id: 999999 });
    for (const [name, body] of [
      ['machine/get', { id: m.id }],
      ['machine/update', { id: m.id, name: 'Моя' }],
      ['machine/delete', { id: m.id }],
    ] as const) {
      const r = await withKey(other, name, body);
      expect(r.status, name).toBe(404);
      expect(r.body).toEqual(missing.body);
    }
    const foreign = await withKey(other, 'product/list', { filter: { category: section, F_MACHINE: String(m.id) } });
    expect(itemsOf(foreign)).toHaveLength(0);
    expect(idsOf(await withKey(other, 'machine/list', { size: -1 }))).not.toContain(m.id);

    expect((await withKey(token, 'machine/delete', { id: m.id })).body.result).toEqual({ ok: true });
    expect((await dealer.call('machine/get', { id: m.id })).status).toBe(404);
  });
});

describe('«для моей техники» (F_MACHINE)', () => {
  const ids = async (client: TestClient, filter: Record<string, unknown>) =>
    (await client.ok('product/list', { filter: { category: section, ...filter }, size: -1 })).items.length;

  it('narrows the section to the parts that fit one machine, or all of them', async () => {
    const a = await dealer.ok('machine/create', { model: MODEL_A });
    expect(await ids(dealer, {})).toBe(6);
    expect(await ids(dealer, { F_MACHINE: String(a.id) })).toBe(3);
    // `all`: every machine of the dealer (the demo ones fit nothing in this section).
    expect(await ids(dealer, { F_MACHINE: 'all' })).toBe(3);
    const b = await dealer.ok('machine/create', { model: MODEL_B });
    expect(await ids(dealer, { F_MACHINE: 'all' })).toBe(5);
    expect(await ids(dealer, { F_MACHINE: [String(a.id), String(b.id)] })).toBe(5);
    // The long key works as the short one; a ticked model keeps to it.
    expect(await ids(dealer, { arCatalogProductsFilter_MACHINE: String(b.id) })).toBe(2);
    expect(await ids(dealer, { F_MACHINE: 'all', F_MODEL: [MODEL_B] })).toBe(2);
    // The smart filter counts the narrowed section.
    const facets = await dealer.ok('product/get-filter', { filter: { category: section, F_MACHINE: String(a.id) } });
    const model = facets.items.find((i) => i.CODE === 'MODEL');
    expect(model?.VALUES.find((v) => v.VALUE === MODEL_A)?.CHECKED).toBe(true);
    // Another dealer's machine narrows to nothing (never to that dealer's models); staff may name any.
    expect(await ids(dealer2, { F_MACHINE: String(a.id) })).toBe(0);
    expect(await ids(dealer2, { F_MACHINE: 'all' })).toBe(0);
    expect(await ids(employee, { F_MACHINE: String(a.id) })).toBe(3);
    // Search narrows too.
    const found = await dealer.ok('product/list', {
      filter: { search: 'ремкомплект техники', F_MACHINE: String(b.id) },
      size: -1,
    });
    expect(found.items.length).toBe(2);
    expect((await dealer.call('product/list', { filter: { F_MACHINE: 'mine' } })).status).toBe(400);
    await dealer.ok('machine/delete', { id: a.id });
    await dealer.ok('machine/delete', { id: b.id });
  });
});

describe('checkout with a machine, «Машина стоит»', () => {
  it('fills the VIN and model from the machine and keeps the machine on the order', async () => {
    const [tractor] = (await dealer.ok('machine/list', {})).items;
    const r = await dealer.ok('order/create', {
      fields: { ...fields, basket: await basketOf(dealer), machine: tractor!.id },
    });
    expect(r.order).toMatchObject({
      VINTehniki: '1RW8410DXKD012345',
      modelTehniki: 'John Deere 8R 410',
      urgent: false,
      machine: { id: tractor!.id, model: 'John Deere 8R 410', serial: '1RW8410DXKD012345', year: 2019 },
    });
    // A serial number that is not a VIN leaves the VIN empty; what the dealer typed wins.
    const combine = (await dealer.ok('machine/list', {})).items[1]!;
    const typed = await dealer.ok('order/create', {
      fields: { ...fields, basket: await basketOf(dealer), machine: combine.id, model: 'Lexion 760 (2016)' },
    });
    expect(typed.order).toMatchObject({ VINTehniki: '', modelTehniki: 'Lexion 760 (2016)' });
  });

  it('refuses «Машина стоит» without a machine, and another dealer’s machine', async () => {
    const basket = await basketOf(dealer2);
    const none = await dealer2.call('order/create', {
      fields: { ...(await checkoutFields(dealer2)), basket, urgent: true },
    });
    expect(none.status).toBe(400);
    expect(none.body.fields?.machine).toBe('Укажите машину, которая стоит');
    const [theirs] = (await dealer.ok('machine/list', {})).items;
    const foreign = await dealer2.call('order/create', {
      fields: { ...(await checkoutFields(dealer2)), basket, urgent: true, machine: theirs!.id },
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.fields?.machine).toBeTruthy();
  });

  it('puts open urgent orders first on the desk, marked with the machine, and marks them for the dealer', async () => {
    const [tractor] = (await dealer.ok('machine/list', {})).items;
    const urgent = await dealer.ok('order/create', {
      fields: { ...fields, basket: await basketOf(dealer), machine: tractor!.id, urgent: true },
    });
    // A later ordinary order has a higher number, yet the urgent one comes first.
    const plain = await dealer.ok('order/create', { fields: { ...fields, basket: await basketOf(dealer) } });
    expect(plain.id).toBeGreaterThan(urgent.id);
    const desk = await admin.ok('desk-order/list', { size: 5 });
    expect(desk.items[0]).toMatchObject({ id: urgent.id, urgent: true, machine: { model: 'John Deere 8R 410' } });
    expect(desk.items[1]!.id).toBe(plain.id);
    // The dealer's list and page show the mark.
    const mine = await dealer.ok('order/list', { size: 5 });
    expect(mine.items.find((o) => o.id === urgent.id)?.urgent).toBe(true);
    expect((await dealer.ok('order/get', { id: urgent.id })).machine?.serial).toBe('1RW8410DXKD012345');
    // Cancelled, it is an ordinary order again on the desk.
    await db.updateTable('orders').set({ is_canceled: true }).where('id', '=', urgent.id).execute();
    const after = await admin.ok('desk-order/list', { size: 5 });
    expect(after.items[0]!.id).toBe(plain.id);
    // The machine deleted, the order keeps what it was placed for.
    const gone = await dealer.ok('machine/create', { model: MODEL_A, name: 'Удалю' });
    const o = await dealer.ok('order/create', {
      fields: { ...fields, basket: await basketOf(dealer), machine: gone.id, urgent: true },
    });
    await dealer.ok('machine/delete', { id: gone.id });
    expect((await dealer.ok('order/get', { id: o.id })).machine).toMatchObject({ name: 'Удалю', model: MODEL_A });
  });

  it('keeps the limit of machines under simultaneous additions', async () => {
    // Fill up to two below the limit directly, then ask for five at once: exactly two are added.
    const owner = (await db.selectFrom('users').select('id').where('login', '=', 'dealer2').executeTakeFirstOrThrow())
      .id;
    const have = (await dealer2.ok('machine/list', {})).count;
    const rows = Array.from({ length: MAX_MACHINES - 2 - have }, () => ({ user_id: owner, model: MODEL_A }));
    if (rows.length) await db.insertInto('machines').values(rows).execute();
    const results = await Promise.all(
      Array.from({ length: 5 }, () => dealer2.call('machine/create', { model: MODEL_A })),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(2);
    expect(results.filter((r) => r.status === 409)).toHaveLength(3);
    expect((await dealer2.ok('machine/list', {})).count).toBe(MAX_MACHINES);
    await db.deleteFrom('machines').where('user_id', '=', owner).execute();
  });
});
