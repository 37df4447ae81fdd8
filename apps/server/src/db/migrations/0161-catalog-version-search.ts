import { sql, type Kysely } from 'kysely';

/**
 * Search hits are cached under the catalogue version (decision 165), so the tables a search reads beyond the
 * products bump it too: the analogues' numbers and the words that correct a typo (migration 0013's trigger).
 */
const TABLES = ['product_analogues', 'catalog_words'];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of TABLES) {
    await sql`
      CREATE TRIGGER ${sql.raw(`${table}_version_trg`)} AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE
      ON ${sql.table(table)} FOR EACH STATEMENT EXECUTE FUNCTION catalog_version_bump()`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of TABLES) {
    await sql`DROP TRIGGER IF EXISTS ${sql.raw(`${table}_version_trg`)} ON ${sql.table(table)}`.execute(db);
  }
}
