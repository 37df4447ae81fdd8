import type { Insertable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { OrderItemsTable, OrdersTable } from './tables.js';

/* The SQL of a checkout (create-order.ts): the order's head and lines, its idempotency key, the basket's
   last order, the shipping chosen (docs/conventions.md, "Where the SQL lives"). */

/** The status a new order takes: the first by sort, created when the table is empty (a fresh database). */
export async function defaultStatusId(db: Db): Promise<number> {
  const row = await db
    .selectFrom('order_statuses')
    .select('id')
    .orderBy('sort')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  if (row) return row.id;
  const created = await db
    .insertInto('order_statuses')
    .values({ code: 'N', name: 'Новый', name_en: 'New', color: '#1976d2', sort: 10 })
    .returning('id')
    .executeTakeFirstOrThrow();
  return created.id;
}

/** The order a repeated submit with this idempotency key already made. */
export const orderByIdempotencyKey = (db: Db, key: string) =>
  db.selectFrom('orders').select('id').where('idempotency_key', '=', key).executeTakeFirst();

/** The shipping method chosen at checkout, if it exists. */
export const shippingOf = (db: Db, id: number) =>
  db.selectFrom('shippings').select(['id', 'is_pickup']).where('id', '=', id).executeTakeFirst();

/** The dealer's latest order placed from this basket since `since` (a repeated checkout answers with it). */
export const recentOrderFromBasket = (db: Db, userId: number, basketId: number, since: Date) =>
  db
    .selectFrom('orders')
    .select('id')
    .where('user_id', '=', userId)
    .where('source_basket_id', '=', basketId)
    .where('created_at', '>', since)
    .orderBy('id', 'desc')
    .executeTakeFirst();

/** Writes the order's head; answers its id. */
export const insertOrder = (db: Db, values: Insertable<OrdersTable>) =>
  db.insertInto('orders').values(values).returning('id').executeTakeFirstOrThrow();

/** Writes the order's lines, 500 to a statement (a basket may hold thousands). */
export async function insertOrderItems(db: Db, items: Array<Insertable<OrderItemsTable>>): Promise<void> {
  for (let i = 0; i < items.length; i += 500) {
    await db
      .insertInto('order_items')
      .values(items.slice(i, i + 500))
      .execute();
  }
}

/** The sum of a company's orders placed on the portal since `since` and not cancelled (not in 1C's debt yet). */
export async function openOrdersSum(db: Db, company: number, since: Date | null): Promise<number> {
  let q = db
    .selectFrom('orders')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('price'), eb.lit(0)).as('sum'))
    .where('counterparty_id', '=', company)
    .where('is_canceled', '=', false);
  if (since) q = q.where('created_at', '>', since);
  const row = await q.executeTakeFirst();
  return Number(row?.sum ?? 0);
}
