import type { Db } from '../../db/database.js';
import './tables.js';

/** An order's history rows, oldest first (history.ts words them for the reader). */
export const historyRows = (db: Db, orderId: number) =>
  db
    .selectFrom('order_history as h')
    .select(['h.id', 'h.created_at', 'h.source', 'h.changes', 'h.note', 'h.author_id'])
    .where('h.order_id', '=', orderId)
    .orderBy('h.id')
    .execute();
