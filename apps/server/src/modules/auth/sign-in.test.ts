import { LONG_SESSION_DAYS, permissionsFor, rolesOf } from '@portal/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { basic, createTestApp, DEMO, type CallResponse, type TestApp, type TestClient } from '../../testing/index.js';
import { SESSION_COOKIE } from '../../sessions/session-store.js';
import { sweepCounters } from '../throttle/index.js';
import { DEMO_ACCOUNTS } from './seed.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const db = () => t.app.portal.database.db;
const BAD_LOGIN = 'Неверный логин или пароль';

/** The Set-Cookie line of the session cookie in an answer, if the answer sets it. */
function sessionCookieOf(r: CallResponse<unknown>): string | undefined {
  const header = r.headers['set-cookie'];
  const lines = Array.isArray(header) ? header : header === undefined ? [] : [String(header)];
  return lines.find((l) => l.startsWith(`${SESSION_COOKIE}=`));
}

/** Every answer of this file passes through here: none may ask the browser for its own login box. */
function noBrowserLoginBox<T>(r: CallResponse<T>): CallResponse<T> {
  expect(r.headers['www-authenticate']).toBeUndefined();
  return r;
}

async function signInWith(c: TestClient, authorization: string | undefined, body: unknown = {}) {
  return noBrowserLoginBox(
    await c.call('user/login', body as never, { headers: authorization === undefined ? {} : { authorization } }),
  );
}

async function setUser(login: string, values: { active?: boolean; approved?: boolean }) {
  await db().updateTable('users').set(values).where('login', '=', login).execute();
}

// Sign-in attempts are counted per login and per address; each test starts with none.
beforeEach(async () => {
  await db().deleteFrom('rate_counters').execute();
});

describe('signing in and out as each demo account', () => {
  const accounts = ['admin', 'dealer', 'dealer2', 'employee'] as const;

  it.each(accounts)('%s signs in, sees the profile, and signs out', async (account) => {
    const seeded = DEMO_ACCOUNTS.find((a) => a.login === account)!;
    const c = t.client();
    const r = noBrowserLoginBox(await c.signIn(account));
    expect(r.status).toBe(200);
    const { user, sessid } = r.body.result as { user: Record<string, unknown>; sessid: string };
    expect(sessid).toMatch(/^[0-9a-f]{32}$/);
    expect(user).toMatchObject({
      login: account,
      groups: [...seeded.groups],
      email: seeded.email,
      active: true,
      approved: true,
    });
    expect(user.permissions).toEqual(permissionsFor(rolesOf(seeded.groups)));
    expect(JSON.stringify(r.body)).not.toMatch(/argon2|password/i);

    const profile = noBrowserLoginBox(await c.call('profile', {}));
    expect(profile.status).toBe(200);
    expect(profile.body.result).toMatchObject({ login: account, id: user.id });

    const out = noBrowserLoginBox(await c.call('user/logout', {}));
    expect(out.status).toBe(200);
    expect(out.body.result.sessid).toMatch(/^[0-9a-f]{32}$/);
    expect(out.body.result.sessid).not.toBe(sessid);
    const after = noBrowserLoginBox(await c.call('profile', {}));
    expect(after.status).toBe(401);
    expect(after.body.error).toBe('UNAUTHORIZED');
  });

  it('accepts the login in any letter case', async () => {
    const r = await signInWith(t.client(), basic('DeAlEr', DEMO.dealer.password));
    expect(r.status).toBe(200);
    expect((r.body.result as { user: { login: string } }).user.login).toBe('dealer');
  });

  it('records the time of the last sign-in', async () => {
    const before = new Date(Date.now() - 1000);
    await t.as('employee');
    const row = await db()
      .selectFrom('users')
      .select('last_login_at')
      .where('login', '=', 'employee')
      .executeTakeFirstOrThrow();
    expect(row.last_login_at!.getTime()).toBeGreaterThanOrEqual(before.getTime());
  });
});

