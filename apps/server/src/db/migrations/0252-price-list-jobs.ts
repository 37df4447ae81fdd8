import { sql, type Kysely } from 'kysely';

/**
 * Big price lists built by a job on the queue (decision 232): one row per request, its progress, and the file in
 * file storage the dealer downloads until it expires.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE price_list_jobs (
      id serial PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      format text NOT NULL,
      scope jsonb NOT NULL,
      state text NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'running', 'done', 'failed')),
      rows_total integer NOT NULL DEFAULT 0,
      rows_done integer NOT NULL DEFAULT 0,
      storage_key text,
      size bigint,
      error text,
      created_at timestamptz NOT NULL DEFAULT now(),
      finished_at timestamptz,
      expires_at timestamptz
    )`.execute(db);
  await sql`CREATE INDEX price_list_jobs_user_idx ON price_list_jobs (user_id, id DESC)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS price_list_jobs`.execute(db);
}
