import { expressionBuilder, sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { RETURNABLE_STATUS_CODES } from './rules.js';
import './tables.js';

/* What the returns module reads of orders (decision 151): the order with its status, its lines with the
   delivered quantity, and the orders a return may be filed on. What the returns claim is counted by the
   returns module on its own tables. */

/** Each order's company (`counterparty_id`), as a subquery the returns list joins on to filter by company. */
export const orderCounterparties = () =>
  expressionBuilder<Database, never>().selectFrom('orders').select(['id', 'counterparty_id']);

/** The order with its status, only if it is `userId`'s (`null`: anyone's, for an administrator). */
export function orderForReturn(db: Db, orderId: number, userId: number | null) {
  let q = db
    .selectFrom('orders as o')
    .innerJoin('order_statuses as s', 's.id', 'o.status_id')
    .select([
      'o.id',
      'o.user_id',
      'o.counterparty_id',
      'o.created_at',
      'o.is_canceled',
      'o.shipped_at',
      's.code as status_code',
      's.name as status_name',
      's.name_en as status_name_en',
    ])
    .where('o.id', '=', orderId);
  if (userId !== null) q = q.where('o.user_id', '=', userId);
  return q.executeTakeFirst();
}

/** The order's lines with what was delivered, in line order; `lock` takes them FOR UPDATE. */
export function deliveredLines(db: Db, orderId: number, lock = false) {
  let q = db
    .selectFrom('order_items')
    .select(['id', 'product_id', 'name', 'article', 'delivered_quantity'])
    .where('order_id', '=', orderId)
    .orderBy('id');
  if (lock) q = q.forUpdate();
  return q.execute();
}

/**
 * Orders in a returnable status, not cancelled, shipped since `since`, with something delivered: newest
 * first, at most `limit`, with the delivered sum; only `userId`'s unless `null`.
 */
export function returnableOrders(db: Db, since: Date, userId: number | null, limit: number) {
  let q = db
    .selectFrom('orders as o')
    .innerJoin('order_statuses as s', 's.id', 'o.status_id')
    .innerJoin('order_items as oi', 'oi.order_id', 'o.id')
    .select(['o.id', 'o.created_at', 'o.shipped_at', sql<number>`sum(oi.delivered_quantity)`.as('delivered')])
    .where('s.code', 'in', [...RETURNABLE_STATUS_CODES])
    .where('o.is_canceled', '=', false)
    .where('o.shipped_at', '>=', since)
    .groupBy(['o.id', 'o.created_at', 'o.shipped_at'])
    .having(sql<boolean>`sum(oi.delivered_quantity) > 0`)
    .orderBy('o.id', 'desc')
    .limit(limit);
  if (userId !== null) q = q.where('o.user_id', '=', userId);
  return q.execute();
}
