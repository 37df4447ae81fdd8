import { translate, type Language, type OrderHistoryEntry } from '@portal/contract';
import type { Db } from '../../db/database.js';
import { describeChange } from './describe-change.js';
import { historyRows } from './history-queries.js';
import type { OrderHistoryChange } from './tables.js';
import { userCards, type UserCard } from '../auth/index.js';
import './tables.js';

const authorName = (u: UserCard | undefined) => [u?.last_name, u?.first_name].filter(Boolean).join(' ') || u?.login;

const jsonOf = <T>(v: unknown): T => (typeof v === 'string' ? (JSON.parse(v) as T) : (v as T));

/** An order's history («Изменения»), oldest first, in the reader's language. */
export async function historyOf(db: Db, orderId: number, language: Language): Promise<OrderHistoryEntry[]> {
  const rows = await historyRows(db, orderId);
  const users = await userCards(
    db,
    rows.map((r) => r.author_id),
  );
  return rows.map((r) => ({
    id: r.id,
    date: r.created_at.toISOString(),
    source: r.source,
    author:
      r.source === 'exchange'
        ? translate(language, 'history.by.exchange')
        : authorName(r.author_id === null ? undefined : users.get(r.author_id)) ||
          translate(language, 'history.by.system'),
    lines: jsonOf<OrderHistoryChange[]>(r.changes).map((c) => describeChange(c, language)),
    note: r.note,
  }));
}
