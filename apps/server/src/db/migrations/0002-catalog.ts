import { sql, type Kysely } from 'kysely';

/**
 * The catalogue: sections, products with their normalised part number, analogues, similar items,
 * price types × payment methods × products, warehouses and stock, favourites.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);

  await sql`
    CREATE TABLE sections (
      id serial PRIMARY KEY,
      parent_id integer REFERENCES sections(id) ON DELETE CASCADE,
      code text NOT NULL,
      name text NOT NULL,
      description text NOT NULL DEFAULT '',
      photo text NOT NULL DEFAULT '',
      level integer NOT NULL DEFAULT 1,
      sort integer NOT NULL DEFAULT 500,
      element_cnt integer NOT NULL DEFAULT 0
    )`.execute(db);
  await sql`CREATE INDEX sections_parent_idx ON sections (parent_id)`.execute(db);

  await sql`
    CREATE TABLE products (
      id serial PRIMARY KEY,
      section_id integer REFERENCES sections(id) ON DELETE SET NULL,
      name text NOT NULL,
      article text NOT NULL DEFAULT '',
      article_key text NOT NULL DEFAULT '',
      brand text NOT NULL DEFAULT '',
      preview_text text NOT NULL DEFAULT '',
      detail_text text NOT NULL DEFAULT '',
      unit text NOT NULL DEFAULT 'шт',
      measure_factor numeric(12,3) NOT NULL DEFAULT 1,
      weight_kg numeric(12,3),
      volume_m3 numeric(12,5),
      photos jsonb NOT NULL DEFAULT '[]',
      properties jsonb NOT NULL DEFAULT '{}',
      active boolean NOT NULL DEFAULT true,
      sort integer NOT NULL DEFAULT 500,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX products_section_idx ON products (section_id, name)`.execute(db);
  await sql`CREATE INDEX products_article_key_idx ON products (article_key text_pattern_ops)`.execute(db);

  await sql`
    CREATE TABLE product_analogues (
      id serial PRIMARY KEY,
      product_id integer NOT NULL REFERENCES products(id) ON DELETE CASCADE,
      article text NOT NULL,
      article_key text NOT NULL,
      brand text NOT NULL DEFAULT '',
      analogue_product_id integer REFERENCES products(id) ON DELETE SET NULL,
      kind text NOT NULL DEFAULT 'ANALOGUE'
    )`.execute(db);
  await sql`CREATE INDEX product_analogues_product_idx ON product_analogues (product_id)`.execute(db);
  await sql`CREATE INDEX product_analogues_key_idx ON product_analogues (article_key text_pattern_ops)`.execute(db);

  await sql`
    CREATE TABLE product_similar (
      product_id integer NOT NULL REFERENCES products(id) ON DELETE CASCADE,
      similar_id integer NOT NULL REFERENCES products(id) ON DELETE CASCADE,
      PRIMARY KEY (product_id, similar_id)
    )`.execute(db);

  await sql`
    CREATE TABLE price_types (
      id serial PRIMARY KEY,
      code text NOT NULL UNIQUE,
      name text NOT NULL,
      is_default boolean NOT NULL DEFAULT false,
      sort integer NOT NULL DEFAULT 500
    )`.execute(db);

  await sql`
    CREATE TABLE pay_systems (
      id serial PRIMARY KEY,
      code text NOT NULL UNIQUE,
      name text NOT NULL,
      description text NOT NULL DEFAULT '',
      active boolean NOT NULL DEFAULT true,
      sort integer NOT NULL DEFAULT 500
    )`.execute(db);

  await sql`
    CREATE TABLE product_prices (
      product_id integer NOT NULL REFERENCES products(id) ON DELETE CASCADE,
      price_type_id integer NOT NULL REFERENCES price_types(id) ON DELETE CASCADE,
      pay_system_id integer NOT NULL REFERENCES pay_systems(id) ON DELETE CASCADE,
      value numeric(14,2) NOT NULL,
      currency text NOT NULL DEFAULT 'RUB',
      PRIMARY KEY (product_id, price_type_id, pay_system_id)
    )`.execute(db);
  await sql`CREATE INDEX product_prices_lookup_idx ON product_prices (price_type_id, pay_system_id, product_id)`.execute(
    db,
  );

  await sql`
    CREATE TABLE stores (
      id serial PRIMARY KEY,
      code text NOT NULL UNIQUE,
      name text NOT NULL,
      is_virtual boolean NOT NULL DEFAULT false,
      sort integer NOT NULL DEFAULT 500
    )`.execute(db);

  await sql`
    CREATE TABLE product_stock (
      product_id integer NOT NULL REFERENCES products(id) ON DELETE CASCADE,
      store_id integer NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
      amount numeric(12,3) NOT NULL DEFAULT 0,
      PRIMARY KEY (product_id, store_id)
    )`.execute(db);

  await sql`
    CREATE TABLE favorites (
      user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      product_id integer NOT NULL REFERENCES products(id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (user_id, product_id)
    )`.execute(db);

  await sql`
    ALTER TABLE users
      ADD CONSTRAINT users_price_type_fk FOREIGN KEY (price_type_id) REFERENCES price_types(id) ON DELETE SET NULL,
      ADD CONSTRAINT users_pay_system_fk FOREIGN KEY (pay_system_id) REFERENCES pay_systems(id) ON DELETE SET NULL
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE users DROP CONSTRAINT IF EXISTS users_price_type_fk, DROP CONSTRAINT IF EXISTS users_pay_system_fk`.execute(
    db,
  );
  for (const t of [
    'favorites',
    'product_stock',
    'stores',
    'product_prices',
    'pay_systems',
    'price_types',
    'product_similar',
    'product_analogues',
    'products',
    'sections',
  ]) {
    await sql`DROP TABLE IF EXISTS ${sql.table(t)}`.execute(db);
  }
}
