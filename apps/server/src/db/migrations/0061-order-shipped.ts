import { sql, type Kysely } from 'kysely';

/**
 * When an order was shipped (decision 061): the return period runs from this moment. Set when the order
 * first reaches «Отгружен» or «Выполнен»; at that moment every line counts as delivered in full.
 * Orders already shipped take the time of that status change from their history, else their last change.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE orders ADD COLUMN shipped_at timestamptz`.execute(db);
  // On a fresh database the history (migration 0100) comes later, and there is nothing shipped yet.
  const { rows } = await sql<{ t: string | null }>`SELECT to_regclass('order_history')::text AS t`.execute(db);
  const fromHistory = rows[0]?.t
    ? sql`(SELECT min(h.created_at) FROM order_history h, jsonb_array_elements(h.changes) c
        WHERE h.order_id = o.id AND c->>'field' = 'status' AND c->'after'->>'code' IN ('S', 'F'))`
    : sql`NULL::timestamptz`;
  await sql`UPDATE orders o SET shipped_at = COALESCE(${fromHistory}, o.updated_at)
    FROM order_statuses s WHERE s.id = o.status_id AND s.code IN ('S', 'F')`.execute(db);
  await sql`UPDATE order_items oi SET delivered_quantity = oi.quantity
    FROM orders o WHERE o.id = oi.order_id AND o.shipped_at IS NOT NULL AND oi.delivered_quantity = 0`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE orders DROP COLUMN IF EXISTS shipped_at`.execute(db);
}
