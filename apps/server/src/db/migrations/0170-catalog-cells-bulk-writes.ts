import { sql, type Kysely } from 'kysely';

/**
 * Prices and stock are the cells a full exchange writes by the hundred thousand (decision 186). Per row, a
 * foreign key check locks the product row (`FOR KEY SHARE`): 600,000 price cells dirtied every product page
 * and made the stock sums' update of the same rows wait on multixacts, half the time of a full exchange. The
 * cells keep their referential rules as statement triggers of the parents instead: deleting a product, price
 * type, payment method or warehouse deletes its cells, as `ON DELETE CASCADE` did; every writer of cells takes
 * the ids from those tables. The per-row stock trigger no longer even fires while a bulk writer has switched it
 * off (migration 0091), and the price cells lose two indexes that repeated the primary key.
 *
 * The stock sums a batch writes on its products (`stock_real`, `stock_virtual`, `stock_by_store` and the
 * generated `availability`) are a heap-only update now: no index holds them (availability leaves the facets
 * index, which visits the rows for the colour anyway since migration 0147), and the table leaves half of each
 * new page free for the rows' next versions. Before, every such update re-entered twelve indexes, three of
 * them GIN: 8.9 s for 100,000 products on PostgreSQL, 0.7 s as a heap-only update.
 */
const CASCADES: Array<{ parent: string; child: string; column: string }> = [
  { parent: 'products', child: 'product_prices', column: 'product_id' },
  { parent: 'products', child: 'product_stock', column: 'product_id' },
  { parent: 'price_types', child: 'product_prices', column: 'price_type_id' },
  { parent: 'pay_systems', child: 'product_prices', column: 'pay_system_id' },
  { parent: 'stores', child: 'product_stock', column: 'store_id' },
];

const triggerName = (parent: string) => `${parent}_cells_cascade_trg`;
const functionName = (parent: string) => `${parent}_cells_cascade`;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const { child, column } of CASCADES) {
    await sql`ALTER TABLE ${sql.table(child)} DROP CONSTRAINT IF EXISTS ${sql.raw(`${child}_${column}_fkey`)}`.execute(
      db,
    );
  }
  for (const parent of new Set(CASCADES.map((c) => c.parent))) {
    const deletes = CASCADES.filter((c) => c.parent === parent)
      .map((c) => `DELETE FROM ${c.child} WHERE ${c.column} IN (SELECT id FROM gone);`)
      .join('\n      ');
    await sql`
      CREATE FUNCTION ${sql.raw(functionName(parent))}() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
      ${sql.raw(deletes)}
      RETURN NULL;
      END $$`.execute(db);
    await sql`
      CREATE TRIGGER ${sql.raw(triggerName(parent))} AFTER DELETE ON ${sql.table(parent)}
      REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION ${sql.raw(functionName(parent))}()`.execute(db);
  }
  await sql`DROP TRIGGER product_stock_sync_trg ON product_stock`.execute(db);
  await sql`
    CREATE TRIGGER product_stock_sync_trg AFTER INSERT OR UPDATE OR DELETE ON product_stock FOR EACH ROW
    WHEN (current_setting('portal.stock_sync', true) IS DISTINCT FROM 'off')
    EXECUTE FUNCTION product_stock_sync()`.execute(db);
  await sql`ALTER TABLE products SET (fillfactor = 50)`.execute(db);
  await sql`DROP INDEX products_facets_idx`.execute(db);
  await sql`
    CREATE INDEX products_facets_idx ON products (section_id, brand, prop_model, prop_kind) INCLUDE (id)
    WHERE active`.execute(db);
  await sql`DROP INDEX IF EXISTS product_prices_lookup_idx`.execute(db);
  await sql`DROP INDEX IF EXISTS product_prices_cover_idx`.execute(db);
  await sql`
    ALTER TABLE product_prices DROP CONSTRAINT product_prices_pkey,
      ADD CONSTRAINT product_prices_pkey PRIMARY KEY (product_id, price_type_id, pay_system_id) INCLUDE (value, currency)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE product_prices DROP CONSTRAINT product_prices_pkey,
      ADD CONSTRAINT product_prices_pkey PRIMARY KEY (product_id, price_type_id, pay_system_id)`.execute(db);
  await sql`
    CREATE INDEX product_prices_cover_idx ON product_prices (product_id, price_type_id, pay_system_id)
    INCLUDE (value, currency)`.execute(db);
  await sql`CREATE INDEX product_prices_lookup_idx ON product_prices (price_type_id, pay_system_id, product_id)`.execute(
    db,
  );
  await sql`DROP INDEX products_facets_idx`.execute(db);
  await sql`
    CREATE INDEX products_facets_idx ON products (section_id, brand, prop_model, prop_kind, availability)
    INCLUDE (id) WHERE active`.execute(db);
  await sql`ALTER TABLE products RESET (fillfactor)`.execute(db);
  await sql`DROP TRIGGER product_stock_sync_trg ON product_stock`.execute(db);
  await sql`
    CREATE TRIGGER product_stock_sync_trg AFTER INSERT OR UPDATE OR DELETE ON product_stock
    FOR EACH ROW EXECUTE FUNCTION product_stock_sync()`.execute(db);
  for (const parent of new Set(CASCADES.map((c) => c.parent))) {
    await sql`DROP TRIGGER IF EXISTS ${sql.raw(triggerName(parent))} ON ${sql.table(parent)}`.execute(db);
    await sql`DROP FUNCTION IF EXISTS ${sql.raw(functionName(parent))}()`.execute(db);
  }
  for (const { parent, child, column } of CASCADES) {
    await sql`
      ALTER TABLE ${sql.table(child)} ADD CONSTRAINT ${sql.raw(`${child}_${column}_fkey`)}
      FOREIGN KEY (${sql.ref(column)}) REFERENCES ${sql.table(parent)} (id) ON DELETE CASCADE`.execute(db);
  }
}
