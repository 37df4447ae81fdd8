import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { basic, createTestApp, DEMO, type TestApp, type TestClient } from '../../testing/index.js';
import { DEMO_ACCOUNTS } from './seed.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const db = () => t.app.portal.database.db;
const CHECKWORD_INVALID = 'Ссылка для восстановления недействительна или устарела';

beforeEach(async () => {
  // Each test starts with no throttling history (sign-in attempts, mails sent).
  await db().deleteFrom('rate_counters').execute();
});

const signInStatus = async (login: string, password: string) =>
  (await t.client().call('user/login', {}, { headers: { authorization: basic(login, password) } })).status;

/** Mail written since `before` messages were in the outbox. */
async function mailSince(before: number) {
  return (await t.outbox()).slice(before);
}

describe('user/restore-password and user/change-password-under-restore', () => {
  const DEALER2_EMAIL = DEMO_ACCOUNTS.find((a) => a.login === 'dealer2')!.email;
  let password: string = DEMO.dealer2.password;

  /** Asks for a link for dealer2 and reads it from the mail. */
  async function restoreLink(c: TestClient = t.client(), login = 'dealer2') {
    const before = (await t.outbox()).length;
    const r = await c.call('user/restore-password', { login });
    expect(r.status).toBe(200);
    expect(r.body.result).toEqual({ ok: true });
    const mail = await mailSince(before);
    expect(mail).toHaveLength(1);
    expect(mail[0]!.to).toContain(DEALER2_EMAIL);
    const match = /(https?:\/\/\S+)?\/auth\/reset\?USER_CHECKWORD=([^&\s]+)&USER_LOGIN=([^&\s]+)/.exec(mail[0]!.text);
    expect(match).not.toBeNull();
    return { checkword: match![2]!, login: decodeURIComponent(match![3]!), text: mail[0]!.text };
  }

  async function change(checkword: string, newPassword: string, confirm = newPassword, login = 'dealer2') {
    return t.client().call('user/change-password-under-restore', {
      login,
      checkword,
      password: newPassword,
      confirmPassword: confirm,
    });
  }

  it('answers the same for an existing and a missing login, and mails only the existing one', async () => {
    const before = (await t.outbox()).length;
    const existing = await t.client().call('user/restore-password', { login: 'dealer2' });
    const afterExisting = (await t.outbox()).length;
    const missing = await t.client().call('user/restore-password', { login: 'no-such-dealer' });
    expect(existing.status).toBe(200);
    expect(missing.status).toBe(existing.status);
    expect(missing.body).toEqual(existing.body);
    expect(afterExisting).toBe(before + 1);
    expect((await t.outbox()).length).toBe(afterExisting);
  });

  it('mails a link /auth/reset?USER_CHECKWORD=…&USER_LOGIN=… valid for 24 hours', async () => {
    const link = await restoreLink();
    expect(link.login).toBe('dealer2');
    expect(link.checkword).toMatch(/^[0-9a-f]{32}$/);
    expect(link.text).toContain(`${t.config.publicUrl}/auth/reset?USER_CHECKWORD=${link.checkword}&USER_LOGIN=dealer2`);
    const row = await db()
      .selectFrom('password_restores')
      .select(['checkword_hash', 'expires_at'])
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    // Only a hash of the checkword is kept.
    expect(row.checkword_hash).not.toContain(link.checkword);
    const hours = (row.expires_at.getTime() - Date.now()) / 3600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);
  });

  it('finds the account by e-mail too', async () => {
    const before = (await t.outbox()).length;
    expect((await t.client().call('user/restore-password', { login: DEALER2_EMAIL.toUpperCase() })).status).toBe(200);
    expect((await mailSince(before))[0]?.text).toMatch(/USER_LOGIN=dealer2/);
  });

  it('requires a login', async () => {
    const r = await t.client().call('user/restore-password', { login: '' });
    expect(r.status).toBe(400);
    expect(r.body.fields).toEqual({ login: 'Не может быть пустым' });
  });

  it('sets the password with the link: the old one fails, the new one works, the link works once', async () => {
    const link = await restoreLink();
    const next = 'Restored#2026a';
    const r = await change(link.checkword, next, next, link.login);
    expect(r.status).toBe(200);
    expect(r.body.result).toEqual({ ok: true });
    expect(await signInStatus('dealer2', password)).toBe(401);
    expect(await signInStatus('dealer2', next)).toBe(200);
    password = next;

    const again = await change(link.checkword, 'Another#2026');
    expect(again.status).toBe(400);
    expect(again.body.error).toBe('VALIDATION');
    expect(again.body.error_description).toBe(CHECKWORD_INVALID);
    expect(await signInStatus('dealer2', 'Another#2026')).toBe(401);
    expect(await signInStatus('dealer2', password)).toBe(200);
  });

  it('refuses a wrong checkword, and a right checkword for another login', async () => {
    const link = await restoreLink();
    const wrong = await change('0'.repeat(32), 'Wrong#2026x');
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ error: 'VALIDATION', error_description: CHECKWORD_INVALID });
    const otherLogin = await change(link.checkword, 'Wrong#2026x', 'Wrong#2026x', 'dealer');
    expect(otherLogin.body.error_description).toBe(CHECKWORD_INVALID);
    const missingLogin = await change(link.checkword, 'Wrong#2026x', 'Wrong#2026x', 'no-such-dealer');
    expect(missingLogin.body).toEqual(wrong.body);
    expect(await signInStatus('dealer', 'Wrong#2026x')).toBe(401);
    expect(await signInStatus('dealer', DEMO.dealer.password)).toBe(200);
    // The failed attempts did not spend the link.
    expect((await change(link.checkword, 'Restored#2026b')).status).toBe(200);
    password = 'Restored#2026b';
  });

  it.each([
    ['Ab#1x', 'Пароль должен содержать минимум 6 символов'],
    ['Abcdef12', 'Пароль должен содержать специальный символ'],
    ['abcde#12', 'Пароль должен содержать заглавную букву'],
    ['ABCDE#12', 'Пароль должен содержать строчную букву'],
    ['Abcdef#!', 'Пароль должен содержать цифру'],
    ['', 'Не может быть пустым'],
  ])('enforces the password rules of docs/spec/05-validation.md: %j gets %s', async (weak, message) => {
    const link = await restoreLink();
    const r = await change(link.checkword, weak);
    expect(r.status).toBe(400);
    expect(r.body.error).toBe('VALIDATION');
    expect(r.body.fields?.password).toBe(message);
    expect(await signInStatus('dealer2', password)).toBe(200);
  });

  it("answers a mismatched confirmation with 'Пароли не совпадают' and changes nothing", async () => {
    const link = await restoreLink();
    const r = await change(link.checkword, 'Restored#2026c', 'Restored#2026d');
    expect(r.status).toBe(400);
    expect(r.body.fields).toEqual({ confirmPassword: 'Пароли не совпадают' });
    expect(r.body.error_description).toBe('confirmPassword: Пароли не совпадают');
    expect(await signInStatus('dealer2', password)).toBe(200);
    expect((await change(link.checkword, 'Restored#2026c')).status).toBe(200);
    password = 'Restored#2026c';
  });

  it('refuses a link older than 24 hours', async () => {
    const link = await restoreLink();
    await sql`UPDATE password_restores SET expires_at = now() - interval '1 second' WHERE used_at IS NULL`.execute(
      db(),
    );
    const r = await change(link.checkword, 'Expired#2026');
    expect(r.status).toBe(400);
    expect(r.body.error_description).toBe(CHECKWORD_INVALID);
    expect(await signInStatus('dealer2', 'Expired#2026')).toBe(401);
    expect(await signInStatus('dealer2', password)).toBe(200);
  });

  it('spends every outstanding link of the account when one is used', async () => {
    const first = await restoreLink();
    const second = await restoreLink();
    expect(first.checkword).not.toBe(second.checkword);
    expect((await change(second.checkword, 'Second#2026')).status).toBe(200);
    password = 'Second#2026';
    const older = await change(first.checkword, 'First#2026');
    expect(older.status).toBe(400);
    expect(older.body.error_description).toBe(CHECKWORD_INVALID);
    expect(await signInStatus('dealer2', password)).toBe(200);
  });

  it('ends the other sessions of that user', async () => {
    const signedIn = t.client();
    await signedIn.call('user/login', {}, { headers: { authorization: basic('dealer2', password) } });
    expect((await signedIn.call('profile', {})).status).toBe(200);
    const bystander = await t.as('dealer');
    const link = await restoreLink();
    expect((await change(link.checkword, 'Fresh#2026x')).status).toBe(200);
    password = 'Fresh#2026x';
    expect((await signedIn.call('profile', {})).status).toBe(401);
    expect((await bystander.call('profile', {})).status).toBe(200);
  });

  it('refuses unknown fields', async () => {
    const r = await t.client().call('user/restore-password', { login: 'dealer2', email: 'x@y.z' } as never);
    expect(r.status).toBe(400);
    expect(r.body.fields).toEqual({ email: 'Неизвестное поле' });
  });
});

