import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { basic, createTestApp, DEMO, type TestApp, type TestClient } from '../../testing/index.js';
import { DEMO_ACCOUNTS } from '../auth/index.js';
import { beginSignIn, countAttempt, forgetSignInAttempts, loginKeyPart } from './index.js';

/**
 * Throttles that hold under concurrency (the attempt is counted before it is checked, in
 * one statement), a dealer nobody can lock out, and the address taken from X-Forwarded-For only when the
 * connection comes from a proxy listed in TRUST_PROXY. Every burst here is sent at once (Promise.all).
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const db = () => t.app.portal.database.db;
const DEALER_EMAIL = DEMO_ACCOUNTS.find((a) => a.login === 'dealer')!.email;

/** A browser at `address` that already holds a session, so its first call is a real attempt. */
async function browser(address?: string): Promise<TestClient> {
  const c = t.client(address);
  await c.raw('site/get-main-settings', {});
  return c;
}

const signIn = (c: TestClient, login: string, password: string, body: Record<string, unknown> = {}) =>
  c.raw('user/login', body, { headers: { authorization: basic(login, password) } });

const tally = (values: Array<number | string | undefined>) =>
  values.reduce<Record<string, number>>((acc, v) => ({ ...acc, [String(v)]: (acc[String(v)] ?? 0) + 1 }), {});

beforeEach(async () => {
  // Each test starts with no throttling history. (Counted attempts live in the database only.)
  await db().deleteFrom('rate_counters').execute();
  await db().deleteFrom('auth_codes').execute();
});

describe('sign-in attempts sent at the same moment', () => {
  it('100 simultaneous wrong passwords for one login from one address: only 10 are checked', async () => {
    const browsers = await Promise.all(Array.from({ length: 100 }, () => browser()));
    const answers = await Promise.all(browsers.map((c, i) => signIn(c, 'dealer', `Wrong#${i}xx`)));
    const counts = tally(answers.map((a) => a.status));
    console.log('100 simultaneous wrong passwords →', counts);
    // 401 = the password was checked and wrong; 429 = refused before any check.
    expect(counts).toEqual({ 401: 10, 429: 90 });
    const refused = answers.find((a) => a.status === 429)!;
    expect(refused.body.error).toBe('RATE_LIMITED');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // The right password from that address is refused now too…
    expect((await signIn(await browser(), 'dealer', DEMO.dealer.password)).status).toBe(429);
    // …but not from the dealer's own address: one address cannot lock the dealer out.
    expect((await signIn(await browser('198.51.100.20'), 'dealer', DEMO.dealer.password)).status).toBe(200);
  });

  it('counts a burst of guesses across many logins from one address: 30 checked', async () => {
    const browsers = await Promise.all(Array.from({ length: 100 }, () => browser('203.0.113.50')));
    const answers = await Promise.all(browsers.map((c, i) => signIn(c, `guess${i}`, 'Wrong#2026')));
    expect(tally(answers.map((a) => a.status))).toEqual({ 401: 30, 429: 70 });
  });
});

describe('a dealer whose login is being guessed from many addresses', () => {
  /** `n` wrong passwords for `login`, spread over addresses that each stay within their own limit. */
  async function attack(login: string, n: number) {
    const browsers = await Promise.all(Array.from({ length: n }, (_, i) => browser(`192.0.2.${1 + (i % 50)}`)));
    return Promise.all(browsers.map((c, i) => signIn(c, login, `Wrong#${i}xx`)));
  }

  it('is never locked out: a one-time code from the mailbox lets the right password in at once', async () => {
    const answers = tally((await attack('dealer', 100)).map((a) => a.body.error));
    console.log('100 guesses of one login from 50 addresses →', answers);
    // UNAUTHORIZED = the password was checked; AUTH = not its turn yet (or come back with a code).
    // Far fewer than 100 passwords were checked: the login is slowed, not locked.
    expect(answers.UNAUTHORIZED).toBeLessThanOrEqual(35);
    expect(answers.AUTH).toBeGreaterThanOrEqual(65);

    const home = await browser('198.51.100.7');
    const first = await signIn(home, 'dealer', DEMO.dealer.password);
    // Either its turn came (200), or the page is asked for a code (AUTH), with the wait it may choose instead.
    if (first.status !== 200) {
      expect(first.status).toBe(401);
      expect(first.body.error).toBe('AUTH');
      expect(first.body.error_description).toMatch(/кодом из письма/);
      expect(first.body.retryAfter).toBeGreaterThan(0);
      expect(first.body.retryAfter).toBeLessThanOrEqual(300);
      const before = (await t.outbox()).length;
      expect((await home.raw('user/GenerateAuthKey', { login: 'dealer' })).status).toBe(200);
      const mail = (await t.outbox()).slice(before).find((m) => m.to.includes(DEALER_EMAIL))!;
      const code = /\b(\d{6})\b/.exec(mail.text)![1]!;
      const withCode = await signIn(home, 'dealer', DEMO.dealer.password, { authKey: code });
      expect(withCode.status).toBe(200);
    }
  });

  it('lifts the slowing once the owner has used a recovery link from their mailbox', async () => {
    await attack('employee', 60);
    const home = await browser('198.51.100.8');
    expect((await signIn(home, 'employee', DEMO.employee.password)).body.error).toBe('AUTH');
    const before = (await t.outbox()).length;
    expect((await home.raw('user/restore-password', { login: 'employee' })).status).toBe(200);
    const link = /USER_CHECKWORD=([^&\s]+)/.exec((await t.outbox()).slice(before)[0]!.text)!;
    const changed = await home.raw('user/change-password-under-restore', {
      login: 'employee',
      checkword: decodeURIComponent(link[1]!),
      password: 'Renewed#2026',
      confirmPassword: 'Renewed#2026',
    });
    expect(changed.status).toBe(200);
    expect((await signIn(home, 'employee', 'Renewed#2026')).status).toBe(200);
  });

  it('does not let a made-up code skip the turn: the code is checked after the password', async () => {
    await attack('dealer2', 60);
    const guesses = await Promise.all(
      Array.from({ length: 20 }, async (_, i) =>
        signIn(await browser(`192.0.2.${100 + i}`), 'dealer2', DEMO.dealer2.password, { authKey: '123456' }),
      ),
    );
    // The right password with a wrong code is not a sign-in.
    expect(guesses.every((g) => g.status === 401)).toBe(true);
  });
});

