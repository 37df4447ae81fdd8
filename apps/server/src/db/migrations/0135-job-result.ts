import { sql, type Kysely } from 'kysely';

/**
 * A finished job's result (decision 135): what a 1C `mode=import` call or the back office's manual upload
 * answers once the job that did the work is done. Expand-only: a nullable column the previous version ignores.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE jobs ADD COLUMN IF NOT EXISTS result jsonb`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE jobs DROP COLUMN IF EXISTS result`.execute(db);
}
