import type { Db } from '../../db/database.js';
import type { SalePending } from './tables.js';
import './tables.js';

/* The SQL of the exchange protocol and its jobs (protocol.ts, jobs.ts) beyond the session and run queries of
   queries.ts: the orders 1C was sent, the session's files, where a running file stands (docs/conventions.md,
   "Where the SQL lives"). */

/** The orders sent to 1C by `mode=query`, kept until 1C answers `success` (null: nothing pending). */
export const setSalePending = (db: Db, sessionId: number, orders: SalePending['orders'] | null) =>
  db
    .updateTable('exchange_sessions')
    .set({ sale_pending: orders === null ? null : JSON.stringify({ orders }) })
    .where('id', '=', sessionId)
    .execute();

/** A finished sale exchange in the session's history, with the number of orders 1C took. */
export const recordSaleRun = (db: Db, sessionId: number, exported: number) =>
  db
    .insertInto('exchange_runs')
    .values({
      session_id: sessionId,
      type: 'sale',
      file_name: 'query',
      status: 'done',
      phase: 'done',
      cursor: '{}',
      stats: JSON.stringify({ exported }),
      finished_at: new Date(),
    })
    .execute();

/** The session's files in the order they came. */
export const sessionFiles = (db: Db, sessionId: number) =>
  db
    .selectFrom('exchange_files')
    .select(['id', 'name', 'state'])
    .where('session_id', '=', sessionId)
    .orderBy('id')
    .execute();

/** The session's latest running run (of this file when named). */
export function runningRun(db: Db, sessionId: number, fileName?: string) {
  let q = db
    .selectFrom('exchange_runs')
    .select(['file_name', 'phase', 'stats'])
    .where('session_id', '=', sessionId)
    .where('status', '=', 'running');
  if (fileName) q = q.where('file_name', '=', fileName);
  return q.orderBy('id', 'desc').executeTakeFirst();
}
