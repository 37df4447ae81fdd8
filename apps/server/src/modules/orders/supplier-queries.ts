import { sql, type Insertable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { OrderItemsTable } from './tables.js';
import './tables.js';

/** An order's lines as stored, in their order (1C's lines are matched against them, decision 096). */
export const orderItemRows = (db: Db, orderId: number) =>
  db.selectFrom('order_items').selectAll().where('order_id', '=', orderId).orderBy('id').execute();

export async function setOrderItem(db: Db, id: number, set: { quantity: number; price?: number }): Promise<void> {
  await db.updateTable('order_items').set(set).where('id', '=', id).execute();
}

export async function insertOrderItem(db: Db, values: Insertable<OrderItemsTable>): Promise<{ id: number }> {
  return db.insertInto('order_items').values(values).returning('id').executeTakeFirstOrThrow();
}

export async function orderPriceOf(db: Db, orderId: number): Promise<number> {
  const row = await db.selectFrom('orders').select('price').where('id', '=', orderId).executeTakeFirstOrThrow();
  return Number(row.price);
}

export async function setOrderPrice(db: Db, orderId: number, price: number): Promise<void> {
  await db.updateTable('orders').set({ price, updated_at: new Date() }).where('id', '=', orderId).execute();
}

/** Sum, weight and volume of an order's lines, recomputed after a correction. */
export async function recomputeTotals(db: Db, orderId: number): Promise<void> {
  await sql`
    UPDATE orders o SET
      price = COALESCE((SELECT SUM(price * quantity) FROM order_items WHERE order_id = o.id AND currency = o.currency), 0),
      total_weight_kg = COALESCE((SELECT SUM(weight_kg * quantity) FROM order_items WHERE order_id = o.id AND weight_kg IS NOT NULL), 0),
      total_volume_m3 = COALESCE((SELECT SUM(volume_m3 * quantity) FROM order_items WHERE order_id = o.id AND volume_m3 IS NOT NULL), 0),
      updated_at = now()
    WHERE o.id = ${orderId}`.execute(db);
}