describe('the session across sign-in and sign-out', () => {
  it('issues a new session id at sign-in; the old cookie is no longer signed in', async () => {
    const c = t.client();
    await c.call('site/get-main-settings', {});
    const anonymousCookie = c.cookie;
    const anonymousSessid = c.sessid;
    expect(anonymousCookie).not.toBe('');

    expect((await c.signIn('dealer')).status).toBe(200);
    expect(c.cookie).not.toBe(anonymousCookie);
    expect(c.sessid).not.toBe(anonymousSessid);

    // Whoever kept the pre-sign-in cookie (a fixation attacker) is anonymous, with a new session.
    const attacker = t.client();
    attacker.cookie = anonymousCookie;
    attacker.sessid = anonymousSessid;
    const stale = await attacker.raw('profile', {});
    expect(stale.status).toBe(400);
    expect(stale.body.error).toBe('SESSION_FAILED');
    expect(attacker.cookie).not.toBe(c.cookie);
    const profile = await attacker.call('profile', {});
    expect(profile.status).toBe(401);

    expect((await c.call('profile', {})).status).toBe(200);
  });

  it('ends the signed-in session at sign-out: the old cookie and sessid are dead', async () => {
    const c = await t.as('dealer');
    const signedInCookie = c.cookie;
    const signedInSessid = c.sessid;
    expect((await c.call('user/logout', {})).status).toBe(200);
    expect(c.cookie).not.toBe(signedInCookie);

    const replay = t.client();
    replay.cookie = signedInCookie;
    replay.sessid = signedInSessid;
    expect((await replay.raw('profile', {})).body.error).toBe('SESSION_FAILED');
    expect((await replay.call('profile', {})).status).toBe(401);
  });

  it('signs in again as someone else with a fresh session', async () => {
    const c = await t.as('dealer');
    const dealerCookie = c.cookie;
    expect((await c.signIn('employee')).status).toBe(200);
    expect(c.cookie).not.toBe(dealerCookie);
    expect((await c.ok('profile', {})).login).toBe('employee');
  });

  it('with saveAuth gives a cookie that lives about 30 days', async () => {
    const c = t.client();
    const r = await signInWith(c, basic(DEMO.dealer.login, DEMO.dealer.password), { saveAuth: true });
    expect(r.status).toBe(200);
    const cookie = sessionCookieOf(r);
    expect(cookie).toBeDefined();
    const expires = /;\s*Expires=([^;]+)/i.exec(cookie!)?.[1];
    expect(expires).toBeDefined();
    const days = (new Date(expires!).getTime() - Date.now()) / (24 * 3600 * 1000);
    expect(days).toBeGreaterThan(LONG_SESSION_DAYS - 1);
    expect(days).toBeLessThanOrEqual(LONG_SESSION_DAYS + 0.01);
    expect(cookie).toMatch(/;\s*HttpOnly/i);
    expect(cookie).toMatch(/;\s*SameSite=Lax/i);
    expect(cookie).toMatch(/;\s*Path=\//i);
    const row = await db()
      .selectFrom('sessions')
      .select(['persistent', 'expires_at'])
      .where('sessid', '=', c.sessid)
      .executeTakeFirstOrThrow();
    expect(row.persistent).toBe(true);
  });

  it('without saveAuth gives a browser-session cookie: no Expires, no Max-Age', async () => {
    for (const body of [{}, { saveAuth: false }]) {
      const r = await signInWith(t.client(), basic(DEMO.dealer.login, DEMO.dealer.password), body);
      expect(r.status).toBe(200);
      const cookie = sessionCookieOf(r);
      expect(cookie).toBeDefined();
      expect(cookie).not.toMatch(/Expires=/i);
      expect(cookie).not.toMatch(/Max-Age=/i);
      expect(cookie).toMatch(/;\s*HttpOnly/i);
      expect(cookie).toMatch(/;\s*SameSite=Lax/i);
    }
  });

  it('sets the anonymous session cookie HttpOnly and SameSite=Lax too', async () => {
    const r = await t.client().raw('site/get-main-settings', {});
    const cookie = sessionCookieOf(r);
    expect(cookie).toMatch(/;\s*HttpOnly/i);
    expect(cookie).toMatch(/;\s*SameSite=Lax/i);
  });

  it('does not put the password, its hash or the session cookie in the answer body', async () => {
    const c = t.client();
    const r = await c.signIn('admin');
    const text = JSON.stringify(r.body);
    expect(text).not.toContain(DEMO.admin.password);
    expect(text).not.toMatch(/\$argon2|password_hash|passwordHash/);
    const cookieValue = c.cookie.split('=')[1]!;
    expect(cookieValue.length).toBeGreaterThan(16);
    expect(text).not.toContain(cookieValue);
  });
});

describe('auth/fetch, the navigation guard (docs/spec/07-calls.md, decision 067)', () => {
  it('answers a visitor with user null and 200, never a 401', async () => {
    const c = t.client();
    const r = await c.call('auth/fetch', { path: '/auth/' });
    expect(r.status).toBe(200);
    expect(r.body.result).toEqual({ user: null });
  });

  it('answers the signed-in user, the same as profile, and null again after sign-out', async () => {
    const c = await t.as('dealer');
    const fetched = await c.ok('auth/fetch', {});
    expect(fetched.user?.login).toBe('dealer');
    expect(fetched.user).toEqual(await c.ok('profile', {}));
    await c.ok('user/logout', {});
    expect(await c.ok('auth/fetch', { path: '/order/' })).toEqual({ user: null });
  });

  it('refuses a wrong path type with 400 VALIDATION', async () => {
    const r = await t.client().call('auth/fetch', { path: 42 } as never);
    expect(r.status).toBe(400);
    expect(r.body.error).toBe('VALIDATION');
  });
});

describe('refused sign-ins', () => {
  it('answers a wrong password with 401 UNAUTHORIZED', async () => {
    const r = await signInWith(t.client(), basic('dealer', 'Wrong#2026'));
    expect(r.status).toBe(401);
    expect(r.body).toEqual({ error: 'UNAUTHORIZED', error_description: BAD_LOGIN });
  });

  it('answers an unknown login exactly like a wrong password', async () => {
    const r = await signInWith(t.client(), basic('nobody-here', 'Wrong#2026'));
    expect(r.status).toBe(401);
    expect(r.body).toEqual({ error: 'UNAUTHORIZED', error_description: BAD_LOGIN });
  });

  it('answers a blocked user, even with the right password, exactly like a wrong password', async () => {
    await setUser('dealer2', { active: false });
    try {
      const right = await signInWith(t.client(), basic('dealer2', DEMO.dealer2.password));
      expect(right.status).toBe(401);
      expect(right.body).toEqual({ error: 'UNAUTHORIZED', error_description: BAD_LOGIN });
      const wrong = await signInWith(t.client(), basic('dealer2', 'Wrong#2026'));
      expect(wrong.body).toEqual(right.body);
    } finally {
      await setUser('dealer2', { active: true });
    }
    expect((await signInWith(t.client(), basic('dealer2', DEMO.dealer2.password))).status).toBe(200);
  });

  it('signs out a user who is blocked while signed in', async () => {
    const c = await t.as('dealer2');
    await setUser('dealer2', { active: false });
    try {
      const r = await c.call('profile', {});
      expect(r.status).toBe(401);
    } finally {
      await setUser('dealer2', { active: true });
    }
  });

  it('tells an unapproved account with the right password why, and nothing to a wrong password', async () => {
    await setUser('dealer2', { approved: false });
    try {
      const right = await signInWith(t.client(), basic('dealer2', DEMO.dealer2.password));
      expect(right.status).toBe(401);
      expect(right.body.error).toBe('UNAUTHORIZED');
      expect(right.body.error_description).toBe('Учётная запись ожидает подтверждения администратором');
      const wrong = await signInWith(t.client(), basic('dealer2', 'Wrong#2026'));
      expect(wrong.body).toEqual({ error: 'UNAUTHORIZED', error_description: BAD_LOGIN });
    } finally {
      await setUser('dealer2', { approved: true });
    }
  });

  it('does not sign in a refused attempt: the session stays anonymous', async () => {
    const c = t.client();
    await c.call('site/get-main-settings', {});
    const cookie = c.cookie;
    await signInWith(c, basic('dealer', 'Wrong#2026'));
    expect(c.cookie).toBe(cookie);
    expect((await c.call('profile', {})).status).toBe(401);
  });

  it.each([
    ['not base64', 'Basic !!!not-base64!!!'],
    ['base64 with garbage inside', 'Basic ZGVh*bGVy'],
    ['no colon', `Basic ${Buffer.from('dealer').toString('base64')}`],
    ['another scheme', `Bearer ${Buffer.from('dealer:Dealer#2026').toString('base64')}`],
    ['a scheme alone', 'Basic'],
  ])('answers a Basic header with %s with 400 and the envelope', async (_what, header) => {
    const r = await signInWith(t.client(), header);
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ error: 'VALIDATION', error_description: 'Некорректный заголовок авторизации' });
  });

  it('answers a missing header with 400 VALIDATION and a message per field', async () => {
    const r = await signInWith(t.client(), undefined);
    expect(r.status).toBe(400);
    expect(r.body.error).toBe('VALIDATION');
    expect(r.body.fields).toEqual({ login: 'Не может быть пустым', password: 'Не может быть пустым' });
  });

  it('checks the login and password rules of docs/spec/05-validation.md before looking anyone up', async () => {
    const short = await signInWith(t.client(), basic('ab', 'Dealer#2026'));
    expect(short.status).toBe(400);
    expect(short.body.fields).toEqual({ login: 'Поле должно содержать минимум 3 символа' });
    const shortPassword = await signInWith(t.client(), basic('dealer', '12345'));
    expect(shortPassword.status).toBe(400);
    expect(shortPassword.body.fields).toEqual({ password: 'Поле должно содержать минимум 6 символов' });
    const empty = await signInWith(t.client(), basic('', ''));
    expect(empty.body.fields).toEqual({ login: 'Не может быть пустым', password: 'Не может быть пустым' });
  });

  it('speaks English to an English page', async () => {
    const c = t.client();
    c.language = 'en';
    const r = await signInWith(c, basic('dealer', 'Wrong#2026'));
    expect(r.body).toEqual({ error: 'UNAUTHORIZED', error_description: 'Wrong login or password' });
  });

  it('refuses unknown fields in the sign-in body', async () => {
    const r = await signInWith(t.client(), basic('dealer', DEMO.dealer.password), { saveAuth: true, userId: 1 });
    expect(r.status).toBe(400);
    expect(r.body.fields).toEqual({ userId: 'Неизвестное поле' });
  });
});

