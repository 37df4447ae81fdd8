import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../testing/index.js';
import type { Db } from './database.js';
import { STARTUP_LOCK, withStartupLock } from './migrate.js';

/**
 * The start-up lock of several instances (decisions 080, 085) on PostgreSQL: an instance that waits longer than
 * the pool's statement timeout for another one's migrations must keep waiting, not fail its boot. The pool here
 * has a 300 ms timeout standing in for the server's 15 s.
 */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe.runIf(onPostgres)('withStartupLock on PostgreSQL', () => {
  let databaseUrl = '';
  let drop = async () => {};
  let db: Db;

  beforeAll(async () => {
    ({ databaseUrl, drop } = await createTestDatabase());
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 4, options: '-c statement_timeout=300' });
    // Dropping the database at the end terminates a connection pg-pool may still be closing; the server's pool
    // handles this the same way (db/database.ts).
    pool.on('error', () => {});
    db = new Kysely({ dialect: new PostgresDialect({ pool }) });
  });
  afterAll(async () => {
    await db?.destroy();
    await drop();
  });

  /** Another instance holding the lock for `ms`; resolves once it holds it, with the moment it lets go. */
  async function holdLock(ms: number): Promise<{ released: Promise<number> }> {
    const other = new pg.Client({ connectionString: databaseUrl });
    await other.connect();
    await other.query('SELECT pg_advisory_lock($1)', [STARTUP_LOCK]);
    const released = (async () => {
      await new Promise((r) => setTimeout(r, ms));
      const at = Date.now();
      await other.query('SELECT pg_advisory_unlock($1)', [STARTUP_LOCK]);
      await other.end();
      return at;
    })();
    return { released };
  }

  it('waits past the statement timeout while another instance holds the lock, then does the work', async () => {
    const { released } = await holdLock(2000);
    // The blocking form would be cancelled by the statement timeout:
    await expect(sql`SELECT pg_advisory_lock(${STARTUP_LOCK})`.execute(db)).rejects.toThrow(/statement timeout/);
    const started = Date.now();
    let ranAt = 0;
    const result = await withStartupLock(
      { db, kind: 'postgres' },
      async () => {
        ranAt = Date.now();
        return 'migrated';
      },
      { pollMs: 50 },
    );
    expect(result).toBe('migrated');
    // It waited longer than the statement timeout, and worked only once the other instance had let go.
    expect(ranAt - started).toBeGreaterThan(300);
    expect(ranAt).toBeGreaterThanOrEqual(await released);
  });

  it('runs the work of instances started at once one after the other', async () => {
    const running: string[] = [];
    let overlap = false;
    const work = (name: string) => async () => {
      if (running.length) overlap = true;
      running.push(name);
      await new Promise((r) => setTimeout(r, 200));
      running.pop();
      return name;
    };
    const results = await Promise.all(
      ['a', 'b', 'c'].map((n) => withStartupLock({ db, kind: 'postgres' }, work(n), { pollMs: 20 })),
    );
    expect(results.sort()).toEqual(['a', 'b', 'c']);
    expect(overlap).toBe(false);
  });

  it('gives up after its longest wait with a clear message', async () => {
    const { released } = await holdLock(600);
    await expect(
      withStartupLock({ db, kind: 'postgres' }, async () => 'never', { pollMs: 50, maxWaitMs: 200 }),
    ).rejects.toThrow(/another instance/);
    await released;
  });
});
