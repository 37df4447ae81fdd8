import { SUPPORT_FORM_CODE } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newOrder } from '../modules/returns/testing.js';
import { createTestApp, type TestApp, type TestClient } from '../testing/index.js';

/**
 * The staff lists of returns, requests and appeals name the dealer and the company; a dealer
 * still sees only their own rows.
 */
let t: TestApp;
const db = () => t.app.portal.database.db;
let dealer: TestClient;
let dealer2: TestClient;
let employee: TestClient;
let admin: TestClient;

beforeAll(async () => {
  t = await createTestApp();
  [dealer, dealer2, employee, admin] = await Promise.all([
    t.as('dealer'),
    t.as('dealer2'),
    t.as('employee'),
    t.as('admin'),
  ]);
});
afterAll(() => t.close());

async function companyOf(login: string): Promise<string> {
  const row = await db().selectFrom('users').select('company').where('login', '=', login).executeTakeFirstOrThrow();
  return row.company;
}

describe('staff lists carry the dealer and the company', () => {
  it('returns: the order’s company, else the dealer’s; a dealer sees only their own', async () => {
    const order = await newOrder(db(), 'dealer', [{ quantity: 3 }]);
    const mine = await dealer.ok('application-good-return/create', {
      fields: { order: order.id, product: order.products[0]!.id, quantity: 1, reason: 'Брак' },
    });
    // An order placed for a named counterparty shows that company.
    const user = await db().selectFrom('users').select('id').where('login', '=', 'dealer2').executeTakeFirstOrThrow();
    const cp = await db()
      .insertInto('counterparties')
      .values({ user_id: user.id, name: 'ООО «Контрагент Тест»' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const other = await newOrder(db(), 'dealer2', [{ quantity: 2 }]);
    await db().updateTable('orders').set({ counterparty_id: cp.id }).where('id', '=', other.id).execute();
    const theirs = await dealer2.ok('application-good-return/create', {
      fields: { order: other.id, product: other.products[0]!.id, quantity: 1, reason: 'Брак' },
    });

    for (const staff of [employee, admin]) {
      const list = await staff.ok('application-good-return/list', { size: -1 });
      const a = list.items.find((r) => r.id === mine.id)!;
      const b = list.items.find((r) => r.id === theirs.id)!;
      expect(a.user.name).not.toBe('');
      expect(a.company).toBe(await companyOf('dealer'));
      expect(b.company).toBe('ООО «Контрагент Тест»');
    }
    const own = await dealer.ok('application-good-return/list', { size: -1 });
    expect(own.items.some((r) => r.id === mine.id)).toBe(true);
    expect(own.items.some((r) => r.id === theirs.id)).toBe(false);
  });

  it('requests: the dealer’s company; a dealer sees only their own', async () => {
    const { items } = await dealer.ok('application-empty-product/create', {
      items: [{ article: `CO-${Date.now()}`, count: 1 }],
    });
    const list = await employee.ok('application-empty-product/list', { size: -1 });
    const row = list.items.find((w) => w.id === items[0]!.id)!;
    expect(row.userName).not.toBe('');
    expect(row.company).toBe(await companyOf('dealer'));
    expect((await dealer2.ok('application-empty-product/list', { size: -1 })).items.some((w) => w.id === row.id)).toBe(
      false,
    );
  });

  it('appeals: the author’s company; a dealer sees only their own', async () => {
    const support = await dealer.ok('form/get', { code: SUPPORT_FORM_CODE });
    const agreement = support.fields.find((f) => f.type === 'AGREEMENT')!.code;
    const answer = await dealer.ok('answer/create', {
      payload: {
        code: SUPPORT_FORM_CODE,
        fields: [
          { code: 'TOPIC', value: 'OTHER' },
          { code: 'SUBJECT', value: 'Компания в списке' },
          { code: 'MESSAGE', value: 'Проверка колонки компании' },
          { code: agreement, value: true },
        ],
      },
    });
    const list = await employee.ok('answer/list', { filter: { code: SUPPORT_FORM_CODE }, size: -1 });
    const row = list.items.find((a) => a.id === answer.id)!;
    expect(row.user.name).not.toBe('');
    expect(row.company).toBe(await companyOf('dealer'));
    expect((await dealer2.ok('answer/list', { size: -1 })).items.some((a) => a.id === answer.id)).toBe(false);
  });
});

/**
 * Staff filter these lists by dealer and by company (the order desk's `dealer` and `company`
 * fields); a dealer sending the same filter still gets only their own rows.
 */
describe('staff lists filter by dealer and company', () => {
  const stamp = Date.now();
  const alpha = `ООО «Альфа ${stamp}»`;
  const beta = `ООО «Бета ${stamp}»`;
  beforeAll(async () => {
    await db().updateTable('users').set({ company: alpha }).where('login', '=', 'dealer').execute();
    await db().updateTable('users').set({ company: beta }).where('login', '=', 'dealer2').execute();
  });

  async function appeal(client: TestClient, subject: string) {
    const support = await client.ok('form/get', { code: SUPPORT_FORM_CODE });
    const agreement = support.fields.find((f) => f.type === 'AGREEMENT')!.code;
    return client.ok('answer/create', {
      payload: {
        code: SUPPORT_FORM_CODE,
        fields: [
          { code: 'TOPIC', value: 'OTHER' },
          { code: 'SUBJECT', value: subject },
          { code: 'MESSAGE', value: 'Проверка фильтра' },
          { code: agreement, value: true },
        ],
      },
    });
  }

  it('returns: by dealer, by the company shown (order’s counterparty, else the profile’s)', async () => {
    const order = await newOrder(db(), 'dealer', [{ quantity: 3 }]);
    const mine = await dealer.ok('application-good-return/create', {
      fields: { order: order.id, product: order.products[0]!.id, quantity: 1, reason: 'Брак' },
    });
    const user = await db().selectFrom('users').select('id').where('login', '=', 'dealer2').executeTakeFirstOrThrow();
    const cp = await db()
      .insertInto('counterparties')
      .values({ user_id: user.id, name: `ООО «Гамма ${stamp}»` })
      .returning('id')
      .executeTakeFirstOrThrow();
    const other = await newOrder(db(), 'dealer2', [{ quantity: 2 }]);
    await db().updateTable('orders').set({ counterparty_id: cp.id }).where('id', '=', other.id).execute();
    const theirs = await dealer2.ok('application-good-return/create', {
      fields: { order: other.id, product: other.products[0]!.id, quantity: 1, reason: 'Брак' },
    });
    const ids = async (client: TestClient, filter: object) =>
      (await client.ok('application-good-return/list', { size: -1, filter })).items.map((r) => r.id);

    for (const staff of [employee, admin]) {
      const byDealer = await ids(staff, { dealer: 'dealer2' });
      expect(byDealer).toContain(theirs.id);
      expect(byDealer).not.toContain(mine.id);
      const byCounterparty = await ids(staff, { company: `Гамма ${stamp}` });
      expect(byCounterparty).toEqual([theirs.id]);
      const byProfile = await ids(staff, { company: `Альфа ${stamp}` });
      expect(byProfile).toContain(mine.id);
      expect(byProfile).not.toContain(theirs.id);
      expect(await ids(staff, { dealer: 'dealer', company: `Гамма ${stamp}` })).toEqual([theirs.id]);
      expect(await ids(staff, { dealer: `нет-такого-${stamp}` })).toEqual([]);
    }
    // A dealer's filter never widens their list.
    for (const filter of [{ dealer: 'dealer2' }, { company: `Гамма ${stamp}` }, { company: `Бета ${stamp}` }]) {
      expect(await ids(dealer, filter)).not.toContain(theirs.id);
    }
    expect(await ids(dealer, { dealer: 'dealer2' })).toContain(mine.id);
  });

  it('requests: by dealer and by the dealer’s company', async () => {
    const [a, b] = await Promise.all([
      dealer.ok('application-empty-product/create', { items: [{ article: `FA-${stamp}`, count: 1 }] }),
      dealer2.ok('application-empty-product/create', { items: [{ article: `FB-${stamp}`, count: 1 }] }),
    ]);
    const mine = a.items[0]!.id;
    const theirs = b.items[0]!.id;
    const ids = async (client: TestClient, filter: object) =>
      (await client.ok('application-empty-product/list', { size: -1, filter })).items.map((w) => w.id);

    const byDealer = await ids(employee, { dealer: 'dealer2' });
    expect(byDealer).toContain(theirs);
    expect(byDealer).not.toContain(mine);
    expect(await ids(admin, { company: `Альфа ${stamp}` })).toContain(mine);
    expect(await ids(admin, { company: `Альфа ${stamp}` })).not.toContain(theirs);
    expect(await ids(employee, { dealer: 'dealer2', company: `Альфа ${stamp}` })).toEqual([]);
    expect(await ids(dealer, { dealer: 'dealer2' })).not.toContain(theirs);
    expect(await ids(dealer, { company: `Бета ${stamp}` })).not.toContain(theirs);
  });

  it('appeals: by dealer and by the author’s company', async () => {
    const [mine, theirs] = await Promise.all([appeal(dealer, 'Фильтр А'), appeal(dealer2, 'Фильтр Б')]);
    const ids = async (client: TestClient, filter: object) =>
      (await client.ok('answer/list', { size: -1, filter: { code: SUPPORT_FORM_CODE, ...filter } })).items.map(
        (a) => a.id,
      );

    const byDealer = await ids(employee, { dealer: 'dealer2' });
    expect(byDealer).toContain(theirs.id);
    expect(byDealer).not.toContain(mine.id);
    const byCompany = await ids(admin, { company: `Бета ${stamp}` });
    expect(byCompany).toContain(theirs.id);
    expect(byCompany).not.toContain(mine.id);
    expect(await ids(employee, { company: `нет-такой-${stamp}` })).toEqual([]);
    expect(await ids(dealer, { dealer: 'dealer2' })).not.toContain(theirs.id);
    expect(await ids(dealer, { company: `Бета ${stamp}` })).toContain(mine.id);
  });
});
