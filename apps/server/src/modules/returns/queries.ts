import type { ParsedInputOf, returnsMethods } from '@portal/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { countAndPageIds } from '../../rest/paging.js';
import { dealerCompanyCondition, isStaff, orderUsers, type Actor } from '../auth/index.js';
import { orderCompanies } from '../companies/index.js';
import { deliveredLines, orderCounterparties } from '../orders/index.js';
import './tables.js';

/* The returns module's SQL: the handlers (handlers.ts) call these and answer; views.ts builds the answers. */

type InputOf<M extends keyof typeof returnsMethods> = ParsedInputOf<(typeof returnsMethods)[M]>;

/** Statuses whose returns no longer hold back any of the delivered quantity. */
const RELEASED = ['REJECTED'];

/** A dealer sees their own returns; staff see every return (they handle them all). */
function visibleReturns(db: Db, actor: Actor) {
  const q = db.selectFrom('good_returns as r');
  return isStaff(actor) ? q : q.where('r.user_id', '=', actor.id);
}

/** The returns the actor sees, filtered by order, dealer or company (staff) and status: the count and a page of ids. */
export function listReturns(db: Db, actor: Actor, input: InputOf<'application-good-return/list'>) {
  let q = visibleReturns(db, actor);
  if (input.filter?.order) q = q.where('r.order_id', '=', input.filter.order);
  // The company shown is the order's counterparty, else the dealer's profile company: filter by the same.
  const byDealer = isStaff(actor)
    ? dealerCompanyCondition(
        'r.user_id',
        input.filter,
        (like) => sql<boolean>`EXISTS (SELECT 1 FROM ${orderUsers()} ru
            LEFT JOIN ${orderCounterparties()} ro ON ro.id = r.order_id
            LEFT JOIN ${orderCompanies()} rc ON rc.id = ro.counterparty_id
            WHERE ru.id = r.user_id AND (coalesce(nullif(rc.name, ''), ru.company) ILIKE ${like}
              OR coalesce(nullif(rc.inn, ''), ru.inn) LIKE ${like}))`,
      )
    : undefined;
  if (byDealer) q = q.where(byDealer);
  if (input.filter?.status) {
    const code = input.filter.status;
    q = q.where('r.status_id', 'in', (eb) =>
      eb.selectFrom('good_return_statuses').select('id').where('code', '=', code),
    );
  }
  return countAndPageIds(q, 'r.id', input);
}

/** The return's id if the actor sees it. */
export const visibleReturnId = async (db: Db, actor: Actor, id: number) =>
  (await visibleReturns(db, actor).select('r.id').where('r.id', '=', id).executeTakeFirst())?.id;

/** What live returns (not released) claim, summed by order line or by order; `exceptReturn` left out. */
export async function claimedBy(
  db: Db,
  key: 'order_item_id' | 'order_id',
  ids: number[],
  exceptReturn = 0,
): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('good_returns as gr')
    .innerJoin('good_return_statuses as gs', 'gs.id', 'gr.status_id')
    .select([`gr.${key} as id`, sql<number>`sum(gr.quantity)`.as('quantity')])
    .where(`gr.${key}`, 'in', ids)
    .where('gr.id', '<>', exceptReturn)
    .where('gs.code', 'not in', RELEASED)
    .groupBy(`gr.${key}`)
    .execute();
  return new Map(rows.map((r) => [Number(r.id), Number(r.quantity)]));
}

/**
 * How much of each line of an order is still returnable: delivered minus what other live returns claim.
 * `lock` takes the lines FOR UPDATE so two returns filed at once cannot both take the last piece; the claims
 * are read after the lock, so a return filed meanwhile is counted.
 */
export async function returnableLines(db: Db, orderId: number, exceptReturn = 0, lock = false) {
  const lines = await deliveredLines(db, orderId, lock);
  const claimed = await claimedBy(
    db,
    'order_item_id',
    lines.map((l) => l.id),
    exceptReturn,
  );
  return lines.map((l) => ({
    ...l,
    available: Math.max(0, Number(l.delivered_quantity) - (claimed.get(l.id) ?? 0)),
  }));
}

export const statusByCode = (db: Db, code: string) =>
  db.selectFrom('good_return_statuses').selectAll().where('code', '=', code).executeTakeFirst();

type ReturnFields = InputOf<'application-good-return/create'>['fields'];

