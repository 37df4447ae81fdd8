import { sql, type Kysely } from 'kysely';

/**
 * The job queue (decision 080): one table on both engines, claimed with `FOR UPDATE SKIP LOCKED`. A job is
 * `queued` until a worker takes it (`running`, leased until `locked_until`), then `done`, or `queued` again
 * with a later `run_at` after a failure, or `failed` once its attempts are spent. `key` makes an insert
 * idempotent (periodic tasks: one row per task and time slot, whichever instance inserts it first).
 * Expand-only: no existing table changes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE jobs (
      id bigserial PRIMARY KEY,
      kind text NOT NULL,
      payload jsonb NOT NULL DEFAULT '{}'::jsonb,
      key text,
      status text NOT NULL DEFAULT 'queued',
      run_at timestamptz NOT NULL DEFAULT now(),
      attempts integer NOT NULL DEFAULT 0,
      max_attempts integer NOT NULL DEFAULT 10,
      locked_by text,
      locked_until timestamptz,
      last_error text,
      created_at timestamptz NOT NULL DEFAULT now(),
      finished_at timestamptz,
      CONSTRAINT jobs_status_check CHECK (status IN ('queued', 'running', 'done', 'failed'))
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX jobs_key_idx ON jobs (key) WHERE key IS NOT NULL`.execute(db);
  // What a worker looks for: queued and due, or running with an expired lease (its worker died).
  await sql`CREATE INDEX jobs_due_idx ON jobs (run_at, id) WHERE status IN ('queued', 'running')`.execute(db);
  await sql`CREATE INDEX jobs_finished_idx ON jobs (finished_at) WHERE status IN ('done', 'failed')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS jobs`.execute(db);
}
