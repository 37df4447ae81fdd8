import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LISTENER_NAME, type DatabaseHandle } from '../db/database.js';
import { createTestApp, type TestApp } from '../testing/index.js';
import { createSessionStore, type SessionStore } from './session-store.js';

/**
 * The sessions an instance keeps (decision 251): a known session costs no statement, and whatever changes it in
 * the database — a sign-out, a blocked account, an expiry moved earlier, written by any code or by hand — is
 * seen by the next read. On PGlite and on PostgreSQL (CI runs the suite on both).
 */
let t: TestApp;
let database: DatabaseHandle;
let store: SessionStore;
let userId: number;
beforeAll(async () => {
  t = await createTestApp();
  database = t.app.portal.database;
  store = createSessionStore(database.db, database.changes);
  userId = (await database.db.selectFrom('users').select('id').where('login', '=', 'dealer').executeTakeFirstOrThrow())
    .id;
});
afterAll(() => t.close());

/** The statements `work` sent to the database. */
async function statementsOf(work: () => Promise<unknown>): Promise<number> {
  const before = database.probe.statements;
  await work();
  return database.probe.statements - before;
}

const until = async (ready: () => boolean, ms = 5000) => {
  const started = Date.now();
  while (!ready()) {
    if (Date.now() - started > ms) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

describe('the sessions an instance keeps', () => {
  it('reads a session once; the next calls cost no statement and answer the same session and user', async () => {
    const created = await store.create(userId, false);
    await store.findWithUser(created.token); // the first read starts the feed (PostgreSQL: its own connection)
    await until(() => database.changes.live);
    const first = await store.findWithUser(created.token);
    expect(first?.user?.login).toBe('dealer');
    let again: Awaited<ReturnType<SessionStore['findWithUser']>> = null;
    expect(await statementsOf(async () => (again = await store.findWithUser(created.token)))).toBe(0);
    expect(again).toEqual(first);
  });

  it('a store without the change feed reads every time', async () => {
    const plain = createSessionStore(database.db);
    const created = await plain.create(userId, false);
    await plain.findWithUser(created.token);
    expect(await statementsOf(() => plain.findWithUser(created.token))).toBe(1);
  });

  it('a user blocked or regrouped in the database, by any statement, is seen by the next read', async () => {
    const created = await store.create(userId, false);
    await store.findWithUser(created.token);
    await sql`UPDATE users SET active = false WHERE id = ${userId}`.execute(database.db);
    try {
      expect((await store.findWithUser(created.token))?.user?.active).toBe(false);
    } finally {
      await sql`UPDATE users SET active = true WHERE id = ${userId}`.execute(database.db);
    }
    expect((await store.findWithUser(created.token))?.user?.active).toBe(true);
    await database.db
      .updateTable('users')
      .set({ groups: ['EMPLOYEES'] })
      .where('id', '=', userId)
      .execute();
    try {
      expect((await store.findWithUser(created.token))?.user?.groups).toEqual(['EMPLOYEES']);
    } finally {
      await database.db
        .updateTable('users')
        .set({ groups: ['DEALERS'] })
        .where('id', '=', userId)
        .execute();
    }
  });

  it('a session deleted, or its expiry moved earlier, is gone at the next read', async () => {
    const deleted = await store.create(userId, false);
    await store.findWithUser(deleted.token);
    await store.destroyAllOf(userId);
    expect(await store.findWithUser(deleted.token)).toBeNull();

    const expired = await store.create(userId, false);
    await store.findWithUser(expired.token);
    await sql`UPDATE sessions SET expires_at = now() - interval '1 second' WHERE sessid = ${expired.sessid}`.execute(
      database.db,
    );
    expect(await store.findWithUser(expired.token)).toBeNull();
  });

  it('a kept user row cannot be changed by the code that reads it', async () => {
    const created = await store.create(userId, false);
    await store.findWithUser(created.token);
    const kept = await store.findWithUser(created.token);
    expect(() => {
      (kept!.user as { login: string }).login = 'someone-else';
    }).toThrow(TypeError);
  });

  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    'on PostgreSQL, while the listening connection is lost, every call reads; once it listens again, kept again',
    async () => {
      const created = await store.create(userId, false);
      await store.findWithUser(created.token);
      expect(await statementsOf(() => store.findWithUser(created.token))).toBe(0);
      const killed = await sql<{ ok: boolean }>`
        SELECT pg_terminate_backend(pid) AS ok FROM pg_stat_activity
        WHERE application_name = ${LISTENER_NAME} AND datname = current_database()`.execute(database.db);
      expect(killed.rows).toHaveLength(1);
      await until(() => !database.changes.live);
      expect(await statementsOf(() => store.findWithUser(created.token))).toBe(1);
      expect(await statementsOf(() => store.findWithUser(created.token))).toBe(1);
      await until(() => database.changes.live);
      await store.findWithUser(created.token);
      expect(await statementsOf(() => store.findWithUser(created.token))).toBe(0);
    },
  );
});
