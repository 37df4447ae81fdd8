import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SiteSettingsAdmin, SiteSettingsInput } from '@portal/contract';
import { createTestApp, type TestApp, type TestClient } from '../../testing/index.js';
import { up as onePhone } from '../../db/migrations/0190-site-one-phone.js';
import { OneC } from '../exchange/testing.js';

/** The back office's settings page (decision 120) through real HTTP on the real database. */

let t: TestApp;
let admin: TestClient;
const db = () => t.app.portal.database.db;

beforeAll(async () => {
  t = await createTestApp({
    exchange: { login: undefined, password: undefined, fileLimitBytes: 4096, maxFileBytes: 1 << 20, stepMs: 150 },
  });
  admin = await t.as('admin');
});
afterAll(() => t?.close());

/** What the page sends back when it saves the view it was given, unchanged. */
function inputOf(view: SiteSettingsAdmin): SiteSettingsInput {
  const s = view.settings;
  return {
    siteName: s.siteName,
    logo: s.logo,
    phone: s.phone,
    email: s.email,
    feedbackEmail: s.feedbackEmail,
    copyright: s.copyright,
    basketLinkTemplate: s.basketLinkTemplate,
    supplier: s.supplier,
    thresholds: s.thresholds,
    returnDays: s.returnDays,
    paySystems: view.paySystems.map(({ id, name, description, active }) => ({ id, name, description, active })),
    priceTypes: view.priceTypes.map(({ id, name }) => ({ id, name })),
    priceMappings: view.priceMappings.map(({ id, priceTypeId, paySystemId }) => ({ id, priceTypeId, paySystemId })),
    exchange: { login: view.exchange.source === 'settings' ? view.exchange.login : '', password: '' },
  };
}

