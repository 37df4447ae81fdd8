import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { paged, type PageInput } from '../../rest/paging.js';
import './tables.js';

/** The SQL of the mailing module. */

/** The user's subscription row, if they ever had one. */
export const mailingRow = (db: Db, userId: number) =>
  db.selectFrom('mailings').selectAll().where('user_id', '=', userId).executeTakeFirst();

/** Subscriptions (of one user, or everyone's when `userId` is null), by subscribed state, a page in id order. */
export async function listMailings(
  db: Db,
  userId: number | null,
  subscribed: boolean | undefined,
  order: 'asc' | 'desc',
  page: PageInput,
) {
  let q = db.selectFrom('mailings as m');
  if (userId !== null) q = q.where('m.user_id', '=', userId);
  if (subscribed !== undefined) q = q.where('m.subscribed', '=', subscribed);
  const { n } = await q.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
  let rows = q.select(['m.id', 'm.email', 'm.subscribed', 'm.user_id']).orderBy('m.id', order);
  rows = paged(rows, page);
  return { count: Number(n), rows: await rows.execute() };
}

/** Creates or updates the user's subscription. */
export async function putMailing(db: Db, userId: number, email: string, subscribed: boolean): Promise<void> {
  await db
    .insertInto('mailings')
    .values({ user_id: userId, email, subscribed })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ email, subscribed, updated_at: new Date() }))
    .execute();
}

/** The user leaves the mailing (their consent to it was withdrawn); `db` may be the caller's transaction. */
export async function unsubscribe(db: Db, userId: number): Promise<void> {
  await db
    .updateTable('mailings')
    .set({ subscribed: false, updated_at: new Date() })
    .where('user_id', '=', userId)
    .execute();
}
