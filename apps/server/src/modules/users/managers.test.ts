import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../../testing/index.js';
import { newProduct } from '../baskets/testing.js';
import { newOrder as newShippedOrder } from '../returns/testing.js';

/**
 * A personal manager per dealer (decision 199): an administrator assigns an employee; the dealer reads only
 * their own manager; the employee's desk filters «Мои дилеры»; the staff e-mails about the dealer — a new
 * order, a correction, an appeal, a return — go to the manager, and to the general address when none is
 * assigned.
 */
describe('a personal manager per dealer', () => {
  let t: TestApp;
  let admin: TestClient;
  let dealer: TestClient;
  let dealer2: TestClient;
  let employee: TestClient;
  let ids: Record<'dealer' | 'dealer2' | 'employee' | 'admin', number>;
  let managerEmail = '';
  let otherEmployeeEmail = '';
  const db = () => t.app.portal.database.db;

  async function newOrder(client: TestClient) {
    const p = await newProduct(db(), { price: 100, stock: 50 });
    const b = await client.ok('basket/create', {});
    await client.ok('basket/add', { id: b.id, fields: [{ product: p.id, quantity: 2 }] });
    const f = await client.ok('order/get-fields', {});
    const opt = (id: string) => f.fields.find((x) => x.id === id)!.options;
    const fields = {
      company: Number(opt('company')[0]!.value),
      paySystem: Number(opt('paySystem')[0]!.value),
      shipping: Number(opt('shipping').find((o) => o.isPickup)!.value),
      storage: Number(opt('storage')[0]!.value),
    };
    return (await client.ok('order/create', { fields: { basket: b.id, ...fields } })).id;
  }
  /** The staff mail whose subject matches, newest last. */
  const staffMails = async (subject: RegExp) => (await t.outbox()).filter((m) => subject.test(m.subject));

  beforeAll(async () => {
    t = await createTestApp();
    [admin, dealer, dealer2, employee] = await Promise.all([
      t.as('admin'),
      t.as('dealer'),
      t.as('dealer2'),
      t.as('employee'),
    ]);
    ids = {
      admin: (await admin.ok('profile', {})).id,
      dealer: (await dealer.ok('profile', {})).id,
      dealer2: (await dealer2.ok('profile', {})).id,
      employee: (await employee.ok('profile', {})).id,
    };
    managerEmail = (await employee.ok('profile', {})).email;
    // A second employee: the general address then holds two, the manager's mail one.
    await sql`INSERT INTO users (login, email, password_hash, first_name, last_name, groups, active, approved)
      VALUES ('employee2', 'employee2@example.test', 'x', 'Пётр', 'Второй', ARRAY['EMPLOYEES'], true, true)`.execute(
      db(),
    );
    otherEmployeeEmail = 'employee2@example.test';
  });
  afterAll(() => t.close());

  it('an administrator assigns an employee; nobody else may, and only an employee may be a manager', async () => {
    const candidates = (await admin.ok('manager/candidates', {})).items;
    expect(candidates.map((c) => c.id)).toContain(ids.employee);
    expect(candidates.map((c) => c.id)).not.toContain(ids.admin);

    expect((await employee.call('manager/set', { userId: ids.dealer, managerId: ids.employee })).status).toBe(403);
    expect((await dealer.call('manager/set', { userId: ids.dealer, managerId: ids.employee })).status).toBe(403);
    const notEmployee = await admin.call('manager/set', { userId: ids.dealer, managerId: ids.dealer2 });
    expect(notEmployee.status).toBe(400);
    expect(notEmployee.body.error_description).toBe('Менеджером дилера может быть только действующий сотрудник');
    const notDealer = await admin.call('manager/set', { userId: ids.employee, managerId: ids.employee });
    expect(notDealer.status).toBe(400);
    expect((await admin.call('manager/set', { userId: 999999, managerId: ids.employee })).status).toBe(404);

    const set = await admin.ok('manager/set', { userId: ids.dealer, managerId: ids.employee });
    expect(set.manager).toMatchObject({ id: ids.employee, email: managerEmail });
    expect((await employee.ok('manager/of', { userId: ids.dealer })).manager?.id).toBe(ids.employee);
    const audit = await db()
      .selectFrom('audit_log')
      .selectAll()
      .where('entity', '=', 'user')
      .where('action', '=', 'manager')
      .execute();
    expect(audit.length).toBe(1);
  });

  it('the dealer sees their own manager and no other dealer’s; the employee counts their dealers', async () => {
    await admin.ok('manager/set', { userId: ids.dealer, managerId: ids.employee });
    const mine = await dealer.ok('manager/get', {});
    expect(mine.manager).toMatchObject({ id: ids.employee, email: managerEmail });
    expect(mine.manager!.name).not.toBe('');
    // dealer2 has none, and has no way to name another dealer.
    expect((await dealer2.ok('manager/get', {})).manager).toBeNull();
    expect((await dealer2.call('manager/get', { userId: ids.dealer } as never)).status).toBe(400);
    expect((await dealer2.call('manager/of', { userId: ids.dealer })).status).toBe(403);
    expect((await employee.ok('manager/get', {})).dealers).toBe(1);
  });

  it('the desk’s «Мои дилеры» lists only the manager’s dealers', async () => {
    await admin.ok('manager/set', { userId: ids.dealer, managerId: ids.employee });
    await newOrder(dealer);
    await newOrder(dealer2);
    const mine = await employee.ok('desk-order/list', { filter: { mine: true }, size: -1 });
    expect(mine.count).toBeGreaterThan(0);
    expect(new Set(mine.items.map((o) => o.dealer.id))).toEqual(new Set([ids.dealer]));
    const all = await employee.ok('desk-order/list', { size: -1 });
    expect(all.items.some((o) => o.dealer.id === ids.dealer2)).toBe(true);
    // An administrator with no dealers of their own sees none under the filter.
    expect((await admin.ok('desk-order/list', { filter: { mine: 'Y' } })).count).toBe(0);
  });

  it('a new order, a correction, an appeal and a return go to the manager, with an HTML link to the desk item', async () => {
    await admin.ok('manager/set', { userId: ids.dealer, managerId: ids.employee });
    const orderId = await newOrder(dealer);
    const [fresh] = await staffMails(new RegExp(`^Новый заказ № ${orderId} `));
    expect(fresh!.to).toEqual(managerEmail);
    expect(fresh!.html).toContain(`/desk/order/${orderId}/`);

    const order = await dealer.ok('order/get', { id: orderId });
    await dealer.ok('corrective-order/create', { id: orderId, products: [{ id: order.items![0]!.id, count: 1 }] });
    const [correction] = await staffMails(new RegExp(`^Корректировка заказа № ${orderId} `));
    expect(correction!.to).toEqual(managerEmail);
    expect(correction!.html).toContain(`/desk/order/${orderId}/`);

    await dealer.ok('message/create', { message: `Вопрос по заказу № ${orderId}` });
    const appeal = (await t.outbox()).filter((m) => m.text.includes(`Вопрос по заказу № ${orderId}`));
    expect(appeal.map((m) => m.to)).toEqual([managerEmail]);
    expect(appeal[0]!.html).toContain('/notice/?dealer=');

    const shipped = await newShippedOrder(db(), 'dealer', [{ quantity: 5, delivered: 3 }]);
    const ret = await dealer.ok('application-good-return/create', {
      fields: { order: shipped.id, product: shipped.products[0]!.id, quantity: 1, reason: 'Брак' },
    });
    const [returned] = await staffMails(new RegExp(`^Возврат № ${ret.id} `));
    expect(returned!.to).toEqual(managerEmail);
    expect(returned!.html).toContain(`/returns/${ret.id}/`);
  });

  it('with no manager assigned, the same mails go to the general address', async () => {
    await admin.ok('manager/set', { userId: ids.dealer, managerId: null });
    expect((await dealer.ok('manager/get', {})).manager).toBeNull();
    const orderId = await newOrder(dealer);
    const [fresh] = await staffMails(new RegExp(`^Новый заказ № ${orderId} `));
    const to = Array.isArray(fresh!.to) ? fresh!.to : String(fresh!.to).split(/,\s*/);
    expect(to).toEqual(expect.arrayContaining([managerEmail, otherEmployeeEmail]));

    await dealer.ok('message/create', { message: `Без менеджера ${orderId}` });
    const appeal = (await t.outbox()).filter((m) => m.text.includes(`Без менеджера ${orderId}`));
    const appealTo = Array.isArray(appeal[0]!.to) ? appeal[0]!.to : String(appeal[0]!.to).split(/,\s*/);
    expect(appealTo).toEqual(expect.arrayContaining([managerEmail, otherEmployeeEmail]));
  });

  it('a manager who stops being an employee no longer counts: the general address again', async () => {
    await admin.ok('manager/set', { userId: ids.dealer, managerId: ids.employee });
    await sql`UPDATE users SET active = false WHERE login = 'employee'`.execute(db());
    try {
      expect((await dealer.ok('manager/get', {})).manager).toBeNull();
    } finally {
      await sql`UPDATE users SET active = true WHERE login = 'employee'`.execute(db());
    }
  });
});
