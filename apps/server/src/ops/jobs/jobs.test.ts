import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/database.js';
import { createTestApp, type TestApp } from '../../testing/index.js';
import { claimNext, enqueue } from './queue.js';
import { createWorker, type JobHandler } from './worker.js';

/** Decision 080 on the engine of the run (PGlite, or PostgreSQL with TEST_DATABASE_URL). */
describe('the job queue', () => {
  let t: TestApp;
  let db: Db;
  beforeAll(async () => {
    t = await createTestApp();
    db = t.app.portal.database.db;
  });
  afterAll(() => t.close());

  const silent = { info() {}, warn() {}, error() {}, debug() {}, child: () => silent } as never;
  const clear = () => sql`DELETE FROM jobs`.execute(db);
  const rows = (kind: string) => db.selectFrom('jobs').selectAll().where('kind', '=', kind).orderBy('id').execute();

  it('two workers at once run each of 60 jobs exactly once', async () => {
    await clear();
    for (let i = 0; i < 60; i++) await enqueue(db, 'count', { i });
    const seen: number[] = [];
    const handler: JobHandler = async (payload) => {
      await new Promise((r) => setTimeout(r, 2));
      seen.push((payload as { i: number }).i);
    };
    const a = createWorker({ db, log: silent, handlers: { count: handler }, concurrency: 4, pollMs: 20 });
    const b = createWorker({ db, log: silent, handlers: { count: handler }, concurrency: 4, pollMs: 20 });
    a.start();
    b.start();
    await Promise.all([a.drain(), b.drain()]);
    await Promise.all([a.stop(), b.stop()]);
    expect(seen.sort((x, y) => x - y)).toEqual(Array.from({ length: 60 }, (_, i) => i));
    expect((await rows('count')).every((r) => r.status === 'done' && r.attempts === 1)).toBe(true);
  });

  it('a job enqueued in a transaction that rolls back never exists', async () => {
    await clear();
    await db
      .transaction()
      .execute(async (trx) => {
        await enqueue(trx, 'ghost', {});
        throw new Error('the cause failed');
      })
      .catch(() => {});
    await db.transaction().execute((trx) => enqueue(trx, 'kept', {}));
    expect(await rows('ghost')).toHaveLength(0);
    expect(await rows('kept')).toHaveLength(1);
  });

  it('a failing job is retried with growing delays and given up as failed after its attempts', async () => {
    await clear();
    await enqueue(db, 'flaky', {}, { maxAttempts: 3 });
    const times: number[] = [];
    const w = createWorker({
      db,
      log: silent,
      handlers: {
        flaky: async () => {
          times.push(Date.now());
          throw new Error('SMTP said no');
        },
      },
      retryBaseMs: 150,
      pollMs: 20,
    });
    w.start();
    for (let i = 0; i < 100 && (await rows('flaky'))[0]!.status !== 'failed'; i++) {
      await new Promise((r) => setTimeout(r, 50));
    }
    await w.stop();
    const [job] = await rows('flaky');
    expect(job).toMatchObject({ status: 'failed', attempts: 3, last_error: 'SMTP said no' });
    expect(times).toHaveLength(3);
    // 150 ms, then 300 ms.
    expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(140);
    expect(times[2]! - times[1]!).toBeGreaterThanOrEqual(290);
  });

  it("a dead worker's job is taken over when its lease runs out, not before", async () => {
    await clear();
    await enqueue(db, 'orphan', {});
    // A worker claims it with a 300 ms lease and dies (never renews, never finishes).
    expect(await claimNext(db, 'dead-worker', 300)).toMatchObject({ kind: 'orphan', attempts: 1 });
    expect(await claimNext(db, 'other', 60000)).toBeNull();
    await new Promise((r) => setTimeout(r, 400));
    const retaken = await claimNext(db, 'other', 60000);
    expect(retaken).toMatchObject({ kind: 'orphan', attempts: 2 });
  });

  it('a running job keeps its lease while it works; stop() waits for it to finish', async () => {
    await clear();
    await enqueue(db, 'slow', {});
    let finished = false;
    const w = createWorker({
      db,
      log: silent,
      handlers: {
        slow: async () => {
          await new Promise((r) => setTimeout(r, 700));
          finished = true;
        },
      },
      leaseMs: 300,
      pollMs: 20,
    });
    w.start();
    while (w.running() === 0) await new Promise((r) => setTimeout(r, 10));
    await new Promise((r) => setTimeout(r, 400));
    // Past the first lease: renewed, so nobody else may take it.
    expect(await claimNext(db, 'thief', 60000)).toBeNull();
    await w.stop();
    expect(finished).toBe(true);
    expect((await rows('slow'))[0]).toMatchObject({ status: 'done', attempts: 1 });
  });

  it('periodic tasks: workers of a whole fleet insert one row per task and slot', async () => {
    await clear();
    const workers = Array.from({ length: 3 }, () =>
      createWorker({
        db,
        log: silent,
        handlers: { tick: async () => {} },
        periodic: [{ name: 'tick', kind: 'tick', everyMs: 60 * 60 * 1000 }],
        pollMs: 20,
      }),
    );
    workers.forEach((w) => w.start());
    await new Promise((r) => setTimeout(r, 300));
    await Promise.all(workers.map((w) => w.stop()));
    const ticks = await rows('tick');
    expect(ticks).toHaveLength(1);
    // The next slot, not now: starting a server runs no maintenance at once.
    expect(ticks[0]!.status).toBe('queued');
    expect(ticks[0]!.run_at.getTime()).toBeGreaterThan(Date.now());
    expect(ticks[0]!.key).toMatch(/^periodic:tick:\d+$/);
  });
});
