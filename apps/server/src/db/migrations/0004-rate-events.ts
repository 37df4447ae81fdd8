import { sql, type Kysely } from 'kysely';

/** Counted actions (mails sent, registrations) for throttling shared by every server instance. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE rate_events (
      id serial PRIMARY KEY,
      key text NOT NULL,
      at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX rate_events_key_idx ON rate_events (key, at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS rate_events`.execute(db);
}
