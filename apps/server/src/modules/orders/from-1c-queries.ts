import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { statusFromExchange } from './exchange.js';
import type { OrderHistoryChange, ShipState } from './tables.js';
import './tables.js';

/**
 * Orders placed in 1C (decision 202): an order document 1C sends that the portal does not know, for a company
 * the portal has, becomes an order of the company's dealer, marked `from_1c`, read-only for the dealer and the
 * desk. 1C already has it, so it is written as received (`exchange_version` = `updated_at`) and never goes back.
 * Once stored, a re-sent document finds it by its Ид and goes through `applyExchangeOrderChange` (decision 096).
 */

export interface OrderFrom1C {
  userId: number;
  counterpartyId: number;
  externalId: string;
  number1c: string;
  /** The document's date (ISO day). */
  date: string;
  statusExt: string;
  statusName: string;
  price: number;
  currency: string;
  comment: string;
  /** Paid already (an order converted from a document kept before decision 202, its payments covering it). */
  paid?: boolean;
  lines: Array<{ productId: number | null; name: string; article: string; quantity: number; price: number }>;
}

/** Creates the order of a 1C order document in one transaction; answers its id. */
export const createOrderFrom1C = (db: Db, order: OrderFrom1C): Promise<number> =>
  db.transaction().execute((trx) => writeOrderFrom1C(trx, order));

/** The same in the caller's transaction (the conversion of decision 228 links its documents in it too). */
export async function writeOrderFrom1C(trx: Db, order: OrderFrom1C): Promise<number> {
  const statusId =
    (await statusFromExchange(trx, order.statusExt, order.statusName)) ??
    (await trx.selectFrom('order_statuses').select('id').where('code', '=', 'N').executeTakeFirstOrThrow()).id;
  const createdAt = /^\d{4}-\d{2}-\d{2}$/.test(order.date) ? new Date(`${order.date}T09:00:00Z`) : new Date();
  const { id } = await trx
    .insertInto('orders')
    .values({
      user_id: order.userId,
      counterparty_id: order.counterpartyId,
      status_id: statusId,
      price: order.price,
      currency: order.currency,
      comment: order.comment,
      external_id: order.externalId,
      number_1c: order.number1c,
      from_1c: true,
      ...(order.paid ? { is_paid: true } : {}),
      created_at: createdAt,
      updated_at: sql<Date>`now()`,
      exchange_version: sql<Date>`now()`,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const lines = order.lines.filter((l) => l.quantity > 0);
  if (lines.length > 0) {
    await trx
      .insertInto('order_items')
      .values(
        lines.map((l) => ({
          order_id: id,
          product_id: l.productId,
          name: l.name || l.article || '—',
          article: l.article,
          quantity: l.quantity,
          price: l.price,
          currency: order.currency,
          weight_kg: null,
          volume_m3: null,
        })),
      )
      .execute();
  }
  return id;
}

/**
 * How much of the order 1C has shipped (decision 202), from the shipped quantity per product (else part
 * number): `none`, `partly` or `full`. The order's `updated_at` stays, so the order does not go to 1C again.
 */
export async function setShipState(
  db: Db,
  orderId: number,
  shipped: Array<{ productId: number | null; article: string; quantity: number }>,
): Promise<ShipState> {
  const lines = await db
    .selectFrom('order_items')
    .select(['product_id', 'article', 'quantity'])
    .where('order_id', '=', orderId)
    .where('quantity', '>', 0)
    .execute();
  const shippedOf = (l: { product_id: number | null; article: string }) =>
    shipped
      .filter(
        (s) => (l.product_id !== null && s.productId === l.product_id) || (!s.productId && s.article === l.article),
      )
      .reduce((n, s) => n + s.quantity, 0);
  const any = shipped.some((s) => s.quantity > 0);
  const all = lines.length > 0 && lines.every((l) => shippedOf(l) >= l.quantity);
  const state: ShipState = !any ? 'none' : all ? 'full' : 'partly';
  await db.updateTable('orders').set({ ship_state: state }).where('id', '=', orderId).execute();
  return state;
}

/** Whether the order was placed in 1C (decision 202). */
export async function isOrderFrom1C(db: Db, orderId: number): Promise<boolean> {
  const row = await db.selectFrom('orders').select('from_1c').where('id', '=', orderId).executeTakeFirst();
  return row?.from_1c === true;
}

/** The order placed in 1C that a document names by its 1C Ид or 1C number, with its company. */
export const orderFrom1CNamed = (db: Db, candidates: string[]) =>
  candidates.length === 0
    ? Promise.resolve(undefined)
    : db
        .selectFrom('orders')
        .select(['id', 'counterparty_id'])
        .where('from_1c', '=', true)
        .where((eb) => eb.or([eb('external_id', 'in', candidates), eb('number_1c', 'in', candidates)]))
        .orderBy('id')
        .executeTakeFirst();

/**
 * A line of the order's history for a document 1C sent for it (decision 202): a shipment, a payment, a bill.
 * Written by «Обмен с 1С», in the caller's transaction; the account module tells the dealer itself.
 */
export async function recordOrderDocument(
  db: Db,
  orderId: number,
  document: Extract<OrderHistoryChange, { field: 'document' }>,
): Promise<void> {
  await db
    .insertInto('order_history')
    .values({ order_id: orderId, author_id: null, source: 'exchange', changes: JSON.stringify([document]) })
    .execute();
}