describe('user/register', () => {
  const application = (overrides: Record<string, unknown> = {}) => ({
    login: 'newdealer',
    email: 'new@dealer.local',
    password: 'Newdealer#2026',
    confirmPassword: 'Newdealer#2026',
    firstName: 'Пётр',
    lastName: 'Сидоров',
    middleName: 'Ильич',
    phone: '+7 (383) 200-00-00',
    company: 'ООО «Новый дилер»',
    inn: '5406000018',
    city: 'Омск',
    ...overrides,
  });
  const register = (input: Record<string, unknown>) => t.client().call('user/register', input as never);
  const userCount = async () =>
    Number(
      (
        await db()
          .selectFrom('users')
          .select(sql<number>`count(*)`.as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('creates an unapproved dealer account, mails the administrators and the applicant', async () => {
    const before = (await t.outbox()).length;
    const r = await register(application());
    expect(r.status).toBe(200);
    expect(r.body.result).toEqual({ moderation: true });

    const row = await db().selectFrom('users').selectAll().where('login', '=', 'newdealer').executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      email: 'new@dealer.local',
      approved: false,
      groups: ['DEALERS'],
      first_name: 'Пётр',
      last_name: 'Сидоров',
      company: 'ООО «Новый дилер»',
      inn: '5406000018',
      two_factor: false,
      language: 'ru',
    });
    expect(row.password_hash).not.toContain('Newdealer#2026');

    const mail = await mailSince(before);
    const adminEmail = DEMO_ACCOUNTS.find((a) => a.login === 'admin')!.email;
    const toAdmins = mail.find((m) => m.to.includes(adminEmail));
    expect(toAdmins).toBeDefined();
    expect(toAdmins!.text).toContain('newdealer');
    expect(toAdmins!.text).toContain('ООО «Новый дилер»');
    expect(toAdmins!.text).not.toContain('Newdealer#2026');
    // Only administrators are told, not dealers or employees.
    for (const other of DEMO_ACCOUNTS.filter((a) => !a.groups.includes('ADMINS' as never))) {
      expect(mail.some((m) => m.to.includes(other.email))).toBe(false);
    }
    const toApplicant = mail.find((m) => m.to.includes('new@dealer.local'));
    expect(toApplicant).toBeDefined();
    expect(toApplicant!.text).toContain('Пётр');
    expect(toApplicant!.text).not.toContain('Newdealer#2026');
  });

  it('does not let the applicant sign in until an administrator approves the account', async () => {
    expect(await signInStatus('newdealer', 'Newdealer#2026')).toBe(401);
    const r = await t
      .client()
      .call('user/login', {}, { headers: { authorization: basic('newdealer', 'Newdealer#2026') } });
    expect(r.body).toEqual({
      error: 'UNAUTHORIZED',
      error_description: 'Учётная запись ожидает подтверждения администратором',
    });
    expect((await t.client().call('user/GenerateAuthKey', { login: 'newdealer' })).status).toBe(200);

    await db().updateTable('users').set({ approved: true }).where('login', '=', 'newdealer').execute();
    const c = t.client();
    const signedIn = await c.call(
      'user/login',
      {},
      { headers: { authorization: basic('newdealer', 'Newdealer#2026') } },
    );
    expect(signedIn.status).toBe(200);
    const profile = await c.ok('profile', {});
    expect(profile).toMatchObject({ login: 'newdealer', groups: ['DEALERS'], approved: true });
    expect(profile.permissions.user).toEqual({ fetch: 1, create: 0, update: 0, delete: 0 });
  });

  it('refuses a taken login with 409 CONFLICT and a field message, in any letter case', async () => {
    const count = await userCount();
    const mail = (await t.outbox()).length;
    const r = await register(application({ login: 'DEALER', email: 'other@dealer.local' }));
    expect(r.status).toBe(409);
    expect(r.body.error).toBe('CONFLICT');
    expect(r.body.fields).toEqual({ login: 'Пользователь с таким логином уже существует' });
    expect(r.body.error_description).toBe('Пользователь с таким логином уже существует');
    expect(await userCount()).toBe(count);
    expect((await t.outbox()).length).toBe(mail);
  });

  it('refuses a taken e-mail with 409 CONFLICT', async () => {
    const count = await userCount();
    const r = await register(application({ login: 'freshlogin', email: 'Dealer@AgroMash.local' }));
    expect(r.status).toBe(409);
    expect(r.body.fields).toEqual({ email: 'Пользователь с таким e-mail уже существует' });
    expect(await userCount()).toBe(count);
  });

  it('answers invalid fields with VALIDATION and a Russian message per field, writing nothing', async () => {
    const count = await userCount();
    const mail = (await t.outbox()).length;
    const r = await register({
      login: 'ab',
      email: 'not-an-email',
      password: 'weakpass',
      confirmPassword: 'weakpass',
      firstName: '',
      lastName: '   ',
      phone: 'call me',
      company: '',
      inn: '123',
    });
    expect(r.status).toBe(400);
    expect(r.body.error).toBe('VALIDATION');
    expect(r.body.error_description).toBe('Проверьте правильность заполнения полей');
    expect(r.body.fields).toEqual({
      login: 'Поле должно содержать минимум 3 символа',
      email: 'Введите корректный адрес электронной почты',
      password: 'Пароль должен содержать специальный символ',
      firstName: 'Не может быть пустым',
      lastName: 'Не может быть пустым',
      phone: 'Введите корректный номер телефона',
      company: 'Не может быть пустым',
      inn: 'ИНН должен состоять из 10 или 12 цифр',
    });
    expect(await userCount()).toBe(count);
    expect((await t.outbox()).length).toBe(mail);
  });

  it('refuses an ИНН whose check digits do not match, as the legal entities do', async () => {
    const count = await userCount();
    for (const inn of ['1234567890', '540612345712']) {
      const r = await register(
        application({ login: `badinn${inn.length}`, email: `badinn${inn.length}@dealer.local`, inn }),
      );
      expect(r.status).toBe(400);
      expect(r.body.error).toBe('VALIDATION');
      expect(r.body.fields).toEqual({ inn: 'Неверный ИНН: не сходится контрольное число' });
    }
    expect(await userCount()).toBe(count);
  });

  it('requires every mandatory field', async () => {
    const r = await register({});
    expect(r.status).toBe(400);
    for (const field of ['login', 'email', 'password', 'confirmPassword', 'firstName', 'lastName', 'company']) {
      expect(r.body.fields?.[field], field).toBe('Не может быть пустым');
    }
    expect(r.body.fields?.phone).toBeDefined();
    expect(r.body.fields?.inn).toBeDefined();
  });

  it("answers a mismatched confirmation with 'Пароли не совпадают'", async () => {
    const count = await userCount();
    const r = await register(
      application({ login: 'mismatch', email: 'mismatch@dealer.local', confirmPassword: 'Other#2026' }),
    );
    expect(r.status).toBe(400);
    expect(r.body.fields).toEqual({ confirmPassword: 'Пароли не совпадают' });
    expect(await userCount()).toBe(count);
  });

  it('rejects fields an applicant must not set (groups, approved) and writes nothing', async () => {
    const count = await userCount();
    const mail = (await t.outbox()).length;
    const r = await register(
      application({ login: 'sneaky', email: 'sneaky@dealer.local', groups: ['ADMINS'], approved: true }),
    );
    expect(r.status).toBe(400);
    expect(r.body.error).toBe('VALIDATION');
    expect(r.body.fields).toEqual({ groups: 'Неизвестное поле', approved: 'Неизвестное поле' });
    expect(await userCount()).toBe(count);
    expect((await t.outbox()).length).toBe(mail);
    const row = await db().selectFrom('users').select('id').where('login', '=', 'sneaky').executeTakeFirst();
    expect(row).toBeUndefined();
  });

  it('answers two applications for one login sent at once with one account and one 409, never a 500', async () => {
    const count = await userCount();
    const [a, b] = await Promise.all([
      register(application({ login: 'twin', email: 'twin1@dealer.local' })),
      register(application({ login: 'TWIN', email: 'twin2@dealer.local' })),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const refused = a.status === 409 ? a : b;
    expect(refused.body).toMatchObject({
      error: 'CONFLICT',
      fields: { login: 'Пользователь с таким логином уже существует' },
    });
    expect(await userCount()).toBe(count + 1);
  });

  it('keeps the language of the page the applicant registered from', async () => {
    const c = t.client();
    c.language = 'en';
    const r = await c.call('user/register', application({ login: 'english', email: 'english@dealer.local' }) as never);
    expect(r.status).toBe(200);
    const row = await db()
      .selectFrom('users')
      .select('language')
      .where('login', '=', 'english')
      .executeTakeFirstOrThrow();
    expect(row.language).toBe('en');
    const invalid = await c.call('user/register', application({ login: 'x' }) as never);
    expect(invalid.body.fields).toEqual({ login: 'The field must contain at least 3 characters' });
  });
});