describe('sign-in rate limiting', () => {
  async function failures(login: string, count: number) {
    for (let i = 0; i < count; i++) {
      const r = await signInWith(t.client(), basic(login, `Wrong#${i}xx`));
      expect(r.status).toBe(401);
    }
  }

  it('refuses a login from one address after 10 failures within 15 minutes, even with the right password', async () => {
    await failures('dealer', 9);
    // Nine failures are not yet the limit, and a right password is not held against anyone.
    expect((await signInWith(t.client(), basic('dealer', DEMO.dealer.password))).status).toBe(200);
    await failures('DEALER', 1); // the same login in another letter case
    const r = await signInWith(t.client(), basic('dealer', DEMO.dealer.password));
    expect(r.status).toBe(429);
    expect(r.body.error).toBe('RATE_LIMITED');
    expect(r.body.error_description).toBe('Слишком много попыток, попробуйте позже');
    expect(r.body.retryAfter).toBeGreaterThan(0);
    expect(r.body.retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(Number(r.headers['retry-after'])).toBe(r.body.retryAfter);
    expect((await signInWith(t.client(), basic('dealer', 'Wrong#2026'))).status).toBe(429);
    // profile with Basic credentials is a sign-in too: it is limited the same way.
    const viaProfile = await t
      .client()
      .call('profile', {}, { headers: { authorization: basic('dealer', DEMO.dealer.password) } });
    expect(viaProfile.status).toBe(429);

    // Other logins from the same address are not affected, nor the same login from another address.
    expect((await signInWith(t.client(), basic('admin', DEMO.admin.password))).status).toBe(200);
    expect((await signInWith(t.client('198.51.100.3'), basic('dealer', DEMO.dealer.password))).status).toBe(200);

    // Once the failures are older than the window, the login works again from here too.
    await sql`UPDATE rate_counters SET slot = slot - 2`.execute(db());
    expect((await signInWith(t.client(), basic('dealer', DEMO.dealer.password))).status).toBe(200);
  });

  it('sweeps counters older than their window away, and keeps recent ones', async () => {
    await failures('dealer', 2);
    await sql`UPDATE rate_counters SET slot = slot - 2, expires_at = now() - interval '1 second'
              WHERE key LIKE '%dealer%'`.execute(db());
    await failures('admin', 1);
    await sweepCounters(db());
    const left = await db().selectFrom('rate_counters').select('key').execute();
    expect(left.some((r) => r.key.includes('dealer'))).toBe(false);
    expect(left.some((r) => r.key.includes('admin'))).toBe(true);
  });

  it('refuses an address after 30 failures within 15 minutes, whatever the login', async () => {
    for (let i = 0; i < 30; i++) {
      const r = await signInWith(t.client(), basic(`guess${i % 15}`, 'Wrong#2026'));
      expect(r.status).toBe(401);
    }
    const r = await signInWith(t.client(), basic('admin', DEMO.admin.password));
    expect(r.status).toBe(429);
    expect(r.body.error).toBe('RATE_LIMITED');
    const unknown = await signInWith(t.client(), basic('someone-else', 'Wrong#2026'));
    expect(unknown.status).toBe(429);
  });
});

describe('the address a failure is counted against', () => {
  /** A sign-in from a browser at `remoteAddress` that claims to be `forwardedFor`. */
  async function signInFrom(remoteAddress: string, forwardedFor: string | undefined, login: string, password: string) {
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      authorization: basic(login, password),
    };
    if (forwardedFor) headers['x-forwarded-for'] = forwardedFor;
    const first = await t.app.inject({
      method: 'POST',
      url: '/rest/user/login',
      headers,
      payload: '{}',
      remoteAddress,
    });
    const sessid = (first.json() as { sessid: string }).sessid;
    const cookie = first.cookies.find((c) => c.name === SESSION_COOKIE)!;
    const r = await t.app.inject({
      method: 'POST',
      url: `/rest/user/login?sessid=${sessid}`,
      headers: { ...headers, cookie: `${cookie.name}=${cookie.value}` },
      payload: '{}',
      remoteAddress,
    });
    return r.statusCode;
  }

  it('is the real client: a browser cannot dodge the limit with a made-up X-Forwarded-For', async () => {
    for (let i = 0; i < 30; i++) {
      expect(await signInFrom('203.0.113.7', `198.51.100.${i}`, `spoof${i}`, 'Wrong#2026')).toBe(401);
    }
    expect(await signInFrom('203.0.113.7', '198.51.100.200', 'admin', DEMO.admin.password)).toBe(429);
    expect(await signInFrom('203.0.113.7', undefined, 'admin', DEMO.admin.password)).toBe(429);
    // Another client is not affected.
    expect(await signInFrom('203.0.113.8', undefined, 'admin', DEMO.admin.password)).toBe(200);
  });
});

