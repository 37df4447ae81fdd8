import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import './tables.js';

/** Returns staff have not decided yet: the «Новая» status, the list the dashboard's tile opens. */
export async function countReturnsWaiting(db: Db): Promise<number> {
  const { n } = await db
    .selectFrom('good_returns as r')
    .innerJoin('good_return_statuses as s', 's.id', 'r.status_id')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('s.code', '=', 'NEW')
    .executeTakeFirstOrThrow();
  return Number(n);
}
