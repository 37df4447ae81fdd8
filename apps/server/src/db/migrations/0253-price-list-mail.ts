import { sql, type Kysely } from 'kysely';

/**
 * The scheduled price-list e-mail (decision 219): one row per user — the schedule, what and in which format, the
 * period last taken (the exactly-once key) and the compact snapshot of what was last sent, for changes-only.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE price_list_mail (
      user_id integer PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
      schedule text NOT NULL DEFAULT 'off' CHECK (schedule IN ('off', 'daily', 'weekly')),
      weekday smallint NOT NULL DEFAULT 1 CHECK (weekday BETWEEN 1 AND 7),
      content text NOT NULL DEFAULT 'full' CHECK (content IN ('full', 'changes')),
      format text NOT NULL DEFAULT 'xlsx' CHECK (format IN ('xlsx', 'csv')),
      last_period text,
      last_sent_at timestamptz,
      snapshot text,
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX price_list_mail_due_idx ON price_list_mail (schedule) WHERE schedule <> 'off'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS price_list_mail`.execute(db);
}