describe('two-step sign-in (secure / Secure#2026)', () => {
  const SECURE_EMAIL = DEMO_ACCOUNTS.find((a) => a.login === 'secure')!.email;
  const secureId = async () =>
    (await db().selectFrom('users').select('id').where('login', '=', 'secure').executeTakeFirstOrThrow()).id;
  const signInSecure = (c: TestClient, authKey?: string) =>
    signInWith(c, basic(DEMO.secure.login, DEMO.secure.password), authKey === undefined ? {} : { authKey });

  /** The codes mailed to `secure` so far, oldest first. */
  async function codesMailed(): Promise<string[]> {
    const mail = (await t.outbox()).filter((m) => m.to.includes(SECURE_EMAIL));
    return mail.map((m) => /\b(\d{6})\b/.exec(m.text)?.[1] ?? '');
  }

  /** Requests a code as the page does, with no code pending, and reads it from the mail. */
  async function freshCode(c: TestClient): Promise<string> {
    await db()
      .deleteFrom('auth_codes')
      .where('user_id', '=', await secureId())
      .execute();
    const before = (await codesMailed()).length;
    const r = await c.call('user/GenerateAuthKey', { login: 'secure' });
    expect(r.status).toBe(200);
    const codes = await codesMailed();
    expect(codes).toHaveLength(before + 1);
    return codes.at(-1)!;
  }

  const wrongCode = (code: string, i = 1) => String((Number(code) + i) % 1_000_000).padStart(6, '0');

  it('asks for a code: user/login without authKey is 401 AUTH', async () => {
    const r = await signInSecure(t.client());
    expect(r.status).toBe(401);
    expect(r.body).toEqual({ error: 'AUTH', error_description: 'Введите код, отправленный на вашу почту' });
  });

  it('asks for a code when profile is called with Basic credentials too', async () => {
    const r = await t
      .client()
      .call('profile', {}, { headers: { authorization: basic('secure', DEMO.secure.password) } });
    expect(r.status).toBe(401);
    expect(r.body.error).toBe('AUTH');
  });

  it('checks the password before the code', async () => {
    const r = await signInWith(t.client(), basic('secure', 'Wrong#2026'), { authKey: '123456' });
    expect(r.body).toEqual({ error: 'UNAUTHORIZED', error_description: BAD_LOGIN });
  });

  it('mails a 6-digit code, answers resendAfter, and refuses a second request within 60 s with the countdown', async () => {
    const c = t.client();
    await db().deleteFrom('auth_codes').execute();
    const before = (await codesMailed()).length;
    const r = await c.call('user/GenerateAuthKey', { login: 'secure' });
    expect(r.status).toBe(200);
    expect(r.body.result).toEqual({ resendAfter: 60 });
    const codes = await codesMailed();
    expect(codes).toHaveLength(before + 1);
    expect(codes.at(-1)).toMatch(/^\d{6}$/);
    const mail = (await t.outbox()).filter((m) => m.to.includes(SECURE_EMAIL)).at(-1)!;
    expect(mail.subject).toBe('Код для входа в дилерский портал');

    const again = await c.call('user/GenerateAuthKey', { login: 'secure' });
    expect(again.status).toBe(429);
    expect(again.body.error).toBe('RATE_LIMITED');
    expect(again.body.retryAfter).toBeGreaterThan(0);
    expect(again.body.retryAfter).toBeLessThanOrEqual(60);
    expect(again.body.error_description).toBe(`Новый код можно запросить через ${again.body.retryAfter} с`);
    expect(await codesMailed()).toHaveLength(before + 1);

    // A minute later a new code may be requested; it replaces the old one.
    await db()
      .updateTable('auth_codes')
      .set({ sent_at: new Date(Date.now() - 61 * 1000) })
      .execute();
    const third = await c.call('user/GenerateAuthKey', { login: 'secure' });
    expect(third.status).toBe(200);
    const [first, second] = (await codesMailed()).slice(-2);
    if (first !== second) expect((await signInSecure(t.client(), first)).body.error).toBe('AUTH');
    expect((await signInSecure(t.client(), second)).status).toBe(200);
  });

  it('answers an unknown login the same way and mails nothing', async () => {
    const count = (await t.outbox()).length;
    const r = await t.client().call('user/GenerateAuthKey', { login: 'no-such-user' });
    expect(r.status).toBe(200);
    expect(r.body.result).toEqual({ resendAfter: 60 });
    expect(await t.outbox()).toHaveLength(count);
  });

  it('validates the login of the code request', async () => {
    const r = await t.client().call('user/GenerateAuthKey', { login: 'ab' });
    expect(r.status).toBe(400);
    expect(r.body.fields).toEqual({ login: 'Поле должно содержать минимум 3 символа' });
  });

  it('signs in with the right code, once', async () => {
    const c = t.client();
    const code = await freshCode(c);
    const r = await signInSecure(c, code);
    expect(r.status).toBe(200);
    expect((r.body.result as { user: { login: string; twoFactor: boolean } }).user).toMatchObject({
      login: 'secure',
      twoFactor: true,
    });
    expect((await c.ok('profile', {})).login).toBe('secure');
    // The code is spent.
    const replay = await signInSecure(t.client(), code);
    expect(replay.status).toBe(401);
    expect(replay.body.error).toBe('AUTH');
  });

  it('lets one code sign in only once, even when two sign-ins carry it at the same time', async () => {
    const code = await freshCode(t.client());
    const both = await Promise.all([signInSecure(t.client(), code), signInSecure(t.client(), code)]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 401]);
  });

  it('checks the code format', async () => {
    const r = await signInSecure(t.client(), '12ab');
    expect(r.status).toBe(400);
    expect(r.body.fields).toEqual({ authKey: 'Код должен состоять из 6 цифр' });
  });

  it('counts wrong codes; after 5 the right one is refused', async () => {
    const c = t.client();
    const code = await freshCode(c);
    for (let i = 1; i <= 5; i++) {
      const r = await signInSecure(c, wrongCode(code, i));
      expect(r.status).toBe(401);
      expect(r.body.error).toBe('AUTH');
      expect(r.body.error_description).toBe(
        i < 5 ? 'Неверный или устаревший код' : 'Превышено число попыток, запросите новый код',
      );
      const row = await db()
        .selectFrom('auth_codes')
        .select('attempts')
        .where('user_id', '=', await secureId())
        .executeTakeFirstOrThrow();
      expect(row.attempts).toBe(i);
    }
    const right = await signInSecure(c, code);
    expect(right.status).toBe(401);
    expect(right.body).toEqual({ error: 'AUTH', error_description: 'Превышено число попыток, запросите новый код' });
    expect((await c.call('profile', {})).status).toBe(401);
  });

  it('lets the right code through after fewer than 5 wrong ones', async () => {
    const c = t.client();
    const code = await freshCode(c);
    for (let i = 1; i <= 4; i++) expect((await signInSecure(c, wrongCode(code, i))).status).toBe(401);
    expect((await signInSecure(c, code)).status).toBe(200);
  });

  it('counts wrong codes sent at the same time: guessing in parallel does not get more tries', async () => {
    const c = t.client();
    const code = await freshCode(c);
    // Ten at once: the sign-in limit of one login from one address counts them before any is checked.
    const guesses = await Promise.all(
      Array.from({ length: 10 }, (_, i) => signInSecure(t.client(), wrongCode(code, i + 1))),
    );
    for (const g of guesses) expect(g.status).toBe(401);
    const row = await db()
      .selectFrom('auth_codes')
      .select('attempts')
      .where('user_id', '=', await secureId())
      .executeTakeFirstOrThrow();
    // Every wrong guess up to the limit is counted, however they interleave.
    expect(row.attempts).toBe(5);
    const right = await signInSecure(c, code);
    expect(right.status).toBe(401);
    expect(right.body.error).toBe('AUTH');
  });

  it('refuses an expired code', async () => {
    const c = t.client();
    const code = await freshCode(c);
    await db()
      .updateTable('auth_codes')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', await secureId())
      .execute();
    const r = await signInSecure(c, code);
    expect(r.status).toBe(401);
    expect(r.body).toEqual({ error: 'AUTH', error_description: 'Срок действия кода истёк, запросите новый' });
  });

  it('refuses a code when none was requested', async () => {
    await db().deleteFrom('auth_codes').execute();
    const r = await signInSecure(t.client(), '123456');
    expect(r.status).toBe(401);
    expect(r.body.error).toBe('AUTH');
  });

  it("does not let one user's code sign in another", async () => {
    const c = t.client();
    const code = await freshCode(c);
    await db().updateTable('users').set({ two_factor: true }).where('login', '=', 'dealer2').execute();
    try {
      const r = await signInWith(t.client(), basic('dealer2', DEMO.dealer2.password), { authKey: code });
      expect(r.status).toBe(401);
      expect(r.body.error).toBe('AUTH');
    } finally {
      await db().updateTable('users').set({ two_factor: false }).where('login', '=', 'dealer2').execute();
    }
  });
});