describe('site-settings/get and update', () => {
  it('is for administrators only', async () => {
    for (const who of ['dealer', 'employee'] as const) {
      const c = await t.as(who);
      expect((await c.call('site-settings/get', {})).status).toBe(403);
      const view = await admin.ok('site-settings/get', {});
      expect((await c.call('site-settings/update', inputOf(view))).status).toBe(403);
    }
    expect((await t.client().call('site-settings/get', {})).status).toBe(401);
  });

  it('saves the header phone, the supplier and the thresholds; every user reads them at once; the audit has it', async () => {
    const view = await admin.ok('site-settings/get', {});
    expect(view.settings.supplier.name).toBe('ООО «ТехЗапчасть»');
    expect(view.paySystems.length).toBeGreaterThan(0);
    expect(view.priceTypes.length).toBeGreaterThan(0);
    const input = inputOf(view);
    input.phone = '+7 (495) 111-22-33';
    input.supplier = { ...input.supplier, phone: '+7 (495) 111-22-33' };
    input.thresholds = { ...input.thresholds, teaMinQuantity: 12, roundUpBasket: true };
    input.copyright = '  © 2026 ТехЗапчасть  ';
    input.returnDays = 21;
    const saved = await admin.ok('site-settings/update', input);
    expect(saved.settings.phone).toBe('+7 (495) 111-22-33');
    expect(saved.settings.copyright).toBe('© 2026 ТехЗапчасть');

    const dealer = await t.as('dealer');
    const seen = await dealer.ok('site/get-main-settings', {});
    expect(seen.phone).toBe('+7 (495) 111-22-33');
    expect(seen.supplier.phone).toBe('+7 (495) 111-22-33');
    expect(seen.thresholds.teaMinQuantity).toBe(12);
    expect(seen.thresholds.roundUpBasket).toBe(true);
    expect(seen.returnDays).toBe(21);
    // The page a dealer loads next carries it (index.html is never cached: no-store).
    const audit = await sql<{ entity: string; after: { phone?: string } }>`
      SELECT entity, after FROM audit_log WHERE entity = 'site-settings' ORDER BY id DESC LIMIT 1`.execute(db());
    expect(audit.rows[0]?.after.phone).toBe('+7 (495) 111-22-33');
  });

  it('refuses bad values field by field in Russian and changes nothing', async () => {
    const view = await admin.ok('site-settings/get', {});
    const input = inputOf(view);
    const r = await admin.call('site-settings/update', {
      ...input,
      email: 'not-an-email',
      phone: 'звоните',
      logo: 'javascript:alert(1)',
      basketLinkTemplate: '/basket/',
      supplier: { ...input.supplier, inn: '7701234561' },
      thresholds: { ...input.thresholds, teaMinQuantity: -1 },
    });
    expect(r.status).toBe(400);
    expect(r.body.error).toBe('VALIDATION');
    const fields = (r.body as { fields?: Record<string, string> }).fields ?? {};
    expect(fields.email).toBe('Введите корректный адрес электронной почты');
    expect(fields.phone).toBe('Введите корректный номер телефона');
    expect(fields.logo).toBe('Неверное значение');
    expect(fields.basketLinkTemplate).toMatch(/\{id\}/);
    expect(fields['supplier.inn']).toMatch(/контрольное число/);
    expect(fields['thresholds.teaMinQuantity']).toBe('Не может быть меньше 0');
    expect((await admin.ok('site-settings/get', {})).settings).toEqual(view.settings);

    // An unknown price type in a mapping: the whole save is refused, the settings row untouched.
    const bad = inputOf(view);
    bad.phone = '+7 999 000-00-00';
    bad.priceTypes = [{ id: 999_999, name: 'Нет такого' }];
    const r2 = await admin.call('site-settings/update', bad);
    expect(r2.status).toBe(400);
    expect((r2.body as { fields?: Record<string, string> }).fields?.['priceTypes.0.id']).toBe('Такого типа цен нет');
    expect((await admin.ok('site-settings/get', {})).settings.phone).toBe(view.settings.phone);
  });

  it('renames payment methods and price types and points a 1C price type elsewhere (decision 095)', async () => {
    const view = await admin.ok('site-settings/get', {});
    const [mapping] = (
      await sql<{
        id: number;
      }>`INSERT INTO price_mappings (external_id, external_name) VALUES ('1c-opt', 'Оптовая') RETURNING id`.execute(
        db(),
      )
    ).rows;
    const next = await admin.ok('site-settings/get', {});
    const input = inputOf(next);
    const pay = view.paySystems[0]!;
    const type = view.priceTypes[0]!;
    input.paySystems = input.paySystems.map((p) => (p.id === pay.id ? { ...p, name: 'Безналичный расчёт' } : p));
    input.priceTypes = input.priceTypes.map((p) => (p.id === type.id ? { ...p, name: 'Дилерская' } : p));
    input.priceMappings = input.priceMappings.map((m) =>
      m.id === mapping!.id ? { ...m, priceTypeId: type.id, paySystemId: pay.id } : m,
    );
    const saved = await admin.ok('site-settings/update', input);
    expect(saved.paySystems.find((p) => p.id === pay.id)?.name).toBe('Безналичный расчёт');
    expect(saved.priceTypes.find((p) => p.id === type.id)?.name).toBe('Дилерская');
    expect(saved.priceMappings.find((m) => m.id === mapping!.id)).toMatchObject({
      externalName: 'Оптовая',
      priceTypeId: type.id,
      paySystemId: pay.id,
    });
  });

  it('sets the 1C exchange user: 1C signs in with it, the password is never sent back', async () => {
    const view = await admin.ok('site-settings/get', {});
    expect(view.exchange.source).toBe('none');
    const onec = new OneC(t.app);
    expect((await onec.checkauth('obmen', 'Secret#2026x')).status).toBe(401);
    const noPassword = await admin.call('site-settings/update', {
      ...inputOf(view),
      exchange: { login: 'obmen', password: '' },
    });
    expect((noPassword.body as { fields?: Record<string, string> }).fields?.['exchange.password']).toBe(
      'Не может быть пустым',
    );
    const short = await admin.call('site-settings/update', {
      ...inputOf(view),
      exchange: { login: 'obmen', password: 'short' },
    });
    expect((short.body as { fields?: Record<string, string> }).fields?.['exchange.password']).toMatch(/минимум 8/);
    const saved = await admin.ok('site-settings/update', {
      ...inputOf(view),
      exchange: { login: 'obmen', password: 'Secret#2026x' },
    });
    expect(saved.exchange).toEqual({ login: 'obmen', hasPassword: true, source: 'settings' });
    expect(JSON.stringify(saved)).not.toContain('Secret#2026x');
    expect((await onec.checkauth('obmen', 'Secret#2026x')).lines[0]).toBe('success');
    expect((await new OneC(t.app).checkauth('obmen', 'wrong-password')).status).toBe(401);
    // Saved again without a password: the one stored stays.
    await admin.ok('site-settings/update', inputOf(saved));
    expect((await new OneC(t.app).checkauth('OBMEN', 'Secret#2026x')).lines[0]).toBe('success');
    const logged = await sql<{ after: Record<string, unknown> }>`
      SELECT after FROM audit_log WHERE entity = 'exchange-user' ORDER BY id DESC LIMIT 1`.execute(db());
    expect(JSON.stringify(logged.rows[0]?.after)).not.toMatch(/argon2/);
  });
});

