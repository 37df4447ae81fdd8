import { sql, type Kysely } from 'kysely';

/**
 * Where each 1C price type's prices go (decision 095, agreed with the "desk" engineer on COORD.md): one row
 * per 1C ТипЦены (by its Ид), pointing to a portal price type and a payment method. The exchange adds a row
 * the first time it meets a 1C price type — to the portal price type it creates for it, every payment method
 * (pay_system_id NULL) — and the back office's settings page lets an administrator point it elsewhere.
 * No price type (price_type_id NULL) = that 1C price type is not used.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE price_mappings (
      id serial PRIMARY KEY,
      external_id text NOT NULL UNIQUE,
      external_name text NOT NULL DEFAULT '',
      price_type_id integer REFERENCES price_types(id) ON DELETE SET NULL,
      pay_system_id integer REFERENCES pay_systems(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS price_mappings`.execute(db);
}
