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

/** The delivery methods, in the site's order (the catalogue's `shipping/list`). */
export const shippingRows = (db: Db) =>
  db.selectFrom('shippings').select(['id', 'name', 'name_en', 'is_pickup']).orderBy('sort').orderBy('id').execute();
