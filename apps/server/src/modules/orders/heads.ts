import { BUSINESS_TIME_ZONE } from '@portal/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import './tables.js';

/** What another module shows of these orders beside their number: the date and the company, by id. */
export async function orderHeads(
  db: Db,
  ids: Iterable<number>,
): Promise<Map<number, { created_at: Date; counterparty_id: number | null }>> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .selectFrom('orders')
    .select(['id', 'created_at', 'counterparty_id'])
    .where('id', 'in', wanted)
    .execute();
  return new Map(rows.map((r) => [r.id, r]));
}

/**
 * Whether an order exists and the user may name it — their own, or any with `null` (an administrator, who
 * sees every order): a form's order field (decision 191).
 */
export async function isOrderOf(db: Db, orderId: number, userId: number | null): Promise<boolean> {
  let q = db.selectFrom('orders').select('id').where('id', '=', orderId);
  if (userId !== null) q = q.where('user_id', '=', userId);
  return (await q.executeTakeFirst()) !== undefined;
}

/** The delivery methods, in the site's order (the catalogue's `shipping/list`). */
export const shippingRows = (db: Db) =>
  db.selectFrom('shippings').select(['id', 'name', 'name_en', 'is_pickup']).orderBy('sort').orderBy('id').execute();

/**
 * The lines of the dealer's own order, in line order, or `undefined` when the order is not theirs: the
 * baskets module repeats an order and builds the corrective form from them (decision 151).
 */
export async function ownOrderLines(db: Db, userId: number, orderId: number) {
  const order = await db
    .selectFrom('orders')
    .select('id')
    .where('id', '=', orderId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!order) return undefined;
  return db
    .selectFrom('order_items')
    .select(['id', 'order_id', 'product_id', 'quantity', 'name', 'article', 'unit', 'weight_kg', 'volume_m3'])
    .where('order_id', '=', orderId)
    .orderBy('id')
    .execute();
}

/**
 * Ordered quantities of a product per day (not cancelled), of one user's orders or, with `null`, everyone's: the
 * catalogue's `product/get-kolichestvo-zakazannykh-tovarov`. Days are the supplier's, in Moscow (decision 180).
 */
export async function orderedQuantities(db: Db, productId: number, userId: number | null) {
  const own = userId === null ? sql`true` : sql`o.user_id = ${userId}`;
  const rows = await sql<{ date: string; quantity: number }>`
      SELECT to_char((o.created_at AT TIME ZONE ${BUSINESS_TIME_ZONE})::date, 'YYYY-MM-DD') AS date, sum(oi.quantity)::float8 AS quantity
      FROM order_items oi JOIN orders o ON o.id = oi.order_id
      WHERE oi.product_id = ${productId} AND NOT o.is_canceled AND ${own}
      GROUP BY 1 ORDER BY 1 LIMIT 366`.execute(db);
  return rows.rows.map((r) => ({ date: r.date, quantity: Number(r.quantity) }));
}

/** The totals of these orders and whether each is paid (the account module's payments, decision 200). */
export async function orderTotals(db: Db, ids: number[]): Promise<Map<number, { price: number; is_paid: boolean }>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('orders').select(['id', 'price', 'is_paid']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, { price: Number(r.price), is_paid: r.is_paid }]));
}