describe('one supplier phone in the header, the footer and the bill (decision 190)', () => {
  it('moves the header phone of the previous version to the supplier, where the bill reads it', async () => {
    const before = await sql<{ value: Record<string, unknown> }>`
      SELECT value FROM site_settings WHERE key = 'main'`.execute(db());
    const original = before.rows[0]!.value;
    try {
      // A row as the previous version left it: the header phone filled in, the supplier's empty.
      const old = {
        ...original,
        phone: '+7 (383) 000-11-22',
        supplier: { ...(original.supplier as object), phone: '' },
      };
      await sql`UPDATE site_settings SET value = ${JSON.stringify(old)}::jsonb WHERE key = 'main'`.execute(db());
      await onePhone(db() as never);
      const dealer = await t.as('dealer');
      const seen = await dealer.ok('site/get-main-settings', {});
      expect(seen.supplier.phone).toBe('+7 (383) 000-11-22');
      expect(seen.phone).toBe('+7 (383) 000-11-22');
      const orders = await dealer.ok('order/list', { page: 1, size: 1 });
      const bill = await dealer.ok('bill/get', { id: orders.items[0]!.id });
      expect(bill.supplier).toContainEqual(expect.objectContaining({ code: 'PHONE', value: '+7 (383) 000-11-22' }));
      const stored = await sql<{ value: { supplier: { phone: string } } }>`
        SELECT value FROM site_settings WHERE key = 'main'`.execute(db());
      expect(stored.rows[0]!.value.supplier.phone).toBe('+7 (383) 000-11-22');
    } finally {
      await sql`UPDATE site_settings SET value = ${JSON.stringify(original)}::jsonb WHERE key = 'main'`.execute(db());
    }
  });

  it('saves the one phone from the supplier’s field, without a header phone, and keeps the old key in step', async () => {
    const view = await admin.ok('site-settings/get', {});
    const { phone: _headerPhone, ...input } = inputOf(view);
    input.supplier = { ...input.supplier, phone: '+7 (495) 700-00-01' };
    const saved = await admin.ok('site-settings/update', input);
    expect(saved.settings.supplier.phone).toBe('+7 (495) 700-00-01');
    expect(saved.settings.phone).toBe('+7 (495) 700-00-01');
    // A page of the previous version sends another header phone: the supplier's stays the one.
    await admin.ok('site-settings/update', { ...input, phone: '+7 (495) 700-00-99' });
    const seen = await (await t.as('dealer')).ok('site/get-main-settings', {});
    expect(seen.phone).toBe('+7 (495) 700-00-01');
    const stored = await sql<{ value: { phone: string } }>`SELECT value FROM site_settings WHERE key = 'main'`.execute(
      db(),
    );
    expect(stored.rows[0]!.value.phone).toBe('+7 (495) 700-00-01');
  });

  it('refuses a supplier phone that is not a phone, in Russian', async () => {
    const view = await admin.ok('site-settings/get', {});
    const input = inputOf(view);
    const r = await admin.call('site-settings/update', { ...input, supplier: { ...input.supplier, phone: 'звоните' } });
    expect(r.status).toBe(400);
    expect((r.body as { fields?: Record<string, string> }).fields?.['supplier.phone']).toBe(
      'Введите корректный номер телефона',
    );
  });
});
