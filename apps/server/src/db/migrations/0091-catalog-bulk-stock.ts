import { sql, type Kysely } from 'kysely';

/**
 * A bulk writer of stock (the 1C exchange, decision 093) may switch the per-row stock trigger off for its
 * own transaction with `SET LOCAL portal.stock_sync = 'off'` and then recompute the sums of the products it
 * wrote in one statement. A transaction-local setting needs no table lock and no superuser, unlike
 * `ALTER TABLE … DISABLE TRIGGER` (which would block every reader of product_stock) or
 * `session_replication_role`. The body is otherwise migration 0014's.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE OR REPLACE FUNCTION product_stock_sync() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE pid integer;
    BEGIN
      IF current_setting('portal.stock_sync', true) = 'off' THEN RETURN NULL; END IF;
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
}

export async function down(db: Kysely<unknown>): Promise<void> {
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
}
