import { normalizeArticle, type DealerCompanyFilter, type WishStatus } from '@portal/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { dealerCompanyCondition, isStaff, type Actor } from '../auth/index.js';
import { activeProductByArticleKey, addProduct } from '../catalog/index.js';
import './tables.js';

/* The wishes module's SQL: the handlers (handlers.ts) call these and answer. */

/**
 * Requests joined with the catalogue on the normalised part number at read time, so a request turns
 * SUCCESS as soon as the product is on the site (and back if it is withdrawn) without any sync job.
 */
function wishesQuery(db: Db, actor: Actor) {
  let q = db
    .selectFrom('wishes as w')
    .leftJoinLateral(activeProductByArticleKey('w.article_key').as('p'), (join) => join.onTrue());
  if (!isStaff(actor)) q = q.where('w.user_id', '=', actor.id);
  return q;
}

/** The list's requests (the actor's own, or every one for staff) with the filter applied, to count and page. */
export function filteredWishes(
  db: Db,
  actor: Actor,
  filter: (DealerCompanyFilter & { status?: WishStatus; article?: string }) | undefined,
) {
  let q = wishesQuery(db, actor);
  const status = filter?.status;
  if (status === 'SUCCESS') q = q.where('p.id', 'is not', null);
  if (status === 'PROCESSING') q = q.where('p.id', 'is', null).where('w.is_processed', '=', true);
  if (status === 'ERROR') q = q.where('p.id', 'is', null).where('w.is_processed', '=', false);
  const byDealer = isStaff(actor) ? dealerCompanyCondition('w.user_id', filter) : undefined;
  if (byDealer) q = q.where(byDealer);
  if (filter?.article) {
    q = q.where('w.article_key', 'like', `%${normalizeArticle(filter.article).replace(/[%_\\]/g, '\\$&')}%`);
  }
  return q;
}

/** These requests the actor may see, with the product that answers each (if any). */
export const wishRows = (db: Db, actor: Actor, ids: number[]) =>
  wishesQuery(db, actor)
    .selectAll('w')
    .select(['p.id as product_id', 'p.name as product_name'])
    .where('w.id', 'in', ids)
    .execute();

export interface NewWish {
  article: string;
  count: number;
  vin: string;
  model: string;
}

/** Files the dealer's requests; their ids in order. */
export async function insertWishes(db: Db, userId: number, wishes: NewWish[]): Promise<number[]> {
  const rows = await db
    .insertInto('wishes')
    .values(wishes.map((w) => ({ user_id: userId, ...w, article_key: normalizeArticle(w.article) })))
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

/** The request and whether it is processed; only the user's own unless `userId` is `null` (staff). */
export function wishState(db: Db, id: number, userId: number | null) {
  let q = db.selectFrom('wishes').select(['id', 'is_processed']).where('id', '=', id);
  if (userId !== null) q = q.where('user_id', '=', userId);
  return q.executeTakeFirst();
}

/** Writes the fields given (the part number with its key), and the time of the change. */
export async function updateWish(
  db: Db,
  id: number,
  fields: { article?: string; count?: number; vin?: string; model?: string; isProcessed?: boolean },
): Promise<void> {
  await db
    .updateTable('wishes')
    .set({
      ...(fields.article !== undefined
        ? { article: fields.article, article_key: normalizeArticle(fields.article) }
        : {}),
      ...(fields.count !== undefined ? { count: fields.count } : {}),
      ...(fields.vin !== undefined ? { vin: fields.vin } : {}),
      ...(fields.model !== undefined ? { model: fields.model } : {}),
      ...(fields.isProcessed !== undefined ? { is_processed: fields.isProcessed } : {}),
      updated_at: new Date(),
    })
    .where('id', '=', id)
    .execute();
}

export const wishById = (db: Db, id: number) =>
  db.selectFrom('wishes').selectAll().where('id', '=', id).executeTakeFirst();

/** Deletes the request; whether it was there. */
export async function deleteWish(db: Db, id: number): Promise<boolean> {
  const result = await db.deleteFrom('wishes').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function markSent(db: Db, id: number): Promise<void> {
  await db.updateTable('wishes').set({ sent_at: new Date() }).where('id', '=', id).execute();
}

/** Puts the part on the site and marks the request processed, in one transaction. */
export async function addToCatalog(db: Db, id: number, product: { name: string; article: string }): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await addProduct(trx, product);
    await trx.updateTable('wishes').set({ is_processed: true, updated_at: new Date() }).where('id', '=', id).execute();
  });
}

/**
 * Requests staff still owe an answer: not processed and the part is still not on the site (the list's
 * «ERROR» status, which the dashboard's tile opens). A part added since answers the request by itself.
 */
export async function countWishesWaiting(db: Db): Promise<number> {
  const { n } = await db
    .selectFrom('wishes as w')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('w.is_processed', '=', false)
    .where((eb) => eb.not(eb.exists(activeProductByArticleKey('w.article_key'))))
    .executeTakeFirstOrThrow();
  return Number(n);
}
