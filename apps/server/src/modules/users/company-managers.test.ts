import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, type TestApp, type TestClient } from '../../testing/index.js';
import { newProduct } from '../baskets/testing.js';
import { newOrder as newShippedOrder } from '../returns/testing.js';

/**
 * A manager per company and the general staff address (decision 227): an administrator assigns an
 * employee to one of a dealer's companies; for that company's orders the company's manager wins over the
 * dealer's — the desk's «Мои дилеры», the mails of a new order, a correction and a return, the dealer's order
 * page. With no manager, the staff e-mails go to the site setting «Общий адрес менеджеров», and with it empty
 * to every active employee.
 */
describe('a manager per company; the general staff address', () => {
  let t: TestApp;
  let admin: TestClient;
  let dealer: TestClient;
  let dealer2: TestClient;
  let employee: TestClient;
  let employee2: TestClient;
  let ids: Record<'dealer' | 'employee' | 'employee2', number>;
  let companyA = 0; // served by employee2 (its own manager)
  let companyB = 0; // served by the dealer's manager (employee)
  const managerEmail = () => 'employee@example.test';
  const employee2Email = 'employee2@example.test';
  const db = () => t.app.portal.database.db;

  async function newOrder(client: TestClient, company: number) {
    const p = await newProduct(db(), { price: 100, stock: 50 });
    const b = await client.ok('basket/create', {});
    await client.ok('basket/add', { id: b.id, fields: [{ product: p.id, quantity: 2 }] });
    const f = await client.ok('order/get-fields', {});
    const opt = (id: string) => f.fields.find((x) => x.id === id)!.options;
    const fields = {
      company,
      paySystem: Number(opt('paySystem')[0]!.value),
      shipping: Number(opt('shipping').find((o) => o.isPickup)!.value),
      storage: Number(opt('storage')[0]!.value),
    };
    return (await client.ok('order/create', { fields: { basket: b.id, ...fields } })).id;
  }
  const mailsTo = async (subject: RegExp) =>
    (await t.outbox())
      .filter((m) => subject.test(m.subject))
      .map((m) => (Array.isArray(m.to) ? m.to : String(m.to).split(/,\s*/)));

  /** What the settings page sends when it saves the view it was given with another general address. */
  async function setStaffEmail(staffEmail: string) {
    const view = await admin.ok('site-settings/get', {});
    const s = view.settings;
    return admin.ok('site-settings/update', {
      siteName: s.siteName,
      logo: s.logo,
      email: s.email,
      feedbackEmail: s.feedbackEmail,
      copyright: s.copyright,
      basketLinkTemplate: s.basketLinkTemplate,
      supplier: s.supplier,
      thresholds: s.thresholds,
      returnDays: s.returnDays,
      staffEmail,
      paySystems: view.paySystems.map(({ id, name, description, active }) => ({ id, name, description, active })),
      priceTypes: view.priceTypes.map(({ id, name }) => ({ id, name })),
      priceMappings: view.priceMappings.map(({ id, priceTypeId, paySystemId }) => ({ id, priceTypeId, paySystemId })),
      exchange: { login: view.exchange.source === 'settings' ? view.exchange.login : '', password: '' },
    });
  }

  beforeAll(async () => {
    t = await createTestApp();
    // A second employee who signs in with the demo employee's password.
    await sql`INSERT INTO users (login, email, password_hash, first_name, last_name, groups, active, approved)
      SELECT 'employee2', ${employee2Email}, password_hash, 'Пётр', 'Второй', ARRAY['EMPLOYEES'], true, true
      FROM users WHERE login = 'employee'`.execute(db());
    [admin, dealer, dealer2, employee] = await Promise.all([
      t.as('admin'),
      t.as('dealer'),
      t.as('dealer2'),
      t.as('employee'),
    ]);
    ids = {
      dealer: (await dealer.ok('profile', {})).id,
      employee: (await employee.ok('profile', {})).id,
      employee2: (
        await db().selectFrom('users').select('id').where('login', '=', 'employee2').executeTakeFirstOrThrow()
      ).id,
    };
    await db().updateTable('users').set({ email: managerEmail() }).where('id', '=', ids.employee).execute();
    employee2 = t.client('127.0.0.2');
    expect((await employee2.signIn({ login: 'employee2', password: DEMO.employee.password })).status).toBe(200);
    // The dealer's two companies: A gets its own manager, B is served by the dealer's.
    const companies = await db()
      .selectFrom('counterparties')
      .select('id')
      .where('user_id', '=', ids.dealer)
      .orderBy('id')
      .execute();
    companyA = companies[0]!.id;
    companyB =
      companies[1]?.id ??
      (
        await db()
          .insertInto('counterparties')
          .values({ user_id: ids.dealer, name: 'ООО «Вторая»', inn: '7707083893' })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    await admin.ok('manager/set', { userId: ids.dealer, managerId: ids.employee });
  });
  afterAll(() => t.close());

  it('an administrator assigns a company’s manager; nobody else may, and only an active employee', async () => {
    const input = { counterpartyId: companyA, managerId: ids.employee2 };
    expect((await employee.call('manager/set-company', input)).status).toBe(403);
    expect((await dealer.call('manager/set-company', input)).status).toBe(403);
    const notEmployee = await admin.call('manager/set-company', { counterpartyId: companyA, managerId: ids.dealer });
    expect(notEmployee.status).toBe(400);
    expect(notEmployee.body.error_description).toBe('Менеджером дилера может быть только действующий сотрудник');
    expect((await admin.call('manager/set-company', { counterpartyId: 999999, managerId: null })).status).toBe(404);

    const set = await admin.ok('manager/set-company', input);
    expect(set.manager).toMatchObject({ id: ids.employee2, email: employee2Email });
    const audit = await db()
      .selectFrom('audit_log')
      .selectAll()
      .where('entity', '=', 'counterparty')
      .where('action', '=', 'manager')
      .execute();
    expect(audit.length).toBe(1);

    // Staff read it on the dealer's card: the dealer's manager and each company's own.
    const card = await employee.ok('manager/of', { userId: ids.dealer });
    expect(card.manager?.id).toBe(ids.employee);
    expect(card.companies.find((c) => c.id === companyA)?.manager?.id).toBe(ids.employee2);
    expect(card.companies.find((c) => c.id === companyB)?.manager).toBeNull();
    expect((await dealer.call('manager/of', { userId: ids.dealer })).status).toBe(403);
  });

  it('the dealer sees the company’s manager on that order and the dealer’s on the other; never another’s order', async () => {
    await admin.ok('manager/set-company', { counterpartyId: companyA, managerId: ids.employee2 });
    const a = await newOrder(dealer, companyA);
    const b = await newOrder(dealer, companyB);
    expect((await dealer.ok('manager/get', { orderId: a })).manager?.id).toBe(ids.employee2);
    expect((await dealer.ok('manager/get', { orderId: b })).manager?.id).toBe(ids.employee);
    expect((await dealer.ok('manager/get', {})).manager?.id).toBe(ids.employee);
    expect((await dealer2.call('manager/get', { orderId: a })).status).toBe(404);
    // Staff read any order's manager (the desk).
    expect((await employee.ok('manager/get', { orderId: a })).manager?.id).toBe(ids.employee2);
  });

  it('«Мои дилеры»: the company’s orders are its manager’s, the dealer’s other orders the dealer’s manager’s', async () => {
    await admin.ok('manager/set-company', { counterpartyId: companyA, managerId: ids.employee2 });
    const a = await newOrder(dealer, companyA);
    const b = await newOrder(dealer, companyB);
    const mine2 = (await employee2.ok('desk-order/list', { filter: { mine: true }, size: -1 })).items.map((o) => o.id);
    expect(mine2).toContain(a);
    expect(mine2).not.toContain(b);
    const mine1 = (await employee.ok('desk-order/list', { filter: { mine: true }, size: -1 })).items.map((o) => o.id);
    expect(mine1).toContain(b);
    expect(mine1).not.toContain(a);
    expect((await employee2.ok('manager/get', {})).dealers).toBe(1);
  });

  it('a new order, a correction and a return of the company’s order go to the company’s manager', async () => {
    await admin.ok('manager/set-company', { counterpartyId: companyA, managerId: ids.employee2 });
    const a = await newOrder(dealer, companyA);
    expect(await mailsTo(new RegExp(`^Новый заказ № ${a} `))).toEqual([[employee2Email]]);
    const b = await newOrder(dealer, companyB);
    expect(await mailsTo(new RegExp(`^Новый заказ № ${b} `))).toEqual([[managerEmail()]]);

    const order = await dealer.ok('order/get', { id: a });
    await dealer.ok('corrective-order/create', { id: a, products: [{ id: order.items![0]!.id, count: 1 }] });
    expect(await mailsTo(new RegExp(`^Корректировка заказа № ${a} `))).toEqual([[employee2Email]]);

    const shipped = await newShippedOrder(db(), 'dealer', [{ quantity: 5, delivered: 3 }]);
    await db().updateTable('orders').set({ counterparty_id: companyA }).where('id', '=', shipped.id).execute();
    const ret = await dealer.ok('application-good-return/create', {
      fields: { order: shipped.id, product: shipped.products[0]!.id, quantity: 1, reason: 'Брак' },
    });
    expect(await mailsTo(new RegExp(`^Возврат № ${ret.id} `))).toEqual([[employee2Email]]);
  });

  it('a company’s manager who is blocked no longer counts: the dealer’s manager serves the company again', async () => {
    await admin.ok('manager/set-company', { counterpartyId: companyA, managerId: ids.employee2 });
    await db().updateTable('users').set({ active: false }).where('id', '=', ids.employee2).execute();
    try {
      const a = await newOrder(dealer, companyA);
      expect((await dealer.ok('manager/get', { orderId: a })).manager?.id).toBe(ids.employee);
      expect(await mailsTo(new RegExp(`^Новый заказ № ${a} `))).toEqual([[managerEmail()]]);
      const mine = (await employee.ok('desk-order/list', { filter: { mine: true }, size: -1 })).items.map((o) => o.id);
      expect(mine).toContain(a);
    } finally {
      await db().updateTable('users').set({ active: true }).where('id', '=', ids.employee2).execute();
    }
  });

  it('with no manager, the staff e-mails go to the general address when set, to every employee when empty', async () => {
    await admin.ok('manager/set-company', { counterpartyId: companyA, managerId: null });
    await admin.ok('manager/set', { userId: ids.dealer, managerId: null });
    try {
      const saved = await setStaffEmail('sales@example.test');
      expect(saved.staffEmail).toBe('sales@example.test');
      // A visitor's page data does not carry it.
      expect(JSON.stringify(await dealer.ok('site/get-main-settings', {}))).not.toContain('sales@example.test');
      const a = await newOrder(dealer, companyA);
      expect(await mailsTo(new RegExp(`^Новый заказ № ${a} `))).toEqual([['sales@example.test']]);
      const order = await dealer.ok('order/get', { id: a });
      await dealer.ok('corrective-order/create', { id: a, products: [{ id: order.items![0]!.id, count: 1 }] });
      expect(await mailsTo(new RegExp(`^Корректировка заказа № ${a} `))).toEqual([['sales@example.test']]);
      await dealer.ok('message/create', { message: `Общий адрес ${a}` });
      const appeal = (await t.outbox()).filter((m) => m.text.includes(`Общий адрес ${a}`));
      expect(appeal.map((m) => m.to)).toEqual(['sales@example.test']);
      // Bad input is a field error, not a failure.
      expect((await admin.call('site-settings/update', { staffEmail: 'не адрес' } as never)).status).toBe(400);

      await setStaffEmail('');
      expect((await admin.ok('site-settings/get', {})).staffEmail).toBe('');
      const b = await newOrder(dealer, companyB);
      const [to] = await mailsTo(new RegExp(`^Новый заказ № ${b} `));
      expect(to).toEqual(expect.arrayContaining([managerEmail(), employee2Email]));
      await dealer.ok('message/create', { message: `Пустой адрес ${b}` });
      const appeal2 = (await t.outbox()).filter((m) => m.text.includes(`Пустой адрес ${b}`));
      const to2 = Array.isArray(appeal2[0]!.to) ? appeal2[0]!.to : String(appeal2[0]!.to).split(/,\s*/);
      expect(to2).toEqual(expect.arrayContaining([managerEmail(), employee2Email]));
      const audit = await db()
        .selectFrom('audit_log')
        .select('id')
        .where('entity', '=', 'site-settings')
        .where('entity_id', '=', 'staff')
        .execute();
      expect(audit.length).toBe(2);
    } finally {
      await admin.ok('manager/set', { userId: ids.dealer, managerId: ids.employee });
    }
  });
});