/** Files a return of one order line; its id. */
export async function insertReturn(
  db: Db,
  order: { id: number; user_id: number },
  line: { id: number; product_id: number | null; name: string; article: string },
  statusId: number,
  fields: ReturnFields,
  photos: number[],
): Promise<number> {
  const created = await db
    .insertInto('good_returns')
    .values({
      user_id: order.user_id,
      order_id: order.id,
      order_item_id: line.id,
      product_id: line.product_id,
      product_name: line.name,
      article: line.article,
      quantity: fields.quantity,
      status_id: statusId,
      package_number: fields.packageNumber ?? '',
      product_delivery_date: fields.productDeliveryDate ?? null,
      reason: fields.reason,
      comment: fields.comment ?? '',
      file_ids: JSON.stringify(photos),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return created.id;
}

/**
 * The return with its status code, if it is `ownerId`'s (any return when `ownerId` is null); `lock` takes
 * the row FOR UPDATE, in the caller's transaction.
 */
export function returnWithStatus(db: Db, id: number, ownerId: number | null, lock = false) {
  let q = db
    .selectFrom('good_returns as r')
    .innerJoin('good_return_statuses as s', 's.id', 'r.status_id')
    .select(['r.id', 'r.order_id', 'r.order_item_id', 's.code'])
    .where('r.id', '=', id);
  if (ownerId !== null) q = q.where('r.user_id', '=', ownerId);
  return (lock ? q.forUpdate() : q).executeTakeFirst();
}

/** Writes the fields given (the others stay as they are) and touches the return. */
export async function updateReturn(
  db: Db,
  id: number,
  fields: InputOf<'application-good-return/update'>['fields'],
  photos: number[] | undefined,
): Promise<void> {
  await db
    .updateTable('good_returns')
    .set({
      ...(fields.quantity !== undefined ? { quantity: fields.quantity } : {}),
      ...(fields.packageNumber !== undefined ? { package_number: fields.packageNumber } : {}),
      ...(fields.productDeliveryDate !== undefined ? { product_delivery_date: fields.productDeliveryDate } : {}),
      ...(fields.reason !== undefined ? { reason: fields.reason } : {}),
      ...(fields.comment !== undefined ? { comment: fields.comment } : {}),
      ...(photos !== undefined ? { file_ids: JSON.stringify(photos) } : {}),
      updated_at: new Date(),
    })
    .where('id', '=', id)
    .execute();
}

export const deleteReturn = (db: Db, id: number) => db.deleteFrom('good_returns').where('id', '=', id).execute();

/** Moves the return to another status, in the caller's transaction. */
export const setReturnStatus = (db: Db, id: number, statusId: number) =>
  db.updateTable('good_returns').set({ status_id: statusId, updated_at: new Date() }).where('id', '=', id).execute();

/** The return a comment is written on, locked for the comment's transaction (its status may change). */
export const returnForComment = (db: Db, id: number) =>
  db
    .selectFrom('good_returns')
    .select(['id', 'user_id', 'status_id'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();

/** A dealer sees the comments on their own returns; staff see every comment. */
const visibleComments = (db: Db, actor: Actor) =>
  visibleReturns(db, actor).innerJoin('good_return_comments as c', 'c.good_return_id', 'r.id');

/** The comments the actor sees, of one return if the filter names it, oldest first: the count and a page of ids. */
export function listComments(db: Db, actor: Actor, input: InputOf<'application-good-return-comment/list'>) {
  let q = visibleComments(db, actor);
  if (input.filter?.goodreturn) q = q.where('c.good_return_id', '=', input.filter.goodreturn);
  return countAndPageIds(q, 'c.id', input, 'asc');
}

/** The comment's id if the actor sees it. */
export const visibleCommentId = async (db: Db, actor: Actor, id: number) =>
  (await visibleComments(db, actor).select('c.id').where('c.id', '=', id).executeTakeFirst())?.id;

/** The comment on this return, if `authorId` wrote it (any author when `authorId` is null). */
export async function commentOnReturn(db: Db, id: number, returnId: number, authorId: number | null) {
  let q = db
    .selectFrom('good_return_comments')
    .select('id')
    .where('id', '=', id)
    .where('good_return_id', '=', returnId);
  if (authorId !== null) q = q.where('user_id', '=', authorId);
  return (await q.executeTakeFirst())?.id;
}

export interface CommentValues {
  text: string;
  statusId: number | null;
  photos: number[];
}

export async function insertComment(db: Db, returnId: number, authorId: number, c: CommentValues): Promise<number> {
  const created = await db
    .insertInto('good_return_comments')
    .values({
      good_return_id: returnId,
      user_id: authorId,
      text: c.text,
      status_id: c.statusId,
      file_ids: JSON.stringify(c.photos),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return created.id;
}

export async function updateComment(db: Db, id: number, c: CommentValues): Promise<void> {
  await db
    .updateTable('good_return_comments')
    .set({ text: c.text, status_id: c.statusId, file_ids: JSON.stringify(c.photos), updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

/** Deletes the comment if `authorId` wrote it (any comment when `authorId` is null); false when none was. */
export async function deleteComment(db: Db, id: number, authorId: number | null): Promise<boolean> {
  let q = db.deleteFrom('good_return_comments').where('id', '=', id);
  if (authorId !== null) q = q.where('user_id', '=', authorId);
  const result = await q.executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

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

const fileRef = (id: number) => JSON.stringify([id]);

/**
 * Whether a file is shown on a return or on a comment of one; with `dealerId`, only on that dealer's own
 * returns (a dealer opens what is attached to their returns; staff handle every return).
 */
export async function isFileOnReturns(db: Db, fileId: number, dealerId?: number): Promise<boolean> {
  const ref = fileRef(fileId);
  const onReturn = await db
    .selectFrom('good_returns as r')
    .select('r.id')
    .where(sql<boolean>`r.file_ids @> ${ref}::jsonb`)
    .$if(dealerId !== undefined, (q) => q.where('r.user_id', '=', dealerId!))
    .executeTakeFirst();
  if (onReturn) return true;
  const onComment = await db
    .selectFrom('good_return_comments as c')
    .innerJoin('good_returns as r', 'r.id', 'c.good_return_id')
    .select('c.id')
    .where(sql<boolean>`c.file_ids @> ${ref}::jsonb`)
    .$if(dealerId !== undefined, (q) => q.where('r.user_id', '=', dealerId!))
    .executeTakeFirst();
  return Boolean(onComment);
}