describe('one-time codes cannot be voided by a stranger', () => {
  it('mails the same code again while it is valid, so the one the owner is typing still works', async () => {
    const owner = await browser('198.51.100.30');
    const before = (await t.outbox()).length;
    expect((await owner.raw('user/GenerateAuthKey', { login: 'secure' })).status).toBe(200);
    // A minute later a stranger asks for a code for the same login.
    await db()
      .updateTable('auth_codes')
      .set({ sent_at: new Date(Date.now() - 61_000) })
      .execute();
    expect((await (await browser('203.0.113.99')).raw('user/GenerateAuthKey', { login: 'secure' })).status).toBe(200);
    const codes = (await t.outbox())
      .slice(before)
      .map((m) => /\b(\d{6})\b/.exec(m.text)?.[1])
      .filter(Boolean);
    expect(codes).toHaveLength(2);
    expect(codes[1]).toBe(codes[0]);
    expect((await signIn(owner, 'secure', DEMO.secure.password, { authKey: codes[0]! })).status).toBe(200);
  });
});

describe('mails one address or one login can cause', () => {
  it('sends five recovery links an hour per account, then says the links are already in the mailbox', async () => {
    const c = t.client();
    const before = (await t.outbox()).length;
    for (let i = 0; i < 5; i++) expect((await c.call('user/restore-password', { login: 'dealer' })).status).toBe(200);
    // Its e-mail address is the same account: it shares the five.
    const sixth = await c.call('user/restore-password', { login: DEALER_EMAIL });
    expect(sixth.status).toBe(429);
    expect(sixth.body).toMatchObject({
      error: 'RATE_LIMITED',
      error_description:
        'Ссылки для восстановления уже отправлены на e-mail учётной записи: воспользуйтесь последней из них',
    });
    expect(sixth.body.retryAfter).toBeGreaterThan(0);
    expect(Number(sixth.headers['retry-after'])).toBe(sixth.body.retryAfter);
    const mails = (await t.outbox()).slice(before).filter((m) => m.to.includes(DEALER_EMAIL));
    expect(mails).toHaveLength(5);
    // Another login is not affected by this one's limit.
    expect((await c.call('user/restore-password', { login: 'employee' })).status).toBe(200);
  });

  it('limits one-time codes requested from one address across accounts', async () => {
    const c = t.client();
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push((await c.call('user/GenerateAuthKey', { login: `nobody${i}` })).status);
    expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});

describe('recovery mails and registrations sent at the same moment', () => {
  it('30 simultaneous recovery requests for one login send 5 mails', async () => {
    const browsers = await Promise.all(Array.from({ length: 30 }, () => browser('198.51.100.40')));
    const before = (await t.outbox()).length;
    const answers = await Promise.all(browsers.map((c) => c.raw('user/restore-password', { login: 'dealer' })));
    const mails = (await t.outbox()).slice(before).filter((m) => m.to.includes(DEALER_EMAIL));
    console.log('30 simultaneous recovery requests →', tally(answers.map((a) => a.status)), mails.length, 'mails');
    expect(mails).toHaveLength(5);
    expect(tally(answers.map((a) => a.status))).toEqual({ 200: 5, 429: 25 });
  });

  it('30 simultaneous registrations from one address let 10 through', async () => {
    const browsers = await Promise.all(Array.from({ length: 30 }, () => browser('198.51.100.41')));
    const answers = await Promise.all(
      browsers.map((c, i) =>
        c.raw('user/register', {
          login: `burst${i}`,
          email: `burst${i}@example.ru`,
          password: 'Burst#2026',
          confirmPassword: 'Burst#2026',
          firstName: 'Иван',
          lastName: 'Петров',
          phone: '+7 (383) 200-00-00',
          company: 'ООО «Ромашка»',
          inn: '5406000018',
        }),
      ),
    );
    const counts = tally(answers.map((a) => a.status));
    console.log('30 simultaneous registrations →', counts);
    expect(counts).toEqual({ 200: 10, 429: 20 });
    const created = await db().selectFrom('users').select('login').where('login', 'like', 'burst%').execute();
    expect(created).toHaveLength(10);
  });
});

describe('the address every per-address limit counts (TRUST_PROXY)', () => {
  it('ignores X-Forwarded-For by default, even from this host: rotating it changes nothing', async () => {
    const answers = await Promise.all(
      Array.from({ length: 40 }, async (_, i) =>
        (await browser()).raw(
          'user/login',
          {},
          { headers: { authorization: basic(`rot${i}`, 'Wrong#2026'), 'x-forwarded-for': `198.18.0.${i}` } },
        ),
      ),
    );
    expect(tally(answers.map((a) => a.status))).toEqual({ 401: 30, 429: 10 });
  });
});

describe('behind a proxy listed in TRUST_PROXY', () => {
  let proxied: TestApp;
  beforeAll(async () => {
    proxied = await createTestApp({ trustProxy: ['10.0.0.0/8'] });
  });
  afterAll(() => proxied.close());

  async function from(remote: string, forwardedFor: string | undefined, login: string, password: string) {
    const c = proxied.client(remote);
    const headers = forwardedFor ? { 'x-forwarded-for': forwardedFor } : undefined;
    await c.raw('site/get-main-settings', {}, headers ? { headers } : {});
    return (await c.raw('user/login', {}, { headers: { authorization: basic(login, password), ...headers } })).status;
  }

  it('counts the client the proxy reports, and only the address the proxy itself appended', async () => {
    const statuses = await Promise.all(
      Array.from({ length: 40 }, (_, i) => from('10.0.0.2', `spoofed-${i}, 203.0.113.9`, `proxied${i}`, 'Wrong#2026')),
    );
    expect(tally(statuses)).toEqual({ 401: 30, 429: 10 });
    // Another client behind the same proxy is not affected.
    expect(await from('10.0.0.2', '203.0.113.10', 'admin', DEMO.admin.password)).toBe(200);
    // A client outside the listed range is not believed: its own address counts.
    expect(await from('198.51.100.77', '203.0.113.9', 'admin', DEMO.admin.password)).toBe(200);
  });
});

describe('keys built from typed text (decision 188)', () => {
  it('a login with a lone surrogate counts under one key and throws nothing', async () => {
    // encodeURIComponent throws URIError on '\ud800'; the key counts it as U+FFFD instead.
    expect(loginKeyPart('A\ud800b')).toBe('a%EF%BF%BDb');
    expect(loginKeyPart('Dealer:1')).toBe('dealer%3A1');
    const attempt = { scope: 'signin', login: 'a\ud800b', ip: '203.0.113.9', withCode: false } as const;
    await expect(beginSignIn(db(), attempt)).resolves.toMatchObject({ allowed: true });
    await expect(forgetSignInAttempts(db(), 'signin', 'a\udc00b')).resolves.toBeUndefined();
  });
});

describe('counting and taking back at the same moment', () => {
  it('sign-ins counted and refunded side by side never wait on each other in a circle', async () => {
    // Counting locks a sign-in's keys in sorted order; refunding must too, or a refund holding one key and a
    // count holding the other wait on each other until PostgreSQL kills one: a 500 in a sign-in.
    const keys = ['signin:ip:203.0.113.77', 'signin:login-ip:dealer:203.0.113.77'];
    const rules = keys.map((key) => ({ key, limit: 100_000, windowMs: 15 * 60 * 1000 }));
    const failures: string[] = [];
    // Twenty callers at once, many right passwords each (counted, then taken back). PGlite runs one statement
    // at a time and cannot deadlock, so there a few rounds check the tally only.
    const rounds = process.env.TEST_DATABASE_URL ? 150 : 10;
    await Promise.all(
      Array.from({ length: 20 }, async () => {
        for (let i = 0; i < rounds; i++) {
          try {
            await (await countAttempt(db(), rules)).refund();
          } catch (e) {
            failures.push(String(e));
          }
        }
      }),
    );
    expect(failures).toEqual([]);
    const rows = await db().selectFrom('rate_counters').select(['key', 'hits']).orderBy('key').execute();
    expect(rows).toEqual(keys.map((key) => ({ key, hits: 0 })));
  });
});
