import { sql, type Selectable } from 'kysely';
import type { Db } from '../../db/database.js';
import { countAndPage, type PageInput } from '../../rest/paging.js';
import type { PriceListLinksTable } from './tables.js';
import './tables.js';

export type PriceListLinkRow = Selectable<PriceListLinksTable>;

export async function insertLink(
  db: Db,
  values: { userId: number; prefix: string; tokenHash: string; days: number },
): Promise<PriceListLinkRow> {
  return db
    .insertInto('price_list_links')
    .values({
      user_id: values.userId,
      prefix: values.prefix,
      token_hash: values.tokenHash,
      expires_at: sql<Date>`now() + make_interval(days => ${values.days})`,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function countActiveLinks(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('price_list_links')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function listLinks(db: Db, userId: number, input: PageInput) {
  return countAndPage(
    db.selectFrom('price_list_links').where('user_id', '=', userId),
    (q) => q.selectAll().orderBy('id', 'desc'),
    input,
  );
}

export const linkById = (db: Db, id: number) =>
  db.selectFrom('price_list_links').selectAll().where('id', '=', id).executeTakeFirst();

export async function revokeLink(db: Db, id: number): Promise<void> {
  await db
    .updateTable('price_list_links')
    .set({ revoked_at: sql<Date>`now()` })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .execute();
}

/**
 * The owner of a live link with this hash, marking it used, in one statement: a revoked, expired or unknown
 * link finds nothing.
 */
export async function useLink(db: Db, tokenHash: string): Promise<number | null> {
  const row = await db
    .updateTable('price_list_links')
    .set({ last_used_at: sql<Date>`now()` })
    .where('token_hash', '=', tokenHash)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .returning('user_id')
    .executeTakeFirst();
  return row?.user_id ?? null;
}
