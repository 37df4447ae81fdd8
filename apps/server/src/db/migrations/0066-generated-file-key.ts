import { sql, type Kysely } from 'kysely';

/**
 * A generated file (an order's or a bill's workbook) remembers what it was made from (decision 068), so
 * asking for the same order's file again reuses the stored file instead of writing a new one each time.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE files ADD COLUMN source_key text`.execute(db);
  await sql`CREATE UNIQUE INDEX files_source_key_idx ON files (user_id, source_key) WHERE source_key IS NOT NULL`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS files_source_key_idx`.execute(db);
  await sql`ALTER TABLE files DROP COLUMN IF EXISTS source_key`.execute(db);
}
