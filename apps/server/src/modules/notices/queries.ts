import type { NoticeKind } from '@portal/contract';
import { sql, type Insertable } from 'kysely';
import type { Db } from '../../db/database.js';
import { paged, type PageInput } from '../../rest/paging.js';
import type { NoticesTable } from './tables.js';
import './tables.js';

/** The SQL of the notices and messages handlers (`tell.ts` writes notices for other modules). */

/** The user's notices (read or unread, or all), a page in id order, how many match and how many are unread. */
export async function noticesPage(
  db: Db,
  userId: number,
  wasRead: boolean | undefined,
  order: 'asc' | 'desc',
  page: PageInput,
) {
  let q = db.selectFrom('notices').where('user_id', '=', userId);
  if (wasRead !== undefined) q = q.where('was_read', '=', wasRead);
  const counts = await db
    .selectFrom('notices')
    .select([sql<number>`count(*) FILTER (WHERE NOT was_read)::int`.as('unread')])
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  const { n } = await q.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
  let rows = q.selectAll().orderBy('id', order);
  rows = paged(rows, page);
  return { count: Number(n), unread: Number(counts.unread), rows: await rows.execute() };
}

/** Marks the user's notice read and returns it; undefined when it is not theirs or missing. */
export const markNoticeRead = (db: Db, userId: number, id: number) =>
  db
    .updateTable('notices')
    .set({ was_read: true })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returningAll()
    .executeTakeFirst();

/** Marks every unread notice of the user read; how many were. */
export async function markAllNoticesRead(db: Db, userId: number): Promise<number> {
  const r = await db
    .updateTable('notices')
    .set({ was_read: true })
    .where('user_id', '=', userId)
    .where('was_read', '=', false)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

export const messageRows = (db: Db, ids: number[]) =>
  db
    .selectFrom('messages as m')
    .select(['m.id', 'm.text', 'm.created_at', 'm.dealer_id', 'm.author_id'])
    .where('m.id', 'in', ids)
    .execute();

/** The ids of a page of messages (one dealer's, or everyone's when `dealerId` is null) and how many there are. */
export async function messageIdsPage(db: Db, dealerId: number | null, order: 'asc' | 'desc', page: PageInput) {
  let q = db.selectFrom('messages');
  if (dealerId !== null) q = q.where('dealer_id', '=', dealerId);
  const { n } = await q.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
  let ids = q.select('id').orderBy('id', order);
  ids = paged(ids, page);
  return { count: Number(n), ids: (await ids.execute()).map((r) => r.id) };
}

export const insertMessage = async (db: Db, dealerId: number, authorId: number, text: string): Promise<number> =>
  (
    await db
      .insertInto('messages')
      .values({ dealer_id: dealerId, author_id: authorId, text })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;

/** One notice for a user (`db`: the caller's transaction, so the notice is written with the change). */
export async function insertNotice(db: Db, row: Insertable<NoticesTable>): Promise<void> {
  await db.insertInto('notices').values(row).execute();
}

/** The kinds a user chose channels for. */
export const noticePreferenceRows = (db: Db, userId: number) =>
  db
    .selectFrom('notice_preferences')
    .select(['kind', 'notice', 'email', 'telegram'])
    .where('user_id', '=', userId)
    .execute();

export async function saveNoticePreferences(
  db: Db,
  userId: number,
  items: Array<{ kind: NoticeKind; notice: boolean; email: boolean; telegram: boolean }>,
): Promise<void> {
  await db
    .insertInto('notice_preferences')
    .values(
      items.map((i) => ({ user_id: userId, kind: i.kind, notice: i.notice, email: i.email, telegram: i.telegram })),
    )
    .onConflict((oc) =>
      oc.columns(['user_id', 'kind']).doUpdateSet((eb) => ({
        notice: eb.ref('excluded.notice'),
        email: eb.ref('excluded.email'),
        telegram: eb.ref('excluded.telegram'),
      })),
    )
    .execute();
}
