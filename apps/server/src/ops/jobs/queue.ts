import { sql, type ColumnType, type Generated, type Kysely, type Transaction } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database, Json } from '../../db/schema.js';

export type JobStatus = 'queued' | 'running' | 'done' | 'failed';

export interface JobsTable {
  id: Generated<number>;
  kind: string;
  payload: Json<unknown>;
  key: string | null;
  status: ColumnType<JobStatus, JobStatus | undefined, JobStatus>;
  run_at: ColumnType<Date, Date | string | undefined, Date | string>;
  attempts: ColumnType<number, number | undefined, number>;
  max_attempts: ColumnType<number, number | undefined, number>;
  locked_by: string | null;
  locked_until: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  last_error: string | null;
  created_at: ColumnType<Date, Date | string | undefined, never>;
  finished_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** What the handler returned, for whoever waits on the job (decision 135). */
  result: ColumnType<unknown, string | null | undefined, string | null>;
}

declare module '../../db/schema.js' {
  interface Database {
    jobs: JobsTable;
  }
}

/** The database or an open transaction: a job enqueued on a transaction exists only if it commits. */
export type DbOrTrx = Db | Transaction<Database> | Kysely<Database>;

export interface EnqueueOptions {
  /** Not before this moment (default now). */
  runAt?: Date;
  /** Idempotency key: a second enqueue with the same key is ignored while the first row exists. */
  key?: string;
  /** Attempts before the job is given up as `failed` (default 10). */
  maxAttempts?: number;
}

export interface Job {
  id: number;
  kind: string;
  payload: unknown;
  attempts: number;
  maxAttempts: number;
}

/** Listeners told that a job was enqueued in this process (the in-process worker wakes up at once). */
const wakers = new Set<() => void>();
export function onEnqueue(wake: () => void): () => void {
  wakers.add(wake);
  return () => wakers.delete(wake);
}

/**
 * Adds a job. Pass the transaction of the write that causes it: the job is stored, or not, with that write
 * (an e-mail about an order exists exactly when the order does). Returns the id, or null when `key` was
 * already taken.
 */
export async function enqueue(
  db: DbOrTrx,
  kind: string,
  payload: unknown,
  options: EnqueueOptions = {},
): Promise<number | null> {
  const row = await db
    .insertInto('jobs')
    .values({
      kind,
      payload: JSON.stringify(payload ?? {}),
      key: options.key ?? null,
      ...(options.runAt ? { run_at: options.runAt } : {}),
      ...(options.maxAttempts ? { max_attempts: options.maxAttempts } : {}),
    })
    .onConflict((oc) => oc.column('key').where('key', 'is not', null).doNothing())
    .returning('id')
    .executeTakeFirst();
  // A transaction's job is due once it commits; a wake-up before that finds nothing and costs one query.
  setImmediate(() => wakers.forEach((w) => w()));
  return row ? Number(row.id) : null;
}

/**
 * Takes the next due job for `worker`: a queued one whose time has come, or a running one whose lease ran
 * out (its worker died mid-job). `FOR UPDATE SKIP LOCKED` lets any number of workers on one PostgreSQL claim
 * different jobs without waiting on each other; PGlite has one connection and takes the same statement.
 */
export async function claimNext(db: Db, worker: string, leaseMs: number, kinds?: string[]): Promise<Job | null> {
  const row = await sql<{ id: number; kind: string; payload: unknown; attempts: number; max_attempts: number }>`
    UPDATE jobs SET status = 'running', attempts = attempts + 1, locked_by = ${worker},
      locked_until = now() + make_interval(secs => ${leaseMs / 1000})
    WHERE id = (
      SELECT id FROM jobs
      WHERE status IN ('queued', 'running') AND run_at <= now()
        AND (status = 'queued' OR locked_until < now())
        ${kinds ? sql`AND kind IN (${sql.join(kinds)})` : sql``}
      ORDER BY run_at, id
      LIMIT 1
      FOR UPDATE SKIP LOCKED
    )
    RETURNING id, kind, payload, attempts, max_attempts`.execute(db);
  const job = row.rows[0];
  if (!job) return null;
  return {
    id: Number(job.id),
    kind: job.kind,
    payload: job.payload,
    attempts: job.attempts,
    maxAttempts: job.max_attempts,
  };
}

