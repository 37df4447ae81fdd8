import { sql, type Kysely } from 'kysely';

/**
 * A manual 1C upload is reviewed before it applies (decision 197): the session waits for the administrator's
 * confirmation (`review`: pending → confirmed or discarded; NULL for 1C's own exchanges, which apply at once),
 * and every run keeps the report of what it will do, computed from its staged records against the catalogue.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE exchange_sessions ADD COLUMN IF NOT EXISTS review text`.execute(db);
  await sql`ALTER TABLE exchange_runs ADD COLUMN IF NOT EXISTS report jsonb`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE exchange_runs DROP COLUMN IF EXISTS report`.execute(db);
  await sql`ALTER TABLE exchange_sessions DROP COLUMN IF EXISTS review`.execute(db);
}
