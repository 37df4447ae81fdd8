import { sql, type Kysely } from 'kysely';

/**
 * Ordering: uploaded files, counterparties (the dealer's legal entities), baskets and their lines,
 * shipping methods, order statuses, orders with their lines fixed at order time, corrective orders.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE files (
      id serial PRIMARY KEY,
      user_id integer REFERENCES users(id) ON DELETE SET NULL,
      name text NOT NULL,
      content_type text NOT NULL,
      size integer NOT NULL,
      storage_key text NOT NULL UNIQUE,
      preview_key text,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX files_user_idx ON files (user_id, id)`.execute(db);

  await sql`
    CREATE TABLE counterparties (
      id serial PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      name text NOT NULL,
      inn text NOT NULL DEFAULT '',
      kpp text NOT NULL DEFAULT '',
      ogrn text NOT NULL DEFAULT '',
      legal_address text NOT NULL DEFAULT '',
      bank text NOT NULL DEFAULT '',
      bik text NOT NULL DEFAULT '',
      account text NOT NULL DEFAULT '',
      corr_account text NOT NULL DEFAULT '',
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX counterparties_user_idx ON counterparties (user_id, id)`.execute(db);

  await sql`
    CREATE TABLE baskets (
      id serial PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      name text NOT NULL DEFAULT '',
      currency text NOT NULL DEFAULT 'RUB',
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX baskets_user_idx ON baskets (user_id, created_at DESC)`.execute(db);

  await sql`
    CREATE TABLE basket_items (
      id serial PRIMARY KEY,
      basket_id integer NOT NULL REFERENCES baskets(id) ON DELETE CASCADE,
      product_id integer NOT NULL REFERENCES products(id) ON DELETE CASCADE,
      quantity integer NOT NULL CHECK (quantity BETWEEN 1 AND 10000),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (basket_id, product_id)
    )`.execute(db);

  await sql`
    CREATE TABLE shippings (
      id serial PRIMARY KEY,
      code text NOT NULL UNIQUE,
      name text NOT NULL,
      is_pickup boolean NOT NULL DEFAULT false,
      sort integer NOT NULL DEFAULT 500
    )`.execute(db);

  await sql`
    CREATE TABLE order_statuses (
      id serial PRIMARY KEY,
      code text NOT NULL UNIQUE,
      name text NOT NULL,
      name_en text NOT NULL DEFAULT '',
      type text NOT NULL DEFAULT 'O',
      color text NOT NULL DEFAULT '#9e9e9e',
      description text NOT NULL DEFAULT '',
      sort integer NOT NULL DEFAULT 500
    )`.execute(db);

  await sql`
    CREATE TABLE orders (
      id serial PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      status_id integer NOT NULL REFERENCES order_statuses(id),
      counterparty_id integer REFERENCES counterparties(id) ON DELETE SET NULL,
      pay_system_id integer REFERENCES pay_systems(id) ON DELETE SET NULL,
      shipping_id integer REFERENCES shippings(id) ON DELETE SET NULL,
      delivery_address text NOT NULL DEFAULT '',
      vin text NOT NULL DEFAULT '',
      machine_model text NOT NULL DEFAULT '',
      comment text NOT NULL DEFAULT '',
      price numeric(14,2) NOT NULL DEFAULT 0,
      currency text NOT NULL DEFAULT 'RUB',
      total_weight_kg numeric(14,3) NOT NULL DEFAULT 0,
      total_volume_m3 numeric(14,5) NOT NULL DEFAULT 0,
      weight_exceptions jsonb NOT NULL DEFAULT '[]',
      volume_exceptions jsonb NOT NULL DEFAULT '[]',
      is_paid boolean NOT NULL DEFAULT false,
      is_warning boolean NOT NULL DEFAULT false,
      is_canceled boolean NOT NULL DEFAULT false,
      file_ids integer[] NOT NULL DEFAULT '{}',
      -- The basket version an order was made from: a repeated checkout of it finds this order.
      source_basket_id integer,
      idempotency_key text UNIQUE,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX orders_user_idx ON orders (user_id, created_at DESC)`.execute(db);

  await sql`
    CREATE TABLE order_items (
      id serial PRIMARY KEY,
      order_id integer NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
      product_id integer REFERENCES products(id) ON DELETE SET NULL,
      name text NOT NULL,
      article text NOT NULL DEFAULT '',
      unit text NOT NULL DEFAULT 'шт',
      quantity integer NOT NULL,
      delivered_quantity integer NOT NULL DEFAULT 0,
      price numeric(14,2) NOT NULL,
      currency text NOT NULL DEFAULT 'RUB',
      weight_kg numeric(12,3),
      volume_m3 numeric(12,5)
    )`.execute(db);
  await sql`CREATE INDEX order_items_order_idx ON order_items (order_id)`.execute(db);
  await sql`CREATE INDEX order_items_product_idx ON order_items (product_id)`.execute(db);

  await sql`
    CREATE TABLE corrective_orders (
      id serial PRIMARY KEY,
      order_id integer NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
      user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`
    CREATE TABLE corrective_order_items (
      id serial PRIMARY KEY,
      corrective_order_id integer NOT NULL REFERENCES corrective_orders(id) ON DELETE CASCADE,
      order_item_id integer REFERENCES order_items(id) ON DELETE SET NULL,
      product_id integer,
      name text NOT NULL,
      article text NOT NULL DEFAULT '',
      before_count integer NOT NULL,
      after_count integer NOT NULL
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of [
    'corrective_order_items',
    'corrective_orders',
    'order_items',
    'orders',
    'order_statuses',
    'shippings',
    'basket_items',
    'baskets',
    'counterparties',
    'files',
  ]) {
    await sql`DROP TABLE IF EXISTS ${sql.table(t)}`.execute(db);
  }
}