export async function complete(db: Db, job: Job, worker: string, result?: unknown): Promise<void> {
  await db
    .updateTable('jobs')
    .set({
      status: 'done',
      finished_at: new Date(),
      locked_by: null,
      locked_until: null,
      last_error: null,
      result: result === undefined ? null : JSON.stringify(result),
      // A sent message keeps its recipient and subject only: bodies carry one-time codes and links.
      payload: sql<string>`CASE WHEN kind = 'mail' THEN payload - 'text' - 'html' ELSE payload END`,
    })
    .where('id', '=', job.id)
    .where('locked_by', '=', worker)
    .execute();
}

/**
 * A job its worker hands back unfinished (the worker is stopping, decision 135): queued again at once for
 * any worker, the attempt not counted. The handler must have saved where it stands.
 */
export async function release(db: Db, job: Job, worker: string): Promise<void> {
  await db
    .updateTable('jobs')
    .set({
      status: 'queued',
      run_at: new Date(),
      attempts: sql<number>`greatest(attempts - 1, 0)`,
      locked_by: null,
      locked_until: null,
    })
    .where('id', '=', job.id)
    .where('locked_by', '=', worker)
    .execute();
}

export interface JobState {
  id: number;
  status: JobStatus;
  result: unknown;
  lastError: string | null;
  attempts: number;
}

/** The job enqueued under `key`, if any: how a caller follows work it handed to the queue. */
export async function jobByKey(db: DbOrTrx, key: string): Promise<JobState | null> {
  const row = await db
    .selectFrom('jobs')
    .select(['id', 'status', 'result', 'last_error', 'attempts'])
    .where('key', '=', key)
    .executeTakeFirst();
  if (!row) return null;
  return {
    id: Number(row.id),
    status: row.status,
    result: row.result ?? null,
    lastError: row.last_error,
    attempts: row.attempts,
  };
}

/** Retry delay after the n-th failed attempt: base × 2^(n−1), at most an hour. */
export function backoffMs(attempt: number, baseMs: number): number {
  return Math.min(baseMs * 2 ** Math.max(0, attempt - 1), 60 * 60 * 1000);
}

/** A failed attempt: queued again after the backoff, or `failed` for good once the attempts are spent. */
export async function fail(db: Db, job: Job, worker: string, error: string, baseMs: number): Promise<JobStatus> {
  const final = job.attempts >= job.maxAttempts;
  const status: JobStatus = final ? 'failed' : 'queued';
  await db
    .updateTable('jobs')
    .set({
      status,
      run_at: new Date(Date.now() + backoffMs(job.attempts, baseMs)),
      locked_by: null,
      locked_until: null,
      last_error: error.slice(0, 2000),
      ...(final ? { finished_at: new Date() } : {}),
    })
    .where('id', '=', job.id)
    .where('locked_by', '=', worker)
    .execute();
  return status;
}

/** Jobs waiting (queued, due or not) and running, per kind: the queue depth of /metrics. */
export async function queueDepth(db: Db): Promise<Array<{ kind: string; status: JobStatus; count: number }>> {
  const rows = await db
    .selectFrom('jobs')
    .select(['kind', 'status', (eb) => eb.fn.countAll<number>().as('count')])
    .where('status', 'in', ['queued', 'running', 'failed'])
    .groupBy(['kind', 'status'])
    .execute();
  return rows.map((r) => ({ kind: r.kind, status: r.status, count: Number(r.count) }));
}

/** Finished jobs older than `olderThanMs` are deleted (failed ones are kept longer by the caller's choice). */
export async function pruneFinished(db: Db, olderThanMs: number, status: 'done' | 'failed'): Promise<number> {
  const result = await db
    .deleteFrom('jobs')
    .where('status', '=', status)
    .where('finished_at', '<', new Date(Date.now() - olderThanMs))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
