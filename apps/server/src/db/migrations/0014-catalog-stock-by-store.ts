import { sql, type Kysely } from 'kysely';

/**
 * A product's stock per warehouse on the product row itself (`store:amount,…`, by store id), kept by the
 * same row trigger as the two sums (migration 0010). A basket of 1,000 lines or a page of 60 products then
 * reads its stock with the products it already reads, instead of a row per product and warehouse.
 * The warehouses join the catalogue version (migration 0013), so their names and kinds can be cached under it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Filling the column rewrites every product: at a million products that takes longer than the server's
  // statement limit (the migrations run in one transaction, so this holds for them alone).
  await sql`SET LOCAL statement_timeout = 0`.execute(db);
  await sql`ALTER TABLE products ADD COLUMN stock_by_store text NOT NULL DEFAULT ''`.execute(db);
  await sql`
    CREATE OR REPLACE FUNCTION product_stock_sync() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE pid integer;
    BEGIN
      IF TG_OP = 'DELETE' THEN pid := OLD.product_id; ELSE pid := NEW.product_id; END IF;
      UPDATE products p SET
        stock_real = coalesce((SELECT sum(ps.amount) FROM product_stock ps JOIN stores s ON s.id = ps.store_id
                               WHERE ps.product_id = pid AND NOT s.is_virtual), 0),
        stock_virtual = coalesce((SELECT sum(ps.amount) FROM product_stock ps JOIN stores s ON s.id = ps.store_id
                                  WHERE ps.product_id = pid AND s.is_virtual), 0),
        stock_by_store = coalesce((SELECT string_agg(ps.store_id || ':' || ps.amount, ',' ORDER BY ps.store_id)
                                   FROM product_stock ps WHERE ps.product_id = pid), '')
      WHERE p.id = pid;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    UPDATE products p SET stock_by_store = t.stock
    FROM (SELECT product_id, string_agg(store_id || ':' || amount, ',' ORDER BY store_id) AS stock
          FROM product_stock GROUP BY product_id) t
    WHERE t.product_id = p.id`.execute(db);
  await sql`
    CREATE TRIGGER stores_version_trg AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE
    ON stores FOR EACH STATEMENT EXECUTE FUNCTION catalog_version_bump()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER IF EXISTS stores_version_trg ON stores`.execute(db);
  await sql`
    CREATE OR REPLACE FUNCTION product_stock_sync() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE pid integer;
    BEGIN
      IF TG_OP = 'DELETE' THEN pid := OLD.product_id; ELSE pid := NEW.product_id; END IF;
      UPDATE products p SET
        stock_real = coalesce((SELECT sum(ps.amount) FROM product_stock ps JOIN stores s ON s.id = ps.store_id
                               WHERE ps.product_id = pid AND NOT s.is_virtual), 0),
        stock_virtual = coalesce((SELECT sum(ps.amount) FROM product_stock ps JOIN stores s ON s.id = ps.store_id
                                  WHERE ps.product_id = pid AND s.is_virtual), 0)
      WHERE p.id = pid;
      RETURN NULL;
    END $$`.execute(db);
  await sql`ALTER TABLE products DROP COLUMN IF EXISTS stock_by_store`.execute(db);
}
