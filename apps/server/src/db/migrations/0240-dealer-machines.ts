import { sql, type Kysely } from 'kysely';

/**
 * The dealer's machines and the urgent order «Машина стоит» (decisions 208 and 209): a machine is a model (a
 * value of the catalogue's machine-model facet), a serial number or VIN, a year and the dealer's own name; an
 * urgent order keeps the machine it was placed for as it was then (the machine may be edited or deleted later).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE machines (
      id serial PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      name text NOT NULL DEFAULT '',
      model text NOT NULL,
      serial text NOT NULL DEFAULT '',
      year integer,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX machines_user_idx ON machines (user_id, id)`.execute(db);
  // «Для моей техники» narrows by model and the machine form lists the models: an index led by the model, so
  // one machine's section page walks (model, section, name) in order and the models are a skip scan.
  await sql`CREATE INDEX products_model_idx ON products (prop_model, section_id, name, id) WHERE active`.execute(db);
  await sql`ALTER TABLE orders ADD COLUMN urgent boolean NOT NULL DEFAULT false`.execute(db);
  await sql`ALTER TABLE orders ADD COLUMN machine jsonb`.execute(db);
  // The desk puts open urgent orders first: a partial index keeps finding them cheap however many orders there are.
  await sql`CREATE INDEX orders_urgent_idx ON orders (id DESC) WHERE urgent`.execute(db);
  // «Моя техника» in the dealers' menu, after the orders and the account.
  await sql`INSERT INTO menu_items (menu, parent_id, sort, label_ru, label_en, link, permission, icon, audience)
    SELECT 'left', NULL, COALESCE((SELECT sort FROM menu_items WHERE link = '/order/' AND parent_id IS NULL LIMIT 1), 800) + 3,
      'Моя техника', 'My machines', '/machines/', NULL, 'machines', 'dealers'
    WHERE NOT EXISTS (SELECT 1 FROM menu_items WHERE link = '/machines/')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM menu_items WHERE link = '/machines/'`.execute(db);
  await sql`DROP INDEX IF EXISTS orders_urgent_idx`.execute(db);
  await sql`ALTER TABLE orders DROP COLUMN IF EXISTS machine`.execute(db);
  await sql`ALTER TABLE orders DROP COLUMN IF EXISTS urgent`.execute(db);
  await sql`DROP INDEX IF EXISTS products_model_idx`.execute(db);
  await sql`DROP TABLE IF EXISTS machines`.execute(db);
}
