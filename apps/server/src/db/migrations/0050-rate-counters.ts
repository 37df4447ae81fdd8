import { sql, type Kysely } from 'kysely';

/**
 * One counter table for every throttle (decision 050): sign-in, recovery, registration, one-time codes, the
 * 1C exchange's checkauth and the general `/rest/` limit. It replaces `login_failures` and `rate_events`,
 * whose check-then-insert let concurrent attempts all pass.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE rate_counters (
      key text NOT NULL,
      slot bigint NOT NULL,
      window_ms bigint NOT NULL,
      hits integer NOT NULL,
      expires_at timestamptz NOT NULL,
      PRIMARY KEY (key, slot)
    )`.execute(db);
  await sql`CREATE INDEX rate_counters_expires_idx ON rate_counters (expires_at)`.execute(db);
  await sql`DROP TABLE IF EXISTS login_failures`.execute(db);
  await sql`DROP TABLE IF EXISTS rate_events`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS rate_counters`.execute(db);
  await sql`
    CREATE TABLE login_failures (
      id serial PRIMARY KEY,
      login text NOT NULL,
      ip text NOT NULL,
      at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX login_failures_login_idx ON login_failures (login, at)`.execute(db);
  await sql`CREATE INDEX login_failures_ip_idx ON login_failures (ip, at)`.execute(db);
  await sql`
    CREATE TABLE rate_events (
      id serial PRIMARY KEY,
      key text NOT NULL,
      at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX rate_events_key_idx ON rate_events (key, at)`.execute(db);
}
