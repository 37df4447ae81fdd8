import { translate, type Language, type OrderHistoryEntry } from '@portal/contract';
import type { Db } from '../../db/database.js';
import { describeChange } from './change-order.js';
import type { OrderHistoryChange } from './tables.js';
import './tables.js';

const jsonOf = <T>(v: unknown): T => (typeof v === 'string' ? (JSON.parse(v) as T) : (v as T));

/** An order's history («Изменения»), oldest first, in the reader's language. */
export async function historyOf(db: Db, orderId: number, language: Language): Promise<OrderHistoryEntry[]> {
  const rows = await db
    .selectFrom('order_history as h')
    .leftJoin('users as u', 'u.id', 'h.author_id')
    .select(['h.id', 'h.created_at', 'h.source', 'h.changes', 'h.note', 'u.login', 'u.last_name', 'u.first_name'])
    .where('h.order_id', '=', orderId)
    .orderBy('h.id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    date: r.created_at.toISOString(),
    source: r.source,
    author:
      r.source === 'exchange'
        ? translate(language, 'history.by.exchange')
        : [r.last_name, r.first_name].filter(Boolean).join(' ') || r.login || translate(language, 'history.by.system'),
    lines: jsonOf<OrderHistoryChange[]>(r.changes).map((c) => describeChange(c, language)),
    note: r.note,
  }));
}
