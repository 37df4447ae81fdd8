import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/index.js';
import { newApplicant } from './testing.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const db = () => t.app.portal.database.db;
const idOf = async (login: string) =>
  (await db().selectFrom('users').select('id').where('login', '=', login).executeTakeFirstOrThrow()).id;

const ADMIN_METHODS = [
  ['user/create', {}],
  ['user/update', { id: 1, fields: {} }],
  ['user/delete', { id: 1 }],
  ['user/get-fields', {}],
  ['user/approve', { id: 1 }],
  ['user/reject', { id: 1 }],
  ['user/block', { id: 1 }],
  ['user/unblock', { id: 1 }],
  ['user/send-password-reset', { id: 1 }],
] as const;

describe('administrator methods', () => {
  it.each(ADMIN_METHODS)('%s rejects anonymous with 401', async (name, input) => {
    const r = await t.client().call(name, input as never);
    expect(r.status).toBe(401);
  });

  it.each(ADMIN_METHODS)('%s rejects a dealer and an employee with 403, changing nothing', async (name, input) => {
    const before = await db().selectFrom('users').selectAll().orderBy('id').execute();
    for (const who of ['dealer', 'employee'] as const) {
      const r = await (await t.as(who)).call(name, input as never);
      expect(r.status).toBe(403);
      expect(r.body).toEqual({ error: 'FORBIDDEN', error_description: 'Недостаточно прав' });
    }
    const after = await db().selectFrom('users').selectAll().orderBy('id').execute();
    expect(after.map((u) => [u.id, u.active, u.approved, u.groups])).toEqual(
      before.map((u) => [u.id, u.active, u.approved, u.groups]),
    );
  });

  it.each(ADMIN_METHODS.filter(([n]) => n !== 'user/create' && n !== 'user/get-fields'))(
    '%s on a missing user answers 404',
    async (name, input) => {
      const admin = await t.as('admin');
      const r = await admin.call(name, { ...input, id: 999999 } as never);
      expect(r.status).toBe(404);
      expect(r.body.error).toBe('NOT_FOUND');
    },
  );
});

describe('user/list', () => {
  it('rejects anonymous', async () => {
    expect((await t.client().call('user/list', {})).status).toBe(401);
  });

  it('shows an administrator everyone, pending registrations first', async () => {
    const applicant = await newApplicant(t);
    const admin = await t.as('admin');
    const r = await admin.ok('user/list', { size: -1 });
    expect(r.count).toBeGreaterThanOrEqual(6);
    expect(r.items[0]).toMatchObject({ id: applicant.id, status: 'pending' });
    const pending = await admin.ok('user/list', { filter: { status: 'pending' } });
    expect(pending.items.every((u) => u.status === 'pending')).toBe(true);
    const admins = await admin.ok('user/list', { filter: { group: 'ADMINS' } });
    expect(admins.items.map((u) => u.login)).toEqual(['admin']);
    const found = await admin.ok('user/list', { filter: { search: 'СибТех' } });
    expect(found.items.map((u) => u.login)).toEqual(['dealer2']);
    expect((await admin.ok('user/list', { filter: { search: 'кузнецова ольга' } })).items[0]!.login).toBe('dealer2');
  });

  it('shows a dealer themselves and their own company only', async () => {
    const dealer = await t.as('dealer');
    const r = await dealer.ok('user/list', { size: -1 });
    expect(r.items.map((u) => u.login).sort()).toEqual(['dealer', 'secure']);
    const dealer2 = await t.as('dealer2');
    expect((await dealer2.ok('user/list', { size: -1 })).items.map((u) => u.login)).toEqual(['dealer2']);
  });

  it('shows an employee themselves and the dealers’ cards, no other staff (decision 193)', async () => {
    const employee = await t.as('employee');
    const logins = (await employee.ok('user/list', { size: -1 })).items.map((u) => u.login);
    expect(logins).toEqual(expect.arrayContaining(['employee', 'dealer', 'dealer2']));
    expect(logins).not.toContain('admin');
  });

  it('rejects an unknown status or group', async () => {
    const admin = await t.as('admin');
    expect((await admin.call('user/list', { filter: { status: 'deleted' } } as never)).status).toBe(400);
    expect((await admin.call('user/list', { filter: { group: 'ROOT' } } as never)).status).toBe(400);
  });
});

