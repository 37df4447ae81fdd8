import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/database.js';
import { createTestApp, type TestApp, type TestClient } from '../../testing/index.js';
import { newProduct } from '../baskets/testing.js';

/**
 * The credit rule at checkout (decision 201) through real `/rest/` calls on the real database: off, warn and
 * block; prepaid methods exempt; overdue debt; two simultaneous checkouts of one company that each fit but
 * together exceed the limit.
 */
describe('the credit rule at checkout', () => {
  let t: TestApp;
  let db: Db;
  let dealer: TestClient;
  let admin: TestClient;
  let fields: { company: number; paySystem: number; shipping: number; storage: number };
  let card: number;

  /** What the settings page sends when it saves the view it was given with another credit rule. */
  async function rule(creditRule: 'off' | 'warn' | 'block') {
    const view = await admin.ok('site-settings/get', {});
    const s = view.settings;
    const saved = await admin.ok('site-settings/update', {
      siteName: s.siteName,
      logo: s.logo,
      email: s.email,
      feedbackEmail: s.feedbackEmail,
      copyright: s.copyright,
      basketLinkTemplate: s.basketLinkTemplate,
      supplier: s.supplier,
      thresholds: s.thresholds,
      returnDays: s.returnDays,
      creditRule,
      paySystems: view.paySystems.map(({ id, name, description, active }) => ({ id, name, description, active })),
      priceTypes: view.priceTypes.map(({ id, name }) => ({ id, name })),
      priceMappings: view.priceMappings.map(({ id, priceTypeId, paySystemId }) => ({ id, priceTypeId, paySystemId })),
      exchange: { login: view.exchange.source === 'settings' ? view.exchange.login : '', password: '' },
    });
    expect(saved.settings.creditRule).toBe(creditRule);
  }

  /** The company's one contract: limit, debt and overdue as 1C's settlements file would set them. */
  async function contract(limit: number, debt: number, overdue: number) {
    await db.deleteFrom('account_contracts').where('counterparty_id', '=', fields.company).execute();
    await db
      .insertInto('account_contracts')
      .values({
        counterparty_id: fields.company,
        ext_id: `credit-${Date.now()}`,
        credit_limit: limit,
        debt,
        overdue,
      })
      .execute();
  }

  async function basketOf(price: number) {
    const p = await newProduct(db, { price });
    const b = await dealer.ok('basket/create', {});
    await dealer.ok('basket/add', { id: b.id, fields: [{ product: p.id, quantity: 1 }] });
    return b.id;
  }

  const order = (basket: number, paySystem = fields.paySystem) =>
    dealer.call('order/create', {
      fields: {
        basket,
        company: fields.company,
        paySystem,
        shipping: fields.shipping,
        storage: fields.storage,
      },
    });

  beforeAll(async () => {
    t = await createTestApp();
    db = (t.app as unknown as { portal: { database: { db: Db } } }).portal.database.db;
    dealer = await t.as('dealer');
    admin = await t.as('admin');
    const f = await dealer.ok('order/get-fields', {});
    const opt = (id: string) => f.fields.find((x) => x.id === id)!.options;
    const pays = await db.selectFrom('pay_systems').select(['id', 'code']).where('active', '=', true).execute();
    const offered = opt('paySystem').map((o) => Number(o.value));
    card = pays.find((p) => p.code === 'CARD' && offered.includes(p.id))?.id ?? 0;
    fields = {
      company: Number(opt('company')[0]!.value),
      paySystem: pays.find((p) => p.code !== 'CARD' && offered.includes(p.id))!.id,
      shipping: Number(opt('shipping').find((o) => o.isPickup)!.value),
      storage: Number(opt('storage')[0]!.value),
    };
    if (!card) {
      // The demo's card method, offered to this dealer: a prepaid kind (decision 201).
      await db
        .updateTable('pay_systems')
        .set({ code: 'CARD' })
        .where(
          'id',
          '=',
          offered.find((id) => id !== fields.paySystem)!,
        )
        .execute();
      card = offered.find((id) => id !== fields.paySystem)!;
    }
  }, 60_000);
  afterAll(() => t.close());

  it('is off by default: an order beyond the limit goes through without a word', async () => {
    expect((await admin.ok('site-settings/get', {})).settings.creditRule).toBe('off');
    await contract(100, 50, 10);
    const r = await order(await basketOf(500));
    expect(r.status).toBe(200);
    expect(r.body.result.creditWarning).toBeUndefined();
  });

  it('warn: the order is placed and the answer names the sum, the available credit and the overdue debt', async () => {
    await rule('warn');
    await contract(1000, 700, 120.5);
    const r = await order(await basketOf(400));
    expect(r.status).toBe(200);
    expect(r.body.result.creditWarning).toMatch(
      /сумма заказа 400 ₽ больше доступного кредита 300 ₽; просроченный долг 120,50 ₽/,
    );
    // Within the credit and nothing overdue: no warning.
    await contract(1000, 0, 0);
    const ok = await order(await basketOf(400));
    expect(ok.status).toBe(200);
    expect(ok.body.result.creditWarning).toBeUndefined();
  });

  it('block: refused with a clear Russian message, nothing written; a prepaid method is exempt', async () => {
    await rule('block');
    await contract(1000, 900, 0);
    const basket = await basketOf(250);
    const before = await db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirst();
    const r = await order(basket);
    expect(r.status).toBe(400);
    expect(r.body.error_description).toMatch(/^Заказ не принят: сумма заказа 250 ₽ больше доступного кредита 100 ₽\./);
    const after = await db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirst();
    expect(after?.n).toBe(before?.n);
    const prepaid = await order(basket, card);
    expect(prepaid.status).toBe(200);
    expect(prepaid.body.result.creditWarning).toBeUndefined();
    // Overdue debt alone refuses too.
    await contract(100_000, 0, 5);
    const overdue = await order(await basketOf(10));
    expect(overdue.status).toBe(400);
    expect(overdue.body.error_description).toMatch(/^Заказ не принят: просроченный долг 5 ₽\./);
  });

  for (const mode of ['block', 'warn'] as const) {
    it(`${mode}: two simultaneous checkouts that each fit but together exceed the limit`, async () => {
      await rule(mode);
      await contract(1000, 0, 0);
      const [a, b] = [await basketOf(600), await basketOf(600)];
      const answers = await Promise.all([order(a), order(b)]);
      const placed = answers.filter((r) => r.status === 200 && r.body.result.creditWarning === undefined);
      expect(placed).toHaveLength(1);
      const second = answers.find((r) => r !== placed[0])!;
      if (mode === 'block') {
        expect(second.status).toBe(400);
        expect(second.body.error_description).toMatch(/сумма заказа 600 ₽ больше доступного кредита 400 ₽/);
      } else {
        expect(second.status).toBe(200);
        expect(second.body.result.creditWarning).toMatch(/сумма заказа 600 ₽ больше доступного кредита 400 ₽/);
      }
    }, 60_000);
  }
});
