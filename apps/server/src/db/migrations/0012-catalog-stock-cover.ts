import { sql, type Kysely } from 'kysely';

/** A page's stock per warehouse from the index alone: one product's rows lie in as many heap pages as stores. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX product_stock_cover_idx ON product_stock (product_id) INCLUDE (store_id, amount)`.execute(db);
  await sql`ANALYZE product_stock`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS product_stock_cover_idx`.execute(db);
}
