import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/database.js';
import { createTestApp, type TestApp, type TestClient } from '../../testing/index.js';
import { recordAudit } from './index.js';

/** The audit log (decision 101): who, when, what, before and after; administrators read it. */
describe('audit log', () => {
  let t: TestApp;
  let db: Db;
  let admin: TestClient;
  let adminId: number;

  beforeAll(async () => {
    t = await createTestApp();
    db = t.app.portal.database.db;
    admin = await t.as('admin');
    adminId = (await admin.ok('profile', {})).id;
  });
  afterAll(() => t.close());

  it('records a back-office write with who, what, before and after (changed fields only)', async () => {
    const created = await admin.ok('user/create', {
      login: 'audited',
      email: 'audited@example.com',
      password: 'Audited#2026x',
      confirmPassword: 'Audited#2026x',
      firstName: 'Иван',
      lastName: 'Аудитов',
      groups: ['DEALERS'],
    });
    await admin.ok('user/update', { id: created.id, fields: { city: 'Тверь', lastName: 'Аудитов' } });
    const log = await admin.ok('audit/list', { filter: { entity: 'user', entityId: String(created.id) } });
    expect(log.count).toBe(2);
    const [update, create] = log.items;
    expect(update).toMatchObject({
      entity: 'user',
      entityId: String(created.id),
      action: 'update',
      user: { id: adminId, login: 'admin' },
      before: { city: '' },
      after: { city: 'Тверь' },
    });
    // The unchanged last name is not in the entry.
    expect(update!.after).not.toHaveProperty('last_name');
    expect(create).toMatchObject({ action: 'create', before: null, after: { login: 'audited' } });
    // The password never reaches the log.
    expect(JSON.stringify(create)).not.toContain('Audited#2026x');
    expect(new Date(update!.date).getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it('filters by author, action, date and text, and lists what it holds', async () => {
    const all = await admin.ok('audit/list', {});
    expect(all.entities).toContain('user');
    expect(all.actions).toEqual(expect.arrayContaining(['create', 'update']));
    expect(
      (await admin.ok('audit/list', { filter: { user: adminId, action: 'create' } })).items.every(
        (i) => i.action === 'create',
      ),
    ).toBe(true);
    expect((await admin.ok('audit/list', { filter: { search: 'Тверь' } })).count).toBe(1);
    expect((await admin.ok('audit/list', { filter: { dateTo: '2000-01-01' } })).count).toBe(0);
    const page = await admin.ok('audit/list', { size: 1, page: 2 });
    expect(page.items).toHaveLength(1);
    expect(page.count).toBe(all.count);
  });

  it('lists the staff who wrote, by name, and filters by one of them, by object and by date (decision 194)', async () => {
    const all = await admin.ok('audit/list', {});
    expect(all.authors).toContainEqual({ id: adminId, login: 'admin', name: expect.any(String) });
    // Each author once, whatever the number of entries.
    expect(new Set(all.authors.map((a) => a.id)).size).toBe(all.authors.length);
    const mine = await admin.ok('audit/list', { filter: { user: adminId } });
    expect(mine.count).toBeGreaterThan(0);
    expect(mine.items.every((i) => i.user.id === adminId)).toBe(true);
    const other = await admin.ok('user/create', {
      login: 'auditor2',
      email: 'auditor2@example.com',
      password: 'Auditor#2026x',
      confirmPassword: 'Auditor#2026x',
      firstName: 'Пётр',
      lastName: 'Второй',
      groups: ['ADMINS'],
    });
    const second = t.client();
    expect((await second.signIn({ login: 'auditor2', password: 'Auditor#2026x' })).status).toBe(200);
    await second.ok('user/update', { id: other.id, fields: { city: 'Пермь' } });
    const withSecond = await admin.ok('audit/list', {});
    expect(withSecond.authors).toContainEqual({ id: other.id, login: 'auditor2', name: 'Второй Пётр' });
    const bySecond = await admin.ok('audit/list', { filter: { user: other.id } });
    expect(bySecond.items.map((i) => [i.entity, i.entityId, i.action])).toEqual([['user', String(other.id), 'update']]);
    const byObject = await admin.ok('audit/list', {
      filter: { entity: 'user', entityId: String(other.id), dateFrom: new Date().toISOString().slice(0, 10) },
    });
    expect(byObject.items.map((i) => i.action)).toEqual(['update', 'create']);
    // Ids of price types and payment methods come with their names, for the entries that hold them.
    const [type] = await db.selectFrom('price_types').select(['id', 'name']).limit(1).execute();
    expect(withSecond.names.priceTypes[String(type!.id)]).toBe(type!.name);
    expect(Object.values(withSecond.names.paySystems).length).toBeGreaterThan(0);
  });

  it('writes nothing when the write rolls back, masks secrets, skips updates that change nothing', async () => {
    const before = (await admin.ok('audit/list', {})).count;
    await expect(
      db.transaction().execute(async (trx) => {
        await recordAudit(
          trx,
          { actor: { id: adminId, login: 'admin' } },
          { entity: 'test', action: 'create', after: { a: 1 } },
        );
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await recordAudit(
      db,
      { actor: null },
      { entity: 'test', id: 1, action: 'update', before: { a: 1 }, after: { a: 1 } },
    );
    expect((await admin.ok('audit/list', {})).count).toBe(before);
    await recordAudit(
      db,
      { actor: null },
      {
        entity: 'test',
        id: 2,
        action: 'update',
        before: { password_hash: 'x', token: 'a' },
        after: { password_hash: 'y', token: 'b' },
      },
    );
    const [entry] = (await admin.ok('audit/list', { filter: { entity: 'test' } })).items;
    expect(entry).toMatchObject({ before: { password_hash: '••••' }, user: { id: null, login: '' } });
    expect(JSON.stringify(entry)).not.toMatch(/"y"|"b"/);
  });

  it('refuses bad filters with a 400', async () => {
    const r = await admin.call('audit/list', { filter: { dateFrom: 'yesterday' } });
    expect(r.status).toBe(400);
    expect(r.body.error).toBe('VALIDATION');
  });
});
