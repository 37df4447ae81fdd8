import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_EXCHANGE } from '../config.js';
import { basic, createTestApp, DEMO, type TestApp } from '../testing/index.js';

/**
 * JSON log lines with a request id (taken from X-Request-Id or made, and sent back), the method,
 * the user id and the duration; and never a password, a cookie, a sessid or an exchange credential, at the
 * most verbose level, whatever the calls carry.
 */
describe('request logs', () => {
  let t: TestApp;
  const lines: string[] = [];
  beforeAll(async () => {
    t = await createTestApp({
      logLevel: 'trace',
      logDestination: { write: (line: string) => void lines.push(line) },
      exchange: {
        login: DEMO_EXCHANGE.login,
        password: DEMO_EXCHANGE.password,
        fileLimitBytes: 1024 * 1024,
        maxFileBytes: 1024 * 1024,
        stepMs: 1000,
      },
    });
  });
  afterAll(() => t.close());

  const parsed = () => lines.map((l) => JSON.parse(l) as Record<string, unknown>);

  it('one JSON line per request with its id, method, user id, status and duration; the id is answered', async () => {
    const dealer = await t.as('dealer');
    const profile = await dealer.ok('profile', {});
    const r = await dealer.call('basket/list', {}, { headers: { 'x-request-id': 'lb-7f3a-0001' } });
    expect(r.status).toBe(200);
    expect(r.headers['x-request-id']).toBe('lb-7f3a-0001');

    const line = parsed().find((l) => l.reqId === 'lb-7f3a-0001' && l.msg === 'request');
    expect(line).toMatchObject({
      level: 30,
      method: 'basket/list',
      http: 'POST /rest/basket/list',
      status: 200,
      userId: profile.id,
    });
    expect(typeof line!.durationMs).toBe('number');
    expect(typeof line!.time).toBe('number');

    // Without a header (or with one that could forge a line) a fresh id is made, unique per request.
    const a = await t.client().raw('site/get-main-settings');
    const b = await t.client().raw('site/get-main-settings', undefined, {
      headers: { 'x-request-id': 'bad id\n{"level":60}' },
    });
    const idA = String(a.headers['x-request-id']);
    const idB = String(b.headers['x-request-id']);
    expect(idA).toMatch(/^[0-9a-f-]{36}$/);
    expect(idB).toMatch(/^[0-9a-f-]{36}$/);
    expect(idA).not.toBe(idB);
    expect(parsed().find((l) => l.reqId === idA && l.msg === 'request')).toMatchObject({ userId: null });
  });

  it('never writes a password, cookie, sessid or exchange credential', async () => {
    lines.length = 0;
    const secrets: string[] = [];

    // Sign-in with the password in Basic auth, a wrong one too, and a password change in the body.
    const dealer = t.client();
    await dealer.signIn({ login: DEMO.dealer.login, password: 'Wrong#Password-4411' });
    secrets.push('Wrong#Password-4411', basic(DEMO.dealer.login, 'Wrong#Password-4411').slice(6));
    expect((await dealer.signIn('dealer')).status).toBe(200);
    secrets.push(DEMO.dealer.password, basic(DEMO.dealer.login, DEMO.dealer.password).slice(6));
    secrets.push(dealer.sessid, dealer.cookie.split('=')[1]!);
    await dealer.call('user/register', {
      login: 'logcheck',
      password: 'Register#Secret-9090',
      confirmPassword: 'Register#Secret-9090',
    } as never);
    secrets.push('Register#Secret-9090');
    // A malformed body with a password in it (a 400 that logs nothing of the body).
    await dealer.raw('profile', undefined, { payload: '{"password":"Broken#Json-7777"' });
    secrets.push('Broken#Json-7777');
    // A stale sessid in the URL and a forged cookie.
    await dealer.raw(
      'profile',
      {},
      { sessid: 'stale-sessid-5566', headers: { cookie: 'portal_sid=forged-cookie-3344' } },
    );
    secrets.push('stale-sessid-5566', 'forged-cookie-3344');

    // The 1C exchange: credentials in Basic auth, its session cookie and sessid.
    const auth = await t.app.inject({
      method: 'GET',
      url: '/exchange/1c?type=catalog&mode=checkauth',
      headers: { authorization: basic(DEMO_EXCHANGE.login, DEMO_EXCHANGE.password) },
    });
    expect(auth.statusCode).toBe(200);
    const [, cookieName, cookieValue] = auth.body.split('\n');
    secrets.push(DEMO_EXCHANGE.password, basic(DEMO_EXCHANGE.login, DEMO_EXCHANGE.password).slice(6), cookieValue!);
    await t.app.inject({
      method: 'GET',
      url: `/exchange/1c?type=catalog&mode=init&sessid=${cookieValue}`,
      headers: { cookie: `${cookieName}=${cookieValue}` },
    });
    await t.app.inject({
      method: 'GET',
      url: '/exchange/1c?type=catalog&mode=checkauth',
      headers: { authorization: basic(DEMO_EXCHANGE.login, 'Exchange#Wrong-1212') },
    });
    secrets.push('Exchange#Wrong-1212', basic(DEMO_EXCHANGE.login, 'Exchange#Wrong-1212').slice(6));

    const text = lines.join('');
    expect(lines.length).toBeGreaterThan(8);
    for (const secret of secrets) {
      expect(secret.length).toBeGreaterThan(5);
      expect(text, `a log line carries ${secret}`).not.toContain(secret);
    }
    expect(text).not.toMatch(/sessid=/);
  });
});
