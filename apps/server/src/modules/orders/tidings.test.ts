import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/database.js';
import { createTestApp, type TestApp, type TestClient } from '../../testing/index.js';
import { newProduct } from '../baskets/testing.js';

/**
 * The dealer hears of the desk's changes once per change set (decision 195): what managers do to one order
 * within the window of the site settings reaches the dealer as one notice and one e-mail listing it, a flag
 * set and cleared says nothing, a note alone has its own subject, the e-mail is HTML with the order's link,
 * and concurrent edits still make one message (the set's job is keyed by its first line, in the outbox).
 */
describe('the desk’s tidings, once per change set', () => {
  let t: TestApp;
  let db: Db;
  let dealer: TestClient;
  let admin: TestClient;
  let employee: TestClient;
  let fields: { company: number; paySystem: number; shipping: number; storage: number };
  const status: Record<string, number> = {};

  async function newOrder() {
    const p = await newProduct(db, { price: 100, stock: 50 });
    const b = await dealer.ok('basket/create', {});
    await dealer.ok('basket/add', { id: b.id, fields: [{ product: p.id, quantity: 2 }] });
    return (await dealer.ok('order/create', { fields: { basket: b.id, ...fields } })).id;
  }
  const notices = async () => (await dealer.ok('notice/list', { size: -1 })).items;
  let dealerEmail = '';
  /** The dealer's e-mails about the order's changes (not the managers' «Новый заказ», nor «Ваш заказ … принят»). */
  const mailsAbout = async (orderId: number) =>
    (await t.outbox()).filter(
      (m) =>
        new RegExp(`№ ${orderId}(\\D|$)`).test(m.subject) &&
        m.to.includes(dealerEmail) &&
        !m.subject.startsWith('Ваш заказ'),
    );
  const setsWaiting = async (orderId: number) =>
    (
      await sql<{ n: number }>`SELECT count(*)::int AS n FROM jobs
        WHERE kind = 'order-tidings' AND key LIKE ${`order-tidings:${orderId}:%`}`.execute(db)
    ).rows[0]!.n;
  /** The window passes: the order's set is due now, and the worker runs it (and the mail it queues). */
  async function windowPasses(orderId: number) {
    await sql`UPDATE jobs SET run_at = now() WHERE kind = 'order-tidings' AND status = 'queued'
      AND payload->>'orderId' = ${String(orderId)}`.execute(db);
    await t.outbox();
  }

  beforeAll(async () => {
    t = await createTestApp();
    db = t.app.portal.database.db;
    dealer = await t.as('dealer');
    admin = await t.as('admin');
    employee = await t.as('employee');
    dealerEmail = (await dealer.ok('profile', {})).email;
    await sql`UPDATE site_settings SET value = value || '{"orderTidingsMinutes": 3}'::jsonb WHERE key = 'main'`.execute(
      db,
    );
    for (const s of (await admin.ok('order-status/list', {})).items) status[s.code] = s.id;
    const f = await dealer.ok('order/get-fields', {});
    const opt = (id: string) => f.fields.find((x) => x.id === id)!.options;
    fields = {
      company: Number(opt('company')[0]!.value),
      paySystem: Number(opt('paySystem')[0]!.value),
      shipping: Number(opt('shipping').find((o) => o.isPickup)!.value),
      storage: Number(opt('storage')[0]!.value),
    };
  });
  afterAll(() => t.close());

  it('gathers concurrent changes of two managers into one notice and one HTML e-mail; a reverted flag is left out', async () => {
    const id = await newOrder();
    const noticesBefore = (await notices()).length;
    const answers = await Promise.all([
      admin.call('desk-order/change', { id, status: status.A! }),
      employee.call('desk-order/change', { id, isWarning: true }),
      admin.call('desk-order/change', { id, note: 'Соберём завтра' }),
      employee.call('desk-order/change', { id, isPayment: true }),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    await employee.ok('desk-order/change', { id, isWarning: false });

    // Nothing told inside the window, and one set waits for the five changes.
    expect((await notices()).length).toBe(noticesBefore);
    expect(await mailsAbout(id)).toHaveLength(0);
    expect(await setsWaiting(id)).toBe(1);

    await windowPasses(id);
    const mails = await mailsAbout(id);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.subject).toBe(`Заказ № ${id}: статус «Принят»`);
    expect(mail.text).toContain('Статус: «Новый» → «Принят»');
    expect(mail.text).toContain('Заказ отмечен как оплаченный');
    expect(mail.text).toContain('Сообщение: Соберём завтра');
    expect(mail.text).not.toContain('Есть проблемы');
    expect(mail.html).toContain(`/order/${id}/"`);
    expect(mail.html).toContain('<li>Статус: «Новый» → «Принят»</li>');
    const fresh = await notices();
    expect(fresh.length).toBe(noticesBefore + 1);
    expect(fresh[0]!.title).toBe(`Заказ № ${id}: статус «Принят»`);
    expect(fresh[0]!.link).toBe(`/order/${id}/`);

    // The job run again (a worker that died after the work) tells nothing more.
    await sql`UPDATE jobs SET status = 'queued', run_at = now() WHERE key LIKE ${`order-tidings:${id}:%`}`.execute(db);
    await t.outbox();
    expect(await mailsAbout(id)).toHaveLength(1);
    expect((await notices()).length).toBe(noticesBefore + 1);

    // A change after the set was told opens the next set.
    await admin.ok('desk-order/change', { id, status: status.P! });
    expect(await setsWaiting(id)).toBe(2);
    await windowPasses(id);
    const second = (await mailsAbout(id)).at(-1)!;
    expect(second.subject).toBe(`Заказ № ${id}: статус «${'Собирается'}»`);
    expect(second.text).not.toContain('Принят»\n');
  }, 120_000);

  it('a flag set and cleared within the window sends nothing; the history keeps both', async () => {
    const id = await newOrder();
    const noticesBefore = (await notices()).length;
    await employee.ok('desk-order/change', { id, isWarning: true });
    await employee.ok('desk-order/change', { id, isWarning: false });
    await windowPasses(id);
    expect(await mailsAbout(id)).toHaveLength(0);
    expect((await notices()).length).toBe(noticesBefore);
    const order = await admin.ok('desk-order/get', { id });
    expect(JSON.stringify(order)).toContain('Есть проблемы');
  }, 120_000);

  it('a manager’s note alone has its own subject', async () => {
    const id = await newOrder();
    await employee.ok('desk-order/change', { id, note: 'Позвоните, пожалуйста' });
    await windowPasses(id);
    const mails = await mailsAbout(id);
    expect(mails.map((m) => m.subject)).toEqual([`Сообщение менеджера по заказу № ${id}`]);
    expect(mails[0]!.text).toContain('Сообщение: Позвоните, пожалуйста');
    expect((await notices())[0]!.title).toBe(`Сообщение менеджера по заказу № ${id}`);
  }, 120_000);

  it('«прочитать все» marks the caller’s unread notices read, nobody else’s', async () => {
    const employeeUnread = (await employee.ok('notice/list', { size: 1 })).unread;
    const before = await dealer.ok('notice/list', { size: 1 });
    expect(before.unread).toBeGreaterThan(0);
    expect(await dealer.ok('notice/read-all', {})).toEqual({ count: before.unread });
    expect((await dealer.ok('notice/list', { size: 1 })).unread).toBe(0);
    expect(await dealer.ok('notice/read-all', {})).toEqual({ count: 0 });
    expect((await employee.ok('notice/list', { size: 1 })).unread).toBe(employeeUnread);
  });
});