describe('user/get', () => {
  it('gives a dealer a colleague but another dealer exactly like a missing one', async () => {
    const dealer = await t.as('dealer');
    const colleague = await dealer.ok('user/get', { id: await idOf('secure') });
    expect(colleague.company).toBe('ООО «АгроМаш»');
    const other = await dealer.call('user/get', { id: await idOf('dealer2') });
    const missing = await dealer.call('user/get', { id: 999999 });
    expect(other.status).toBe(404);
    expect(other.body).toEqual(missing.body);
    expect((await dealer.call('user/get', { id: await idOf('admin') })).status).toBe(404);
  });

  it('gives an administrator the detail: status, price type, payment method, companies', async () => {
    const admin = await t.as('admin');
    const u = await admin.ok('user/get', { id: await idOf('dealer') });
    expect(u).toMatchObject({ login: 'dealer', status: 'active', groups: ['DEALERS'] });
    expect(Array.isArray(u.companies)).toBe(true);
    expect(typeof u.paySystemName).toBe('string');
  });
});

describe('moderation', () => {
  it('approves a registration, mails the applicant, and the applicant signs in', async () => {
    const applicant = await newApplicant(t);
    const before = await t.client().signIn({ login: applicant.login, password: applicant.password });
    expect(before.status).toBe(401);
    const admin = await t.as('admin');
    const u = await admin.ok('user/approve', { id: applicant.id });
    expect(u.status).toBe('active');
    const mail = (await t.outbox()).filter((m) => m.to.includes(applicant.email)).at(-1)!;
    expect(mail.subject).toBe('Регистрация в дилерском портале подтверждена');
    const after = await t.client().signIn({ login: applicant.login, password: applicant.password });
    expect(after.status).toBe(200);
    const again = await admin.call('user/approve', { id: applicant.id });
    expect(again.status).toBe(409);
    expect(again.body.error_description).toBe('Регистрация уже подтверждена');
  });

  it('rejects a registration: the application goes away and the applicant is told why', async () => {
    const applicant = await newApplicant(t);
    const admin = await t.as('admin');
    await admin.ok('user/reject', { id: applicant.id, reason: 'Не удалось проверить ИНН' });
    expect(
      await db().selectFrom('users').select('id').where('id', '=', applicant.id).executeTakeFirst(),
    ).toBeUndefined();
    const mail = (await t.outbox()).filter((m) => m.to.includes(applicant.email)).at(-1)!;
    expect(mail.subject).toBe('Заявка на регистрацию отклонена');
    expect(mail.text).toContain('Не удалось проверить ИНН');
    const working = await admin.call('user/reject', { id: await idOf('dealer2') });
    expect(working.status).toBe(409);
  });

  it('blocks and unblocks: a blocked user is signed out and cannot sign in', async () => {
    const dealer2 = await t.as('dealer2');
    const admin = await t.as('admin');
    const id = await idOf('dealer2');
    expect((await admin.ok('user/block', { id })).status).toBe('blocked');
    expect((await dealer2.call('order/list' as never, {} as never)).status).not.toBe(200);
    expect((await dealer2.call('profile', {})).status).toBe(401);
    expect((await t.client().signIn('dealer2')).status).toBe(401);
    expect((await admin.ok('user/unblock', { id })).status).toBe('active');
    expect((await t.client().signIn('dealer2')).status).toBe(200);
  });

  it('mails a password-reset link in the recovery format', async () => {
    const admin = await t.as('admin');
    await admin.ok('user/send-password-reset', { id: await idOf('dealer2') });
    const mail = (await t.outbox()).filter((m) => m.to.includes('dealer2@sibtech.local')).at(-1)!;
    expect(mail.text).toMatch(/\/auth\/reset\?USER_CHECKWORD=[0-9a-f]{32}&USER_LOGIN=dealer2/);
    const checkword = /USER_CHECKWORD=([0-9a-f]{32})/.exec(mail.text)![1]!;
    const r = await t.client().call('user/change-password-under-restore', {
      login: 'dealer2',
      checkword,
      password: 'Dealer2#2026',
      confirmPassword: 'Dealer2#2026',
    });
    expect(r.status).toBe(200);
  });
});

