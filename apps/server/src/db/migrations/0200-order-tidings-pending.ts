import { sql, type Kysely } from 'kysely';

/**
 * A desk change waits for its change set (decision 195): the history line is marked until the order's tidings
 * job tells the dealer of every marked line at once. The partial index keeps the job's look-up to the few
 * waiting lines.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE order_history ADD COLUMN IF NOT EXISTS tidings_pending boolean NOT NULL DEFAULT false`.execute(
    db,
  );
  await sql`CREATE INDEX IF NOT EXISTS order_history_tidings_pending ON order_history (order_id, id) WHERE tidings_pending`.execute(
    db,
  );
}
