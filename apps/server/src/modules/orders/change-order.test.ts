import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/database.js';
import type { Mailer } from '../../mail/mailer.js';
import { createTestApp, type TestApp, type TestClient } from '../../testing/index.js';
import { newProduct } from '../baskets/testing.js';
import { changeOrder, type OrderDeps } from './index.js';

/**
 * The one order change mechanism (decision 100): through `order/set-status` as staff use it today and
 * directly as the 1C exchange calls it.
 */
describe('changeOrder', () => {
  let t: TestApp;
  let db: Db;
  let deps: OrderDeps;
  let dealer: TestClient;
  let admin: TestClient;
  let dealerId: number;
  let adminId: number;
  let fields: { company: number; paySystem: number; shipping: number; storage: number };
  const status: Record<string, number> = {};

  async function newOrder(lines: Array<{ price?: number; quantity: number; stock?: number }> = [{ quantity: 2 }]) {
    const products = [];
    for (const l of lines) products.push(await newProduct(db, { price: l.price ?? 100, stock: l.stock }));
    const b = await dealer.ok('basket/create', {});
    await dealer.ok('basket/add', {
      id: b.id,
      fields: products.map((p, i) => ({ product: p.id, quantity: lines[i]!.quantity })),
    });
    const r = await dealer.ok('order/create', { fields: { basket: b.id, ...fields } });
    return { id: r.id, items: r.order.items!, products };
  }

  const notices = async () => (await dealer.ok('notice/list', { size: -1 })).items;
  beforeAll(async () => {
    t = await createTestApp();
    const portal = (t.app as unknown as { portal: { database: { db: Db }; mailer: Mailer } }).portal;
    db = portal.database.db;
    deps = { db, mailer: portal.mailer, config: t.config, log: { warn: () => {} } };
    // Each change told at once here; the change sets of decision 195 are tidings.test.ts's.
    await sql`UPDATE site_settings SET value = value || '{"orderTidingsMinutes": 0}'::jsonb WHERE key = 'main'`.execute(
      db,
    );
    dealer = await t.as('dealer');
    admin = await t.as('admin');
    dealerId = (await dealer.ok('profile', {})).id;
    adminId = (await admin.ok('profile', {})).id;
    for (const s of (await admin.ok('order-status/list', {})).items) status[s.code] = s.id;
    const f = await dealer.ok('order/get-fields', {});
    const opt = (id: string) => f.fields.find((x) => x.id === id)!.options;
    fields = {
      company: Number(opt('company')[0]!.value),
      paySystem: Number(opt('paySystem')[0]!.value),
      shipping: Number(opt('shipping').find((o) => o.isPickup)!.value),
      // The pickup warehouse (decision 064).
      storage: Number(opt('storage')[0]!.value),
    };
  });
  afterAll(() => t.close());

  it('a status change from the desk: history line, notice and e-mail for the dealer', async () => {
    const order = await newOrder();
    const mailsBefore = (await t.outbox()).length;
    const noticesBefore = (await notices()).length;
    const r = await admin.call('order/set-status', { id: order.id, status: status.A! });
    expect(r.status).toBe(200);
    expect(r.body.result.status.code).toBe('A');

    const seen = await dealer.ok('order/get', { id: order.id });
    expect(seen.status.name).toBe('Принят');
    expect(seen.history).toHaveLength(1);
    expect(seen.history![0]).toMatchObject({ source: 'desk', lines: ['Статус: «Новый» → «Принят»'], note: '' });
    expect(seen.history![0]!.author).not.toBe('');

    const fresh = (await notices()).slice(0, (await notices()).length - noticesBefore);
    expect(fresh).toHaveLength(1);
    expect(fresh[0]!.title).toBe(`Заказ № ${order.id}: статус «Принят»`);
    expect(fresh[0]!.description).toContain('Статус: «Новый» → «Принят»');
    expect(fresh[0]!.link).toBe(`/order/${order.id}/`);

    const mails = (await t.outbox()).slice(mailsBefore);
    const mail = mails.find((m) => m.subject === `Заказ № ${order.id}: статус «Принят»`);
    expect(mail, JSON.stringify(mails)).toBeDefined();
    expect(mail!.text).toContain('Статус: «Новый» → «Принят»');
    expect(mail!.text).toContain(`/order/${order.id}/`);
  });

  it('each kind of tidings can be turned off per channel in the profile', async () => {
    const settings = await dealer.ok('notice-settings/get', {});
    expect(settings.items.map((i) => i.kind)).toEqual([
      'orderStatus',
      'orderLines',
      'orderBill',
      'orderOffer',
      'orderNote',
      // The account from 1C (decisions 202, 203).
      'accountShipment',
      'accountDocument',
      'accountPayment',
      'accountBills',
    ]);
    expect(settings.items.every((i) => i.notice && i.email)).toBe(true);
    expect(settings.items[0]!.label).toMatch(/Статус заказа/);

    await dealer.ok('notice-settings/update', { items: [{ kind: 'orderStatus', notice: true, email: false }] });
    const order = await newOrder();
    let mails = (await t.outbox()).length;
    let count = (await notices()).length;
    await changeOrder(deps, order.id, { status: { code: 'A' } }, { userId: adminId, source: 'desk' });
    expect((await notices()).length).toBe(count + 1);
    expect((await t.outbox()).length).toBe(mails);

    // A note is its own kind: still mailed while status e-mails are off; only the note is in the mail.
    mails = (await t.outbox()).length;
    count = (await notices()).length;
    await changeOrder(
      deps,
      order.id,
      { status: { code: 'P' }, note: 'Соберём к пятнице' },
      { userId: adminId, source: 'desk' },
    );
    const fresh = (await t.outbox()).slice(mails);
    expect(fresh).toHaveLength(1);
    expect(fresh[0]!.text).toContain('Сообщение: Соберём к пятнице');
    expect(fresh[0]!.text).not.toContain('Статус');
    expect((await notices())[0]!.description).toContain('Статус: «Принят» → «Собирается»');

    await dealer.ok('notice-settings/update', {
      items: [
        { kind: 'orderStatus', notice: false, email: false },
        { kind: 'orderNote', notice: false, email: false },
      ],
    });
    mails = (await t.outbox()).length;
    count = (await notices()).length;
    await changeOrder(deps, order.id, { isWarning: true, note: 'x' }, { userId: adminId, source: 'desk' });
    expect((await notices()).length).toBe(count);
    expect((await t.outbox()).length).toBe(mails);
    // The history keeps it all the same.
    const seen = await dealer.ok('order/get', { id: order.id });
    expect(seen.history!.at(-1)).toMatchObject({ lines: ['Отмечено: «Есть проблемы»'], note: 'x' });

    const after = await dealer.ok('notice-settings/get', {});
    expect(after.items.find((i) => i.kind === 'orderBill')).toMatchObject({ notice: true, email: true });
    await dealer.ok('notice-settings/update', {
      items: after.items.map((i) => ({ kind: i.kind, notice: true, email: true })),
    });
    expect((await dealer.call('notice-settings/update', { items: [{ kind: 'x', notice: 1 }] } as never)).status).toBe(
      400,
    );
    expect((await dealer.call('notice-settings/update', { items: [] })).body.error_description).toMatch(
      /Не может быть пустым/,
    );
  });

  it('refuses what the state does not allow, with a clear message, and changes nothing', async () => {
    const order = await newOrder();
    const by = { userId: adminId, source: 'desk' as const };
    const refusal = async (change: Parameters<typeof changeOrder>[2], source: 'desk' | 'exchange' = 'desk') => {
      try {
        await changeOrder(deps, order.id, change, { ...by, source });
        return null;
      } catch (err) {
        return err as { code: string; message: string };
      }
    };

    // Uncancelling needs a status; cancelling a shipped order is refused; a completed order stays completed.
    await changeOrder(deps, order.id, { isCanceled: true }, by);
    let o = await dealer.ok('order/get', { id: order.id });
    expect([o.isCanceled, o.status.code]).toEqual([true, 'C']);
    expect(await refusal({ isCanceled: false })).toMatchObject({
      code: 'CONFLICT',
      message: 'error.orderUncancelStatus',
    });
    expect(await refusal({ isPayment: true })).toMatchObject({ message: 'error.orderCanceledChange' });
    expect(await refusal({ lines: [{ id: order.items[0]!.id, quantity: 1 }] })).toMatchObject({
      message: 'error.orderCanceledChange',
    });
    expect(await refusal({ bill: {} })).toMatchObject({ message: 'error.orderCanceledChange' });
    // Leaving «Отменен» takes a confirmation and a reason (decision 193).
    expect(await refusal({ isCanceled: false, status: { code: 'A' } })).toMatchObject({
      code: 'VALIDATION',
      message: 'error.orderStatusReason',
    });
    await changeOrder(
      deps,
      order.id,
      { isCanceled: false, status: { code: 'A' }, confirm: true, reason: 'Вернули' },
      by,
    );
    o = await dealer.ok('order/get', { id: order.id });
    expect([o.isCanceled, o.status.code]).toEqual([false, 'A']);

    await changeOrder(deps, order.id, { status: { code: 'S' } }, by);
    expect(await refusal({ isCanceled: true })).toMatchObject({ message: 'error.orderShippedCancel' });
    expect(await refusal({ status: { code: 'C' } })).toMatchObject({ message: 'error.orderShippedCancel' });
    expect(await refusal({ lines: [{ id: order.items[0]!.id, quantity: 1 }] })).toMatchObject({
      message: 'error.orderNotCorrectable',
    });
    await changeOrder(deps, order.id, { status: { code: 'F' } }, by);
    expect(await refusal({ status: { code: 'A' } })).toMatchObject({ message: 'error.orderStatusReason' });
    expect(await refusal({ status: { code: 'C' } })).toMatchObject({ message: 'error.orderShippedCancel' });
    expect(await refusal({ status: { code: 'NOPE' } })).toMatchObject({
      code: 'VALIDATION',
      message: 'error.orderUnknownStatus',
    });
    // 1C is the master of statuses: it may reopen a completed order.
    expect(await refusal({ status: { code: 'P' } }, 'exchange')).toBeNull();

    // Through the API the refusal reads in Russian.
    await changeOrder(deps, order.id, { status: { code: 'F' } }, { userId: null, source: 'exchange' });
    const r = await admin.call('order/set-status', { id: order.id, status: status.N! });
    expect(r.status).toBe(400);
    expect(r.body.error_description).toBe(
      'Чтобы вывести заказ из статуса «Выполнен», подтвердите изменение и укажите причину — её увидит дилер',
    );
    o = await dealer.ok('order/get', { id: order.id });
    expect(o.status.code).toBe('F');
    expect(o.history!.at(-1)).toMatchObject({ source: 'exchange', author: 'Обмен с 1С' });
  });

  it('lines before shipment: set, add at the dealer price, remove; stock and state rules; totals follow', async () => {
    const order = await newOrder([
      { price: 100, quantity: 2 },
      { price: 50, quantity: 1 },
    ]);
    const extra = await newProduct(db, { price: 10 });
    const [a, b] = order.items;
    const by = { userId: adminId, source: 'desk' as const };
    const r = await changeOrder(
      deps,
      order.id,
      {
        lines: [
          { id: a!.id, quantity: 3 },
          { id: b!.id, quantity: 0 },
          { productId: extra.id, quantity: 4 },
        ],
      },
      by,
    );
    expect(r.changes).toHaveLength(3);
    const o = await dealer.ok('order/get', { id: order.id });
    expect(o.items!.map((i) => [i.productId, i.quantity, i.price])).toEqual([
      [a!.productId, 3, 100],
      [extra.id, 4, 10],
    ]);
    expect(o.price).toBe(340);
    expect(o.history!.at(-1)!.lines).toEqual([
      `${a!.article} ${a!.name}: 2 → 3`,
      `Удалено: ${b!.article} ${b!.name} (было 1)`,
      `Добавлено: ${extra.article} ${extra.name}, 4`,
    ]);

    const fail = (lines: Parameters<typeof changeOrder>[2]['lines']) =>
      changeOrder(deps, order.id, { status: { code: 'A' }, lines }, by).then(
        () => null,
        (err: { message: string }) => err.message,
      );
    // A refused part refuses the whole change: the status above stays «Новый».
    const inactive = await newProduct(db, { active: false });
    expect(await fail([{ productId: inactive.id, quantity: 1 }])).toBe('error.orderLineUnavailable');
    const unpriced = await newProduct(db, { noPrice: true });
    expect(await fail([{ productId: unpriced.id, quantity: 1 }])).toBe('error.orderLineNoPrice');
    expect(await fail([{ id: a!.id, quantity: 1_000_000 }])).toBe('error.orderLineStock');
    expect(await fail([{ id: 999_999, quantity: 1 }])).toBe('error.orderLineUnknown');
    expect(
      await fail([
        { id: a!.id, quantity: 0 },
        { productId: extra.id, quantity: 0 },
      ]),
    ).toBe('error.orderLinesEmpty');
    const still = await dealer.ok('order/get', { id: order.id });
    expect(still.status.code).toBe('N');
    expect(still.price).toBe(340);
    expect(still.history).toHaveLength(1);

    // A paid order's lines stay as they are (the correction rule), said to staff in staff's words (decision 194).
    await changeOrder(deps, order.id, { isPayment: true }, by);
    expect(await fail([{ id: a!.id, quantity: 1 }])).toBe('error.orderPaidDesk');
  });

  it('runs inside the caller’s transaction: a rollback leaves no change, no history, no notice', async () => {
    const order = await newOrder();
    const count = (await notices()).length;
    await expect(
      db.transaction().execute(async (trx) => {
        const r = await changeOrder(
          { ...deps, db: trx },
          order.id,
          { status: { code: 'A' } },
          {
            userId: null,
            source: 'exchange',
          },
        );
        expect(r.historyId).not.toBeNull();
        throw new Error('the exchange failed later');
      }),
    ).rejects.toThrow('the exchange failed later');
    const o = await dealer.ok('order/get', { id: order.id });
    expect(o.status.code).toBe('N');
    expect(o.history).toEqual([]);
    expect((await notices()).length).toBe(count);
  });

  it('a change that changes nothing writes nothing and tells nobody; the dealer is not told of their own act', async () => {
    const order = await newOrder();
    const count = (await notices()).length;
    const r = await changeOrder(
      deps,
      order.id,
      { status: { code: 'N' }, isPayment: false },
      {
        userId: null,
        source: 'exchange',
      },
    );
    expect(r).toMatchObject({ historyId: null, changes: [] });
    await changeOrder(deps, order.id, { note: 'сам' }, { userId: dealerId, source: 'dealer' });
    expect((await notices()).length).toBe(count);
    expect((await dealer.ok('order/get', { id: order.id })).history).toHaveLength(1);
  });

  it('order/set-status stays staff-only and hides nothing from the API envelope', async () => {
    expect((await dealer.call('order/set-status', { id: 1, status: 1 })).status).toBe(403);
    const r = await admin.call('order/set-status', { id: 999_999, status: status.A! });
    expect(r.status).toBe(404);
    const bad = await admin.call('order/set-status', { id: 1, status: 999_999 });
    expect(bad.status).toBe(400);
    expect(bad.body.error_description).toBe('Такого статуса заказа нет');
  });
});