describe('the last administrator', () => {
  it('cannot be demoted, blocked or deleted, and nobody demotes or deletes themselves', async () => {
    const admin = await t.as('admin');
    const id = await idOf('admin');
    const demote = await admin.call('user/update', { id, fields: { groups: ['DEALERS'] } });
    expect(demote.status).toBe(409);
    expect(demote.body.error_description).toBe('Нельзя снять с себя права администратора');
    expect((await admin.call('user/block', { id })).status).toBe(409);
    expect((await admin.call('user/delete', { id })).status).toBe(409);
    const row = await db().selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.groups).toEqual(['ADMINS']);
    expect(row.active).toBe(true);
  });

  it('a second administrator may not demote the only other one when it would leave none', async () => {
    const admin = await t.as('admin');
    const created = await admin.ok('user/create', {
      login: 'admin2',
      email: 'admin2@example.local',
      password: 'Admin2#2026',
      confirmPassword: 'Admin2#2026',
      firstName: 'Борис',
      lastName: 'Второй',
      groups: ['ADMINS'],
    });
    const second = t.client();
    expect((await second.signIn({ login: 'admin2', password: 'Admin2#2026' })).status).toBe(200);
    // Two administrators: admin2 may demote admin…
    const adminId = await idOf('admin');
    await second.ok('user/update', { id: adminId, fields: { groups: ['ADMINS', 'EMPLOYEES'] } });
    // …but admin (still an administrator) cannot remove admin2's rights if that leaves only one? It leaves admin: allowed.
    await admin.ok('user/update', { id: created.id, fields: { groups: ['EMPLOYEES'] } });
    // Now admin is the last one: admin2 is an employee and cannot act.
    expect((await second.call('user/update', { id: adminId, fields: { groups: ['DEALERS'] } })).status).toBe(403);
    await admin.ok('user/delete', { id: created.id });
    await admin.ok('user/update', { id: adminId, fields: { groups: ['ADMINS'] } });
  });
});

describe('user/create, user/update, user/delete, user/get-fields', () => {
  it('creates a working account and rejects a taken login, a weak password and bad references', async () => {
    const admin = await t.as('admin');
    const base = {
      login: 'newdealer',
      email: 'newdealer@example.local',
      password: 'Newdealer#2026',
      confirmPassword: 'Newdealer#2026',
      firstName: 'Семён',
      lastName: 'Новиков',
      groups: ['DEALERS'],
      company: 'ООО «АгроМаш»',
    };
    const u = await admin.ok('user/create', base);
    expect(u).toMatchObject({ login: 'newdealer', status: 'active', groups: ['DEALERS'] });
    const taken = await admin.call('user/create', { ...base, email: 'other@example.local' });
    expect(taken.status).toBe(409);
    expect(taken.body.fields).toEqual({ login: 'Пользователь с таким логином уже существует' });
    const weak = await admin.call('user/create', {
      ...base,
      login: 'weakone',
      password: 'abc',
      confirmPassword: 'abc',
    });
    expect(weak.status).toBe(400);
    const noGroups = await admin.call('user/create', { ...base, login: 'nogroups', groups: [] });
    expect(noGroups.status).toBe(400);
    expect(noGroups.body.fields).toEqual({ groups: 'Выберите хотя бы одну группу' });
    const badPrice = await admin.call('user/create', {
      ...base,
      login: 'badprice',
      email: 'badprice@example.local',
      typePrice: 99999,
    });
    expect(badPrice.status).toBe(400);
    expect(badPrice.body.fields).toHaveProperty('typePrice');
    const mass = await admin.call('user/create', {
      ...base,
      login: 'mass',
      email: 'mass@example.local',
      approved: false,
    } as never);
    expect(mass.status).toBe(400);
    // The dealer of the same company now sees the new colleague.
    const dealer = await t.as('dealer');
    expect((await dealer.ok('user/list', { size: -1 })).items.map((x) => x.login)).toContain('newdealer');
    const updated = await admin.ok('user/update', { id: u.id, fields: { city: 'Омск' } });
    expect(updated).toMatchObject({ city: 'Омск' });
    await admin.ok('user/delete', { id: u.id });
    expect((await admin.call('user/get', { id: u.id })).status).toBe(404);
  });

  it('describes the form fields in the caller language', async () => {
    const admin = await t.as('admin');
    const r = await admin.ok('user/get-fields', {});
    expect(r.fields.find((f) => f.code === 'groups')!.options.map((o) => o.title)).toEqual([
      'Администраторы',
      'Дилеры',
      'Сотрудники',
    ]);
    // A signed-in user's own language decides (users.language), not the header.
    await db().updateTable('users').set({ language: 'en' }).where('login', '=', 'admin').execute();
    try {
      const en = await (await t.as('admin')).ok('user/get-fields', {});
      expect(en.fields.find((f) => f.code === 'typePrice')!.label).toBe('Price type');
    } finally {
      await db().updateTable('users').set({ language: 'ru' }).where('login', '=', 'admin').execute();
    }
  });
});

