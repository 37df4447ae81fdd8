import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { REST_LIMIT_DEFAULTS } from '../../config.js';
import { createTestApp, TestClient, type TestApp } from '../../testing/index.js';
import { SESSION_COOKIE } from '../../sessions/session-store.js';

/**
 * Decision 051: one session sent 15,105 `/rest/` calls in a minute unchallenged. Now
 * @fastify/rate-limit counts every call in `rate_counters`, per session and per address, before the body is
 * read. Every burst here is sent at once (Promise.all).
 */

/**
 * Counters are kept per minute of the clock, the previous minute read as a sliding share: a burst that
 * crossed a minute's end would be counted a few calls short. Bursts start early in a minute.
 */
async function freshMinute(needMs: number): Promise<void> {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < needMs) await new Promise((r) => setTimeout(r, left + 50));
}

const tally = (values: Array<number | string | undefined>) =>
  values.reduce<Record<string, number>>((acc, v) => ({ ...acc, [String(v)]: (acc[String(v)] ?? 0) + 1 }), {});

describe('the default limit: 600 calls a minute per session, 3,000 per address', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ restLimit: REST_LIMIT_DEFAULTS });
  });
  afterAll(() => t.close());

  it('answers 600 of 700 simultaneous calls of one session and refuses the rest with 429 and Retry-After', async () => {
    const dealer = await t.as('dealer');
    await freshMinute(40_000);
    await t.app.portal.database.db.deleteFrom('rate_counters').execute();
    const started = Date.now();
    const answers = await Promise.all(Array.from({ length: 700 }, () => dealer.raw('site/get-main-settings', {})));
    const counts = tally(answers.map((a) => a.status));
    console.log(`700 simultaneous calls of one session → ${JSON.stringify(counts)} in ${Date.now() - started} ms`);
    expect(counts).toEqual({ 200: 600, 429: 100 });

    const refused = answers.find((a) => a.status === 429)!;
    expect(refused.body.error).toBe('RATE_LIMITED');
    expect(refused.body.error_description).toMatch(/^Слишком много запросов\. Повторите через \d+ с$/);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(120);
    expect(refused.body.retryAfter).toBe(retryAfter);

    // The session stays refused; another dealer in the same office (same address) is not.
    expect((await dealer.raw('site/get-main-settings', {})).status).toBe(429);
    const colleague = await t.as('dealer2');
    expect((await colleague.raw('site/get-main-settings', {})).status).toBe(200);
  }, 120_000);
});

describe('a lowered limit: 20 per session, 50 per address', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ restLimit: { perSession: 20, perAddress: 50 } });
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await freshMinute(10_000);
    await t.app.portal.database.db.deleteFrom('rate_counters').execute();
  });

  it('counts calls without a session, or with made-up cookies, against their address', async () => {
    const send = (address: string, cookie?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/rest/site/get-main-settings',
        remoteAddress: address,
        headers: { 'content-type': 'application/json', ...(cookie ? { cookie: `${SESSION_COOKIE}=${cookie}` } : {}) },
        payload: '{}',
      });
    const bare = await Promise.all(Array.from({ length: 40 }, () => send('203.0.113.7')));
    const rotating = await Promise.all(Array.from({ length: 40 }, (_, i) => send('203.0.113.7', `made-up-${i}`)));
    const counts = tally([...bare, ...rotating].map((r) => (r.statusCode === 429 ? 429 : 'answered')));
    console.log('80 calls from one address, no session or made-up cookies →', counts);
    expect(counts).toEqual({ answered: 50, 429: 30 });
    // Another address is not affected.
    expect((await send('198.51.100.1')).statusCode).not.toBe(429);
  });

  it('holds for a session calling from two addresses at once', async () => {
    const a = t.client('192.0.2.1');
    await a.ok('site/get-main-settings', {});
    const b = t.client('192.0.2.2');
    b.cookie = a.cookie;
    b.sessid = a.sessid;
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => (i % 2 ? a : b).raw('site/get-main-settings', {})),
    );
    // 20 in the window: the call that opened the session and 19 of the burst.
    expect(tally(answers.map((r) => r.status))).toEqual({ 200: 19, 429: 11 });
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('two instances on one PostgreSQL database', () => {
  let t: TestApp;
  let second: FastifyInstance;
  beforeAll(async () => {
    t = await createTestApp({ restLimit: { perSession: 50, perAddress: 1000 } });
    second = await buildApp(t.config);
    await second.ready();
  });
  afterAll(async () => {
    await second.close();
    await t.close();
  });

  it('share one count: 50 calls of a session pass in all, whichever instance answers', async () => {
    const one = await t.as('dealer');
    const other = new TestClient(second);
    other.cookie = one.cookie;
    other.sessid = one.sessid;
    await freshMinute(15_000);
    await t.app.portal.database.db.deleteFrom('rate_counters').execute();
    const answers = await Promise.all(
      Array.from({ length: 120 }, (_, i) => (i % 2 ? one : other).raw('site/get-main-settings', {})),
    );
    const counts = tally(answers.map((r) => r.status));
    console.log('120 calls of one session across two instances →', counts);
    expect(counts).toEqual({ 200: 50, 429: 70 });
  });
});

