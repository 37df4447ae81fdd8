import type { Db } from '../../db/database.js';
import { enqueue } from '../../ops/jobs/queue.js';
import { readOrderTidingsMinutes } from '../settings/index.js';
import { markTidingsPending } from './tidings-queries.js';

/** The job that tells a dealer of a change set of the desk (decision 195). */
export const ORDER_TIDINGS_JOB = 'order-tidings';

/**
 * Holds the tidings of a desk change for its change set (decision 195): the history line waits, and the
 * set's job — one per set, keyed by its first line, so concurrent edits enqueue it once — tells the dealer
 * when the window after the first change has passed. False when the window is 0 (the dealer is told now).
 * Runs in the change's transaction with the order's row locked.
 */
export async function holdTidings(db: Db, orderId: number, historyId: number): Promise<boolean> {
  const minutes = await readOrderTidingsMinutes(db);
  if (minutes <= 0) return false;
  const first = await markTidingsPending(db, orderId, historyId);
  const runAt = new Date(new Date(first.created_at).getTime() + minutes * 60_000);
  await enqueue(db, ORDER_TIDINGS_JOB, { orderId }, { key: `${ORDER_TIDINGS_JOB}:${orderId}:${first.id}`, runAt });
  return true;
}
