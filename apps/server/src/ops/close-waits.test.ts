import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../testing/index.js';

/**
 * Shutdown (docs/deploy.md, docs/migrations.md): Fastify's close waits for open connections only, and a client that hung up leaves its
 * handler running. The database must stay open until every handler is done (the scale helper's bench saw
 * "driver has already been destroyed" after SIGTERM). An injected request has no connection at all, like a
 * hung-up client; a table lock held by the test keeps its handler waiting on the database. PostgreSQL only.
 */
describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('closing while a handler still runs', () => {
  it('waits for the handler to finish before the database closes', async () => {
    const t = await createTestApp();
    const admin = new pg.Client({ connectionString: t.config.databaseUrl });
    try {
      const browser = t.client();
      expect((await browser.call('site/get-main-settings')).status).toBe(200);
      await admin.connect();
      await admin.query('BEGIN');
      await admin.query('LOCK TABLE sessions IN ACCESS EXCLUSIVE MODE');

      const call = browser.raw('site/get-main-settings');
      await new Promise((r) => setTimeout(r, 300));
      let closed = false;
      const closing = t.app.close().then(() => (closed = true));
      await new Promise((r) => setTimeout(r, 700));
      expect(closed).toBe(false);
      await admin.query('COMMIT');

      const answer = await call;
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      await closing;
      expect(closed).toBe(true);
    } finally {
      await admin.end().catch(() => {});
      await t.close().catch(() => {});
    }
  });
});
