import { SUPPORT_FORM_CODE, translate } from '@portal/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../db/database.js';
import { createTestApp, type TestApp, type TestClient } from '../../testing/index.js';
import { newProduct } from '../baskets/testing.js';
import { newOrder as shippedOrder } from '../returns/testing.js';

/**
 * A change and the e-mail it queues stand or fall together (decision 189). A real database fault makes the
 * outbox insert fail: a trigger on `jobs` raises for a message that carries a marker. The call then either
 * answers an error with nothing saved, or — the marker gone — saves the change with its e-mail; never a 200
 * with the change lost or the e-mail silently dropped. On PGlite and on PostgreSQL (TEST_DATABASE_URL).
 */
describe('a failing outbox inside a change', () => {
  let t: TestApp;
  let db: Db;
  let dealer: TestClient;
  let employee: TestClient;
  let admin: TestClient;
  let dealerId: number;
  const MARK = 'ОТКАЗ-ПОЧТЫ';
  const failure = { error: 'INTERNAL', error_description: translate('ru', 'error.internal') };

  const refuseMail = (marker: string) => sql`INSERT INTO outbox_fault (marker) VALUES (${marker})`.execute(db);
  const mails = async () => (await t.outbox()).length;

  beforeAll(async () => {
    t = await createTestApp();
    db = t.app.portal.database.db;
    await sql`CREATE TABLE outbox_fault (marker text NOT NULL)`.execute(db);
    await sql`
      CREATE FUNCTION outbox_fault() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.kind = 'mail' AND EXISTS (SELECT 1 FROM outbox_fault f WHERE NEW.payload::text LIKE '%' || f.marker || '%') THEN
          RAISE EXCEPTION 'the outbox refuses this message';
        END IF;
        RETURN NEW;
      END $$`.execute(db);
    await sql`CREATE TRIGGER outbox_fault BEFORE INSERT ON jobs FOR EACH ROW EXECUTE FUNCTION outbox_fault()`.execute(
      db,
    );
    // The desk's change told at once, in its transaction (the gathered sets of decision 195 have their own test).
    await sql`UPDATE site_settings SET value = value || '{"orderTidingsMinutes": 0}'::jsonb WHERE key = 'main'`.execute(
      db,
    );
    dealer = await t.as('dealer');
    employee = await t.as('employee');
    admin = await t.as('admin');
    dealerId = (await dealer.ok('profile', {})).id;
  });
  beforeEach(async () => {
    await sql`DELETE FROM outbox_fault`.execute(db);
  });
  afterAll(() => t.close());

  it('message/create by a dealer: an error and no message, or the message with the managers’ e-mail', async () => {
    const before = (await dealer.ok('message/list', { size: -1 })).count;
    const sent = await mails();
    await refuseMail(MARK);
    const r = await dealer.call('message/create', { message: `Вопрос по счёту ${MARK}` });
    expect(r.status).toBe(500);
    expect(r.body).toEqual(failure);
    expect((await dealer.ok('message/list', { size: -1 })).count).toBe(before);
    expect(await mails()).toBe(sent);

    await sql`DELETE FROM outbox_fault`.execute(db);
    const ok = await dealer.ok('message/create', { message: `Вопрос по счёту ${MARK}` });
    expect((await dealer.ok('message/list', { size: -1 })).items[0]?.id).toBe(ok.id);
    expect((await t.outbox()).at(-1)).toMatchObject({ subject: expect.stringContaining('Сообщение от') });
  });

  it('message/create by a manager: an error and neither the message nor the dealer’s notice', async () => {
    const before = (await dealer.ok('message/list', { size: -1 })).count;
    const notices = (await dealer.ok('notice/list', { size: -1 })).count;
    const sent = await mails();
    await refuseMail(MARK);
    const r = await employee.call('message/create', { message: `Ответ ${MARK}`, dealer: dealerId });
    expect(r.status).toBe(500);
    expect(r.body).toEqual(failure);
    expect((await dealer.ok('message/list', { size: -1 })).count).toBe(before);
    expect((await dealer.ok('notice/list', { size: -1 })).count).toBe(notices);
    expect(await mails()).toBe(sent);
  });

  it('a return comment with a new status: an error and the return as it was', async () => {
    const order = await shippedOrder(db, 'dealer', [{ quantity: 5 }]);
    const ret = await dealer.ok('application-good-return/create', {
      fields: { order: order.id, product: order.products[0]!.id, quantity: 1, reason: 'Брак' },
    });
    const sent = await mails();
    await refuseMail(MARK);
    const r = await employee.call('application-good-return-comment/create', {
      fields: { goodReturn: ret.id, status: 'REVIEW', text: `Проверим ${MARK}` },
    });
    expect(r.status).toBe(500);
    expect(r.body).toEqual(failure);
    expect((await dealer.ok('application-good-return-comment/list', { filter: { goodreturn: ret.id } })).count).toBe(0);
    expect((await dealer.ok('application-good-return/get', { id: ret.id })).status).toEqual(ret.status);
    expect(await mails()).toBe(sent);
  });

  it('a support request: an error and no request', async () => {
    const form = await dealer.ok('form/get', { code: SUPPORT_FORM_CODE });
    const agreement = form.fields.find((f) => f.type === 'AGREEMENT')!.code;
    const fields = [
      { code: 'TOPIC', value: 'OTHER' },
      { code: 'SUBJECT', value: 'Вопрос' },
      { code: 'MESSAGE', value: `Как сменить способ оплаты? ${MARK}` },
      { code: agreement, value: true },
    ];
    const before = (await dealer.ok('answer/list', { size: -1 })).count;
    const sent = await mails();
    await refuseMail(MARK);
    const r = await dealer.call('answer/create', { payload: { code: SUPPORT_FORM_CODE, fields } });
    expect(r.status).toBe(500);
    expect(r.body).toEqual(failure);
    expect((await dealer.ok('answer/list', { size: -1 })).count).toBe(before);
    expect(await mails()).toBe(sent);
  });

  it('user/register: an error and no account, so the same application goes through once the outbox takes it', async () => {
    const application = {
      login: 'outboxdealer',
      email: 'outbox@dealer.local',
      password: 'Outboxdealer#2026',
      confirmPassword: 'Outboxdealer#2026',
      firstName: 'Пётр',
      lastName: 'Сидоров',
      phone: '+7 (383) 200-00-00',
      company: `ООО «${MARK}»`,
      inn: '5406000018',
    };
    const sent = await mails();
    await refuseMail(MARK);
    const r = await t.client().call('user/register', application);
    expect(r.status).toBe(500);
    expect(r.body).toEqual(failure);
    const account = sql<{ n: number }>`SELECT count(*)::int AS n FROM users WHERE login = 'outboxdealer'`;
    expect((await account.execute(db)).rows[0]!.n).toBe(0);
    expect(await mails()).toBe(sent);

    await sql`DELETE FROM outbox_fault`.execute(db);
    expect((await t.client().call('user/register', application)).status).toBe(200);
    expect((await account.execute(db)).rows[0]!.n).toBe(1);
  });

  describe('orders', () => {
    let fields: { company: number; paySystem: number; shipping: number; storage: number };
    beforeAll(async () => {
      const f = await dealer.ok('order/get-fields', {});
      const opt = (id: string) => f.fields.find((x) => x.id === id)!.options;
      fields = {
        company: Number(opt('company')[0]!.value),
        paySystem: Number(opt('paySystem')[0]!.value),
        shipping: Number(opt('shipping').find((o) => o.isPickup)!.value),
        storage: Number(opt('storage')[0]!.value),
      };
    });
    async function basketWithLine() {
      const product = await newProduct(db, { price: 100 });
      const b = await dealer.ok('basket/create', {});
      await dealer.ok('basket/add', { id: b.id, fields: [{ product: product.id, quantity: 2 }] });
      return b.id;
    }

    it('order/create: an error, no order and the basket kept — never a 200 for an order that is not there', async () => {
      const basket = await basketWithLine();
      const orders = (await dealer.ok('order/list', { size: -1 })).count;
      const sent = await mails();
      await refuseMail('принят'); // «Ваш заказ № … принят», the dealer's copy
      const r = await dealer.call('order/create', { fields: { basket, ...fields } });
      expect(r.status).toBe(500);
      expect(r.body).toEqual(failure);
      expect((await dealer.ok('order/list', { size: -1 })).count).toBe(orders);
      expect((await dealer.ok('basket/get', { id: basket })).count).toBe(1);
      expect(await mails()).toBe(sent);

      await sql`DELETE FROM outbox_fault`.execute(db);
      const ok = await dealer.ok('order/create', { fields: { basket, ...fields } });
      expect((await dealer.ok('order/list', { size: -1 })).count).toBe(orders + 1);
      const subjects = (await t.outbox()).map((m) => m.subject);
      expect(subjects).toContain(`Ваш заказ № ${ok.id} принят`);
    });

    it('a desk status change that tells the dealer: an error and the order as it was, or the change with its e-mail', async () => {
      const basket = await basketWithLine();
      const order = await dealer.ok('order/create', { fields: { basket, ...fields } });
      const statuses = (await admin.ok('order-status/list', {})).items;
      const accepted = statuses.find((s) => s.code === 'A')!.id;
      const before = await admin.ok('desk-order/get', { id: order.id });
      const notices = (await dealer.ok('notice/list', { size: -1 })).count;
      const sent = await mails();
      await refuseMail(MARK);
      const r = await admin.call('desk-order/change', { id: order.id, status: accepted, note: `Соберём ${MARK}` });
      expect(r.status).toBe(500);
      expect(r.body).toEqual(failure);
      const after = await admin.ok('desk-order/get', { id: order.id });
      expect(after.status.code).toBe(before.status.code);
      expect(after.history).toEqual(before.history);
      expect((await dealer.ok('notice/list', { size: -1 })).count).toBe(notices);
      expect(await mails()).toBe(sent);

      await sql`DELETE FROM outbox_fault`.execute(db);
      const ok = await admin.ok('desk-order/change', { id: order.id, status: accepted, note: `Соберём ${MARK}` });
      expect(ok.status.code).toBe('A');
      expect((await t.outbox()).at(-1)?.text).toContain(MARK);
    });
  });
});
