import { sql, type Kysely } from 'kysely';

/** Lookups the ordering screens make: corrections of an order, a repeated checkout of a basket. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX corrective_orders_order_idx ON corrective_orders (order_id, id)`.execute(db);
  await sql`CREATE INDEX corrective_order_items_head_idx ON corrective_order_items (corrective_order_id)`.execute(db);
  await sql`CREATE INDEX orders_source_basket_idx ON orders (source_basket_id) WHERE source_basket_id IS NOT NULL`.execute(
    db,
  );
  await sql`CREATE INDEX orders_status_idx ON orders (status_id, created_at DESC)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS orders_status_idx`.execute(db);
  await sql`DROP INDEX IF EXISTS orders_source_basket_idx`.execute(db);
  await sql`DROP INDEX IF EXISTS corrective_order_items_head_idx`.execute(db);
  await sql`DROP INDEX IF EXISTS corrective_orders_order_idx`.execute(db);
}
