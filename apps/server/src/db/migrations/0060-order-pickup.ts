import { sql, type Kysely } from 'kysely';

/**
 * The warehouse a pickup order is collected from (decision 064): a link to the warehouse of the «Склады»
 * page and, as on any document, what it was called and where it was when the order was placed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE orders
    ADD COLUMN pickup_storage_id integer REFERENCES storages(id) ON DELETE SET NULL,
    ADD COLUMN pickup_point jsonb`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE orders DROP COLUMN IF EXISTS pickup_point, DROP COLUMN IF EXISTS pickup_storage_id`.execute(db);
}