describe('profile and user/get', () => {
  it('answers an anonymous caller with 401', async () => {
    const c = t.client();
    const profile = await c.call('profile', {});
    expect(profile.status).toBe(401);
    expect(profile.body).toEqual({ error: 'UNAUTHORIZED', error_description: 'Необходимо войти в систему' });
    const get = await c.call('user/get', {});
    expect(get.status).toBe(401);
    expect(get.body.error).toBe('UNAUTHORIZED');
  });

  it('gives a signed-in user themselves with their permissions', async () => {
    const c = await t.as('dealer');
    const profile = await c.ok('profile', {});
    expect(profile).toMatchObject({
      login: 'dealer',
      groups: ['DEALERS'],
      company: 'ООО «АгроМаш»',
      fullName: 'Петров Иван Сергеевич',
    });
    expect(profile.permissions.order).toEqual({ fetch: 1, create: 1, update: 1, delete: 1 });
    expect(profile.permissions.comment).toEqual({ fetch: 1, create: 0, update: 0, delete: 0 });
    expect(profile.permissions.user).toEqual({ fetch: 1, create: 0, update: 0, delete: 0 });
    expect(Object.keys(profile)).not.toContain('password_hash');
    expect(await c.ok('user/get', {})).toMatchObject(profile);
    expect(await c.ok('user/get', { id: profile.id })).toMatchObject(profile);
  });

  it('signs in through profile with Basic credentials (the fallback of docs/spec/04-states.md)', async () => {
    const c = t.client();
    const r = await c.call('profile', {}, { headers: { authorization: basic('employee', DEMO.employee.password) } });
    expect(r.status).toBe(200);
    expect(r.body.result.login).toBe('employee');
    expect((await c.ok('user/get', {})).login).toBe('employee');
    const wrong = await t.client().call('profile', {}, { headers: { authorization: basic('employee', 'Wrong#2026') } });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error_description).toBe(BAD_LOGIN);
    expect(wrong.headers['www-authenticate']).toBeUndefined();
  });

  it('answers another user to a dealer exactly like a missing one (404)', async () => {
    const admin = await t.as('admin');
    const adminId = (await admin.ok('profile', {})).id;
    const dealer2Id = (await (await t.as('dealer2')).ok('profile', {})).id;
    const dealer = await t.as('dealer');
    const other = await dealer.call('user/get', { id: adminId });
    expect(other.status).toBe(404);
    expect(other.body).toEqual({ error: 'NOT_FOUND', error_description: 'Не найдено' });
    const otherDealer = await dealer.call('user/get', { id: dealer2Id });
    expect(otherDealer.body).toEqual(other.body);
    const missing = await dealer.call('user/get', { id: 999999 });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual(other.body);
    const employee = await t.as('employee');
    expect((await employee.call('user/get', { id: adminId })).status).toBe(404);
  });

  it('gives another user to an administrator', async () => {
    const dealerId = (await (await t.as('dealer')).ok('profile', {})).id;
    const admin = await t.as('admin');
    const user = await admin.ok('user/get', { id: dealerId });
    expect(user).toMatchObject({ id: dealerId, login: 'dealer', groups: ['DEALERS'] });
    expect((await admin.call('user/get', { id: 999999 })).status).toBe(404);
  });

  it('validates the id', async () => {
    const c = await t.as('admin');
    const r = await c.call('user/get', { id: -1 });
    expect(r.status).toBe(400);
    expect(r.body.fields).toEqual({ id: 'Идентификатор должен быть положительным целым числом' });
  });
});
