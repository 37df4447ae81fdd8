import { sql, type Kysely } from 'kysely';

/**
 * Orders placed in 1C (by phone, by a manager) become the dealer's orders, read-only (decision 202), and every
 * order knows how much of it 1C has shipped: `ship_state` is `none`, `partly` or `full`, set by the account
 * module from 1C's shipments. An index serves the dealer's «из 1С» filter.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE orders ADD COLUMN IF NOT EXISTS from_1c boolean NOT NULL DEFAULT false`.execute(db);
  await sql`ALTER TABLE orders ADD COLUMN IF NOT EXISTS ship_state text NOT NULL DEFAULT 'none'
    CHECK (ship_state IN ('none', 'partly', 'full'))`.execute(db);
  await sql`CREATE INDEX IF NOT EXISTS orders_from_1c ON orders (user_id, id) WHERE from_1c`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS orders_from_1c`.execute(db);
  await sql`ALTER TABLE orders DROP COLUMN IF EXISTS ship_state`.execute(db);
  await sql`ALTER TABLE orders DROP COLUMN IF EXISTS from_1c`.execute(db);
}