describe('own profile', () => {
  it('rejects anonymous', async () => {
    expect((await t.client().call('user/update-profile', {} as never)).status).toBe(401);
    expect((await t.client().call('user/change-password', {} as never)).status).toBe(401);
  });

  it('edits own details but never groups or company', async () => {
    const c = await t.as('dealer2');
    const r = await c.ok('user/update-profile', {
      firstName: 'Ольга',
      lastName: 'Кузнецова',
      middleName: 'Андреевна',
      phone: '+7 (391) 200-30-41',
      city: 'Красноярск',
      email: 'dealer2@sibtech.local',
    });
    expect(r.phone).toBe('+7 (391) 200-30-41');
    const mass = await c.call('user/update-profile', {
      firstName: 'Ольга',
      lastName: 'Кузнецова',
      email: 'dealer2@sibtech.local',
      groups: ['ADMINS'],
    } as never);
    expect(mass.status).toBe(400);
    expect(mass.body.fields).toHaveProperty('groups');
    const taken = await c.call('user/update-profile', {
      firstName: 'Ольга',
      lastName: 'Кузнецова',
      email: 'dealer@agromash.local',
    });
    expect(taken.status).toBe(409);
  });

  it('changes the password with the current one and the rules of docs/spec/05-validation.md', async () => {
    const c = await t.as('employee');
    const wrong = await c.call('user/change-password', {
      currentPassword: 'Wrong#2026',
      password: 'Employee#2027',
      confirmPassword: 'Employee#2027',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.fields).toEqual({ currentPassword: 'Текущий пароль указан неверно' });
    const weak = await c.call('user/change-password', {
      currentPassword: 'Employee#2026',
      password: 'employee',
      confirmPassword: 'employee2',
    });
    expect(weak.status).toBe(400);
    expect(weak.body.fields?.confirmPassword).toBe('Пароли не совпадают');
    await c.ok('user/change-password', {
      currentPassword: 'Employee#2026',
      password: 'Employee#2027',
      confirmPassword: 'Employee#2027',
    });
    expect((await c.call('profile', {})).status).toBe(200);
    expect((await t.client().signIn({ login: 'employee', password: 'Employee#2027' })).status).toBe(200);
    await c.ok('user/change-password', {
      currentPassword: 'Employee#2027',
      password: 'Employee#2026',
      confirmPassword: 'Employee#2026',
    });
  });

  it('answers in the user language', async () => {
    await db().updateTable('users').set({ language: 'en' }).where('login', '=', 'dealer').execute();
    try {
      const c = await t.as('dealer');
      const r = await c.call('user/block', { id: 1 });
      expect(r.body.error_description).toBe('Not enough rights');
    } finally {
      await db().updateTable('users').set({ language: 'ru' }).where('login', '=', 'dealer').execute();
    }
    const anon = t.client();
    anon.language = 'en';
    expect((await anon.call('user/list', {})).body.error_description).toBe('Please sign in');
  });
});
