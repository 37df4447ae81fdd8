import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import './tables.js';

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