describe('leases (decision 220): a busy session costs far less than a statement per call', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ restLimit: REST_LIMIT_DEFAULTS });
  });
  afterAll(() => t.close());

  it('answers 300 calls of one session in turn with a statement per lease, not per call, and counts every one', async () => {
    const dealer = await t.as('dealer');
    await freshMinute(40_000);
    await t.app.portal.database.db.deleteFrom('rate_counters').execute();
    const probe = t.app.portal.database.probe;
    const before = probe.statements;
    for (let i = 0; i < 300; i++) expect((await dealer.raw('site/get-main-settings', {})).status).toBe(200);
    const perCall = (probe.statements - before) / 300;
    console.log(`300 calls in turn: ${perCall.toFixed(2)} statements per call`);
    // The session and its user (one statement) and the settings (one): the limit's leases add a few in all.
    expect(perCall).toBeLessThan(2.2);
    const counters = await t.app.portal.database.db
      .selectFrom('rate_counters')
      .select(['key', 'hits'])
      .where('key', 'like', 'rest:sess:%')
      .execute();
    // Counted ahead, never behind: every call answered is in the shared count (a lease at most 30 ahead).
    expect(counters).toHaveLength(1);
    expect(counters[0]!.hits).toBeGreaterThanOrEqual(300);
    expect(counters[0]!.hits).toBeLessThanOrEqual(330);
  }, 120_000);
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('leases on two instances', () => {
  let t: TestApp;
  let second: FastifyInstance;
  beforeAll(async () => {
    t = await createTestApp({ restLimit: { perSession: 100, perAddress: 1000 } });
    second = await buildApp(t.config);
    await second.ready();
  });
  afterAll(async () => {
    await second.close();
    await t.close();
  });

  it('hold the limit for calls in turn from both: never more than 100, a lease at most short', async () => {
    const one = await t.as('dealer');
    const other = new TestClient(second);
    other.cookie = one.cookie;
    other.sessid = one.sessid;
    await freshMinute(30_000);
    await t.app.portal.database.db.deleteFrom('rate_counters').execute();
    const statuses: number[] = [];
    // Pairs at once, one pair after another: both instances hold leases while the other counts.
    for (let i = 0; i < 75; i++) {
      const pair = await Promise.all([one.raw('site/get-main-settings', {}), other.raw('site/get-main-settings', {})]);
      statuses.push(...pair.map((r) => r.status));
    }
    const counts = tally(statuses);
    console.log('150 calls of one session in pairs across two instances →', counts);
    // The limit of 100 (the lease size for it is 5): unused leases may hold back at most one lease each.
    expect(counts[200]).toBeLessThanOrEqual(100);
    expect(counts[200]).toBeGreaterThanOrEqual(92);
    expect(counts[200]! + counts[429]!).toBe(150);
  }, 120_000);
});
