import { sql, type Kysely } from 'kysely';

/**
 * The whole catalogue in name order (decision 165): a page of the catalogue without a section walks
 * `(name, id)` of the active products and stops after the page, as a section page walks
 * `(section_id, name, id)` (migration 0011); without it every product was read and sorted.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX products_name_id_idx ON products (name, id) WHERE active`.execute(db);
  await sql`ANALYZE products`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS products_name_id_idx`.execute(db);
}
