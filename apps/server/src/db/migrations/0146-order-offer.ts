import { sql, type Kysely } from 'kysely';

/**
 * The order's commercial offer (docs/spec/03-entities.md `commerceOffer`, decision 146): a document staff attach from the desk
 * (the dealer's copy of the administrator's upload, as for an attached bill) and its description.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE orders ADD COLUMN offer_file_id integer REFERENCES files(id) ON DELETE SET NULL`.execute(db);
  await sql`ALTER TABLE orders ADD COLUMN offer_description text NOT NULL DEFAULT ''`.execute(db);
  await sql`CREATE INDEX orders_offer_file_idx ON orders (offer_file_id) WHERE offer_file_id IS NOT NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS orders_offer_file_idx`.execute(db);
  await sql`ALTER TABLE orders DROP COLUMN IF EXISTS offer_description`.execute(db);
  await sql`ALTER TABLE orders DROP COLUMN IF EXISTS offer_file_id`.execute(db);
}
