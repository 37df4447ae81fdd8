import { sql, type Kysely } from 'kysely';

/**
 * Sort orders of a section page that stop after one page (decision 010). Generated names repeat, so the
 * id must be part of the name order, or the planner reads every product of a tied name before the limit;
 * sorting by price walks the prices of one price type and payment method in value order.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX products_section_name_id_idx ON products (section_id, name, id) WHERE active`.execute(db);
  await sql`CREATE INDEX product_prices_sort_idx ON product_prices (price_type_id, pay_system_id, value, product_id)`.execute(
    db,
  );
  await sql`ANALYZE products`.execute(db);
  await sql`ANALYZE product_prices`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS products_section_name_id_idx`.execute(db);
  await sql`DROP INDEX IF EXISTS product_prices_sort_idx`.execute(db);
}
