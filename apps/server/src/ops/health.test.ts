import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/index.js';

/**
 * On the engine of the run (PGlite, or PostgreSQL with TEST_DATABASE_URL): /health and /ready answer
 * JSON, outside sessions and rate limits, and /ready names the part that fails — a pending migration, a file
 * store that takes no write. (A stopped PostgreSQL: ready-postgres.test.ts.)
 */
describe('GET /health and GET /ready', () => {
  let t: TestApp;
  beforeAll(async () => {
    // A tight general limit (decision 051): 20 /rest/ calls a minute per address.
    t = await createTestApp({ restLimit: { perSession: 20, perAddress: 20 } });
  });
  afterAll(() => t.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it('/health answers JSON, never the web page, without a session cookie', async () => {
    const r = await get('/health');
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toMatch(/^application\/json/);
    expect(r.json()).toMatchObject({ status: 'alive' });
    expect(r.headers['set-cookie']).toBeUndefined();
    expect(r.headers['cache-control']).toBe('no-store');
  });

  it('/ready is 200 with every check ok', async () => {
    const r = await get('/ready');
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({ status: 'ready', checks: { database: 'ok', migrations: 'ok', storage: 'ok' } });
    expect(r.headers['set-cookie']).toBeUndefined();
  });

  it('a load balancer polling hard is never rate-limited nor given a session', async () => {
    const answers = await Promise.all(Array.from({ length: 300 }, (_, i) => get(i % 2 ? '/ready' : '/health')));
    expect(new Set(answers.map((a) => a.statusCode))).toEqual(new Set([200]));
    expect(answers.some((a) => a.headers['set-cookie'])).toBe(false);
    // The same address is limited on /rest/ meanwhile: the limit is there, the probes are outside it.
    const calls = await Promise.all(
      Array.from({ length: 30 }, () => t.app.inject({ method: 'POST', url: '/rest/site/get-main-settings' })),
    );
    expect(calls.some((c) => c.statusCode === 429)).toBe(true);
    expect((await get('/ready')).statusCode).toBe(200);
  });

  it('a migration this version expects but the database lacks makes it 503 "migrations"', async () => {
    const db = t.app.portal.database.db;
    const row = await sql<{ name: string; timestamp: string }>`
      SELECT name, timestamp FROM kysely_migration WHERE name = '0080-jobs'`.execute(db);
    await sql`DELETE FROM kysely_migration WHERE name = '0080-jobs'`.execute(db);
    try {
      const r = await get('/ready');
      expect(r.statusCode).toBe(503);
      expect(r.json()).toMatchObject({
        status: 'unavailable',
        failing: ['migrations'],
        checks: { database: 'ok', migrations: 'pending: 0080-jobs', storage: 'ok' },
      });
    } finally {
      const { name, timestamp } = row.rows[0]!;
      await sql`INSERT INTO kysely_migration (name, timestamp) VALUES (${name}, ${timestamp})`.execute(db);
    }
    expect((await get('/ready')).statusCode).toBe(200);
  });
});

describe('GET /ready with a file store that takes no write', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('is 503 naming the storage, and 200 again once the store is writable', async () => {
    const files = path.join(t.config.dataDir, 'files');
    // The store's folder becomes a plain file: every write fails (even as root, unlike a chmod).
    await rm(files, { recursive: true, force: true });
    await writeFile(files, 'not a folder');
    const down = await t.app.inject({ method: 'GET', url: '/ready' });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toMatchObject({ failing: ['storage'], checks: { database: 'ok', storage: 'not writable' } });
    // /health is about the process only.
    expect((await t.app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);

    await rm(files, { force: true });
    await mkdir(files);
    expect((await t.app.inject({ method: 'GET', url: '/ready' })).statusCode).toBe(200);
  });
});

describe('with the web app served', () => {
  let t: TestApp;
  let webDist = '';
  beforeAll(async () => {
    webDist = await mkdtemp(path.join(tmpdir(), 'portal-web-'));
    await writeFile(path.join(webDist, 'index.html'), '<!doctype html><html><!--portal-config--></html>');
    t = await createTestApp({ webDist });
  });
  afterAll(async () => {
    await t.close();
    await rm(webDist, { recursive: true, force: true });
  });

  it("/health, /ready and /metrics are never the page, never the web app's fallback", async () => {
    for (const url of ['/health', '/ready', '/metrics']) {
      const r = await t.app.inject({ method: 'GET', url });
      expect(r.statusCode, url).toBe(200);
      expect(r.headers['content-type'], url).not.toMatch(/text\/html/);
      expect(r.body, url).not.toContain('<!doctype html>');
    }
    // Any other path is still the app.
    expect((await t.app.inject({ method: 'GET', url: '/catalog/' })).headers['content-type']).toMatch(/text\/html/);
  });
});
