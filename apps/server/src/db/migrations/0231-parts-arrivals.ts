import { sql, type Kysely } from 'kysely';

/**
 * Expected arrivals and the dealers' «сообщить о поступлении» (decision 207). `product_arrivals`: what 1C (or the
 * back office) expects to receive of a product, per warehouse and date; a source replaces only its own rows.
 * `arrival_subscriptions`: a dealer asks to be told once when a product is in stock again; `notified_at` set is
 * the end of it (kept a while for the dealer's list), and one partial unique index allows one open request per
 * dealer and product.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE product_arrivals (
      id serial PRIMARY KEY,
      product_id integer NOT NULL REFERENCES products(id) ON DELETE CASCADE,
      store_id integer REFERENCES stores(id) ON DELETE CASCADE,
      expected_on date NOT NULL,
      quantity numeric(14,3) NOT NULL CHECK (quantity > 0),
      source text NOT NULL DEFAULT 'MANUAL' CHECK (source IN ('MANUAL', '1C')),
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX product_arrivals_product_idx ON product_arrivals (product_id, expected_on)`.execute(db);
  await sql`
    CREATE TABLE arrival_subscriptions (
      id serial PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      product_id integer NOT NULL REFERENCES products(id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      notified_at timestamptz
    )`.execute(db);
  await sql`
    CREATE UNIQUE INDEX arrival_subscriptions_open_idx ON arrival_subscriptions (user_id, product_id)
    WHERE notified_at IS NULL`.execute(db);
  await sql`
    CREATE INDEX arrival_subscriptions_waiting_idx ON arrival_subscriptions (product_id)
    WHERE notified_at IS NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS arrival_subscriptions`.execute(db);
  await sql`DROP TABLE IF EXISTS product_arrivals`.execute(db);
}
