import type { Db } from '../../db/database.js';
import './tables.js';

/**
 * The SQL of the dealer's tidings of desk changes (decision 195), apart from `queries.ts` because
 * `change-order.ts` uses it and `queries.ts` reaches `change-order.ts` through the order views.
 */

/** Marks a history line as waiting for its change set's tidings; answers the set's first line. */
export async function markTidingsPending(db: Db, orderId: number, historyId: number) {
  await db.updateTable('order_history').set({ tidings_pending: true }).where('id', '=', historyId).execute();
  return db
    .selectFrom('order_history')
    .select(['id', 'created_at'])
    .where('order_id', '=', orderId)
    .where('tidings_pending', '=', true)
    .orderBy('id')
    .limit(1)
    .executeTakeFirstOrThrow();
}

/**
 * Locks the order's row alone and answers its dealer: the tidings job, and every change before it reads the
 * order with its status (a locking read that joins statuses and waits re-checks the join against the status
 * it read before the wait, and on PostgreSQL loses an order a concurrent change just moved: a 404).
 */
export async function lockOrder(db: Db, orderId: number) {
  return db.selectFrom('orders').select(['id', 'user_id']).where('id', '=', orderId).forUpdate().executeTakeFirst();
}

/** Takes the order's waiting history lines (no longer waiting once this commits), oldest first. */
export async function takePendingTidings(db: Db, orderId: number) {
  const rows = await db
    .updateTable('order_history')
    .set({ tidings_pending: false })
    .where('order_id', '=', orderId)
    .where('tidings_pending', '=', true)
    .returning(['id', 'changes', 'note'])
    .execute();
  return rows.sort((a, b) => a.id - b.id);
}
