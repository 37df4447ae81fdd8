import { normalizeArticle, type deskMethods, type orderMethods, type ParsedInputOf } from '@portal/contract';
import { sql, type Insertable } from 'kysely';
import type { Db } from '../../db/database.js';
import { dayEnd, dayStart } from '../../rest/dates.js';
import { containsPattern, paged, type PageInput } from '../../rest/paging.js';
import { managedBy, type Actor } from '../auth/index.js';
import { fileNameOf } from '../files/index.js';
import type { CorrectiveOrderItemsTable, OrderHistoryTable, OrderItemsTable } from './tables.js';
import { applyFilter, hasLineLike, orderQuery, scoped, type OrderRow } from './view.js';
import './tables.js';

/**
 * The SQL of the orders handlers (`handlers.ts`, `desk-handlers.ts`): one function per read or write, taking
 * `db` or the handler's transaction. The order rows and their views are in `view.ts`.
 */

// ---- Lists --------------------------------------------------------------------------------------------------

type OrderListQuery = ReturnType<typeof orderQuery>;
type Direction = 'ASC' | 'DESC';
type OrderListInput = PageInput & {
  sort?: { ID?: Direction; DATE_CREATE?: Direction; PRICE?: Direction; STATUS?: Direction };
};

/**
 * A filtered order list (the dealer's `order/list`, the desk's `desk-order/list`): how many match, and the rows of
 * the page asked for, sorted by price and status as asked, then by number (newest first unless `ID` or
 * `DATE_CREATE` asks otherwise: numbers grow with time).
 */
export async function countAndPageOrders<Q extends OrderListQuery>(
  q: Q,
  input: OrderListInput | undefined,
  /** The desk: open orders marked «Машина стоит» come before every other (decision 209). */
  urgentFirst = false,
): Promise<{ count: number; rows: Array<Awaited<ReturnType<Q['executeTakeFirstOrThrow']>>> }> {
  const { n } = await q
    .clearSelect()
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const sort = input?.sort ?? {};
  const dir = (v: string | undefined) => (v === 'ASC' ? 'asc' : 'desc');
  let rows: OrderListQuery = q;
  if (urgentFirst) rows = rows.orderBy(openUrgent, 'desc');
  if (sort.PRICE) rows = rows.orderBy('o.price', dir(sort.PRICE));
  if (sort.STATUS) rows = rows.orderBy('s.sort', dir(sort.STATUS));
  rows = rows.orderBy('o.id', dir(sort.ID ?? sort.DATE_CREATE ?? 'DESC'));
  rows = paged(rows, input);
  return { count: Number(n), rows: (await rows.execute()) as Array<Awaited<ReturnType<Q['executeTakeFirstOrThrow']>>> };
}

/** «Машина стоит» while the order is still open: not cancelled, not shipped, not done (decision 209). */
const openUrgent = sql<boolean>`(o.urgent AND NOT o.is_canceled AND s.code NOT IN ('S', 'F', 'C'))`;

/** The orders the actor sees (a dealer their own, an administrator every one), filtered, sorted and paged. */
export const listOrders = (db: Db, actor: Actor, input: ParsedInputOf<(typeof orderMethods)['order/list']>) =>
  countAndPageOrders(applyFilter(scoped(db, actor), input.filter), input);

/** The orders the actor sees in «Акты сверки» (shipped or done), newest first, of one order or every one. */
export const actRows = (db: Db, actor: Actor, filter: { order?: number; id?: number }) => {
  let q = scoped(db, actor).where('s.code', 'in', ['S', 'F']);
  if (filter.order) q = q.where('o.id', '=', filter.order);
  if (filter.id) q = q.where('o.id', '=', filter.id);
  return q.orderBy('o.id', 'desc').execute();
};

/** The desk's order row: the dealer's order with the dealer's e-mail, the bill and the pending corrections. */
export function deskQuery(db: Db) {
  return orderQuery(db).select([
    'u.email',
    'o.bill_issued_at',
    fileNameOf('o.bill_file_id').as('bill_file_name'),
    sql<number>`(SELECT count(*) FROM corrective_orders co WHERE co.order_id = o.id AND co.status = 'PENDING')`.as(
      'pending',
    ),
  ]);
}
export type DeskRow = OrderRow & {
  email: string;
  bill_issued_at: Date | null;
  bill_file_name: string;
  offer_file_name: string;
  pending: number;
};

/** The desk's row of one order. */
export const deskOrderRow = async (db: Db, id: number) =>
  (await deskQuery(db).where('o.id', '=', id).executeTakeFirst()) as DeskRow | undefined;

/** A line whose part number starts with the text (`exact`: is the text, for a search that may be an order number). */
function articleMatch(text: string, exact = false) {
  const key = normalizeArticle(text);
  return hasLineLike(exact ? key : key + '%');
}

type DeskFilter = NonNullable<ParsedInputOf<(typeof deskMethods)['desk-order/list']>['filter']>;

/** Every dealer's orders as the desk's filter narrows them (dealer, company, state, dates, sums, number or part). */
function deskFiltered(db: Db, f: DeskFilter, actorId: number) {
  let q = deskQuery(db);
  if (f.mine) q = q.where(managedBy('o.user_id', 'o.counterparty_id', actorId));
  if (f.dealerId) q = q.where('o.user_id', '=', f.dealerId);
  if (f.dealer) {
    const like = containsPattern(f.dealer);
    q = q.where((eb) =>
      eb.or([
        eb('u.login', 'ilike', like),
        eb('u.email', 'ilike', like),
        eb(sql<string>`u.last_name || ' ' || u.first_name`, 'ilike', like),
        eb('u.company', 'ilike', like),
      ]),
    );
  }
  if (f.companyId) q = q.where('o.counterparty_id', '=', f.companyId);
  if (f.company) {
    const like = containsPattern(f.company);
    q = q.where((eb) => eb.or([eb('c.name', 'ilike', like), eb('c.inn', 'like', like)]));
  }
  if (f.status !== undefined) {
    const list = Array.isArray(f.status) ? f.status : [f.status];
    q = list.length ? q.where('o.status_id', 'in', list) : q.where(sql<boolean>`false`);
  }
  if (f.isPayment !== undefined) q = q.where('o.is_paid', '=', f.isPayment);
  if (f.isWarning !== undefined) q = q.where('o.is_warning', '=', f.isWarning);
  if (f.isCanceled !== undefined) q = q.where('o.is_canceled', '=', f.isCanceled);
  if (f.hasPending !== undefined) {
    const pending = sql<boolean>`EXISTS (SELECT 1 FROM corrective_orders co WHERE co.order_id = o.id AND co.status = 'PENDING')`;
    q = q.where(f.hasPending ? pending : sql<boolean>`NOT ${pending}`);
  }
  if (f.dateFrom) q = q.where('o.created_at', '>=', dayStart(f.dateFrom));
  if (f.dateTo) q = q.where('o.created_at', '<', dayEnd(f.dateTo));
  if (f.sumFrom !== undefined) q = q.where('o.price', '>=', f.sumFrom);
  if (f.sumTo !== undefined) q = q.where('o.price', '<=', f.sumTo);
  if (f.search) {
    const text = f.search.trim().replace(/^№\s*/, '');
    const hasKey = normalizeArticle(text) !== '';
    if (/^\d{1,9}$/.test(text)) {
      q = q.where((eb) => eb.or([eb('o.id', '=', Number(text)), ...(hasKey ? [articleMatch(text, true)] : [])]));
    } else {
      q = hasKey ? q.where(articleMatch(text)) : q;
    }
  }
  return q;
}

/** Every dealer's orders for the desk, filtered, sorted and paged. */
export async function listDeskOrders(
  db: Db,
  actorId: number,
  input: ParsedInputOf<(typeof deskMethods)['desk-order/list']>,
) {
  const { count, rows } = await countAndPageOrders(deskFiltered(db, input.filter ?? {}, actorId), input, true);
  return { count, rows: rows as DeskRow[] };
}

/** The order statuses, in the site's order. */
export const orderStatusRows = (db: Db) =>
  db.selectFrom('order_statuses').selectAll().orderBy('sort').orderBy('id').execute();

/** The ids of the dealer's own orders (or of the one asked for, if it is theirs). */
export async function ownOrderIds(db: Db, userId: number, orderId?: number): Promise<number[]> {
  let q = db.selectFrom('orders').select('id').where('user_id', '=', userId);
  if (orderId) q = q.where('id', '=', orderId);
  return (await q.execute()).map((o) => o.id);
}

/** Who placed the order (the dealer a desk upload is copied to); undefined when there is no such order. */
export const orderDealerId = async (db: Db, orderId: number) =>
  (await db.selectFrom('orders').select('user_id').where('id', '=', orderId).executeTakeFirst())?.user_id;

// ---- Corrections (decision 060, decision 100) ---------------------------------------------------------------

/** The dealer's own order with its state and status, locked for the correction; undefined when not theirs. */
export const lockOwnOrderState = (db: Db, userId: number, orderId: number) =>
  db
    .selectFrom('orders as o')
    .innerJoin('order_statuses as s', 's.id', 'o.status_id')
    .select(['o.id', 'o.counterparty_id', 'o.is_canceled', 'o.is_paid', 'o.from_1c', 's.code', 's.name', 's.name_en'])
    .where('o.id', '=', orderId)
    .where('o.user_id', '=', userId)
    .forUpdate('o')
    .executeTakeFirst();

/** These lines of the order (those that are its own). */
export const orderLinesByIds = (db: Db, orderId: number, lineIds: number[]) =>
  db.selectFrom('order_items').selectAll().where('order_id', '=', orderId).where('id', 'in', lineIds).execute();

/** Whether the order keeps a line with a quantity besides these. */
export async function hasOtherLiveLine(db: Db, orderId: number, lineIds: number[]): Promise<boolean> {
  const left = await db
    .selectFrom('order_items')
    .select('id')
    .where('order_id', '=', orderId)
    .where('quantity', '>', 0)
    .where('id', 'not in', lineIds)
    .executeTakeFirst();
  return left !== undefined;
}

/** Whether the order has a correction still waiting for the manager. */
export async function hasPendingCorrection(db: Db, orderId: number): Promise<boolean> {
  const pending = await db
    .selectFrom('corrective_orders')
    .select('id')
    .where('order_id', '=', orderId)
    .where('status', '=', 'PENDING')
    .executeTakeFirst();
  return pending !== undefined;
}

/** A new correction of the order, waiting for the manager; its id. */
export async function insertPendingCorrection(db: Db, orderId: number, userId: number): Promise<number> {
  const head = await db
    .insertInto('corrective_orders')
    .values({ order_id: orderId, user_id: userId, status: 'PENDING' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return head.id;
}

/** Takes every line out of a correction (its products are being replaced). */
export const clearCorrectionLines = (db: Db, correctionId: number) =>
  db.deleteFrom('corrective_order_items').where('corrective_order_id', '=', correctionId).execute();

/** Stores the lines of a correction. */
export const insertCorrectionLines = (db: Db, lines: Array<Insertable<CorrectiveOrderItemsTable>>) =>
  db.insertInto('corrective_order_items').values(lines).execute();

/** The dealer's own correction (with its order and status); undefined when it is not theirs or missing. */
export const ownCorrection = (db: Db, userId: number, correctionId: number) =>
  db
    .selectFrom('corrective_orders as c')
    .innerJoin('orders as o', 'o.id', 'c.order_id')
    .select(['c.id', 'c.order_id', 'c.status'])
    .where('c.id', '=', correctionId)
    .where('o.user_id', '=', userId)
    .executeTakeFirst();

/** The correction's status, locked until the transaction ends. */
export const lockCorrectionStatus = (db: Db, correctionId: number) =>
  db
    .selectFrom('corrective_orders')
    .select(['id', 'status'])
    .where('id', '=', correctionId)
    .forUpdate()
    .executeTakeFirstOrThrow();

export const deleteCorrection = (db: Db, correctionId: number) =>
  db.deleteFrom('corrective_orders').where('id', '=', correctionId).execute();

/** The order a correction belongs to; undefined when there is no such correction. */
export const correctionOrderId = async (db: Db, correctionId: number) =>
  (await db.selectFrom('corrective_orders').select(['order_id']).where('id', '=', correctionId).executeTakeFirst())
    ?.order_id;

/** The manager's decision on a correction: who, when, why. */
export const decideCorrection = (
  db: Db,
  correctionId: number,
  decision: { status: 'ACCEPTED' | 'REFUSED'; by: number; reason: string },
) =>
  db
    .updateTable('corrective_orders')
    .set({ status: decision.status, decided_by: decision.by, decided_at: new Date(), reason: decision.reason })
    .where('id', '=', correctionId)
    .execute();

/** The correction's lines: which order line, and its count after the correction. */
export const correctionLineCounts = (db: Db, correctionId: number) =>
  db
    .selectFrom('corrective_order_items')
    .select(['order_item_id', 'after_count'])
    .where('corrective_order_id', '=', correctionId)
    .execute();

// ---- The desk's summary -------------------------------------------------------------------------------------

const count = (q: { executeTakeFirstOrThrow(): Promise<{ n: number | string | bigint }> }) =>
  q.executeTakeFirstOrThrow().then((r) => Number(r.n));

/** Orders marked as a problem and not cancelled. */
export const countProblemOrders = (db: Db) =>
  count(
    db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('is_warning', '=', true)
      .where('is_canceled', '=', false),
  );

/** Orders with a correction waiting for the manager. */
export const countOrdersWithPendingCorrections = (db: Db) =>
  count(
    db
      .selectFrom('corrective_orders')
      .select(sql<number>`count(DISTINCT order_id)`.as('n'))
      .where('status', '=', 'PENDING'),
  );

/** New orders («Новый»), not cancelled. */
export const countNewOrders = (db: Db) =>
  count(
    db
      .selectFrom('orders as o')
      .innerJoin('order_statuses as s', 's.id', 'o.status_id')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('s.code', '=', 'N')
      .where('o.is_canceled', '=', false),
  );

/* The change mechanism's SQL (change-order.ts, decision 100): every statement runs in the change's transaction. */

/** The order's state for a change, its row locked (`lockOrder` took it first), with its status. */
export const lockedOrderState = (db: Db, orderId: number) =>
  db
    .selectFrom('orders as o')
    .innerJoin('order_statuses as s', 's.id', 'o.status_id')
    .select([
      'o.id',
      'o.user_id',
      'o.pay_system_id',
      'o.is_paid',
      'o.is_warning',
      'o.is_canceled',
      'o.shipped_at',
      'o.currency',
      'o.from_1c',
      's.id as status_id',
      's.code as status_code',
      's.name as status_name',
      's.name_en as status_name_en',
    ])
    .where('o.id', '=', orderId)
    .forUpdate('o')
    .executeTakeFirst();

/** A status by its id or its code. */
export function orderStatusBy(db: Db, status: number | { code: string }) {
  const q = db.selectFrom('order_statuses').select(['id', 'code', 'name', 'name_en']);
  return (
    typeof status === 'number' ? q.where('id', '=', status) : q.where('code', '=', status.code)
  ).executeTakeFirst();
}

/** Sets the order's status and flags. */
export const setOrderState = (
  db: Db,
  orderId: number,
  set: { status_id?: number; is_canceled?: boolean; is_paid?: boolean; is_warning?: boolean; shipped_at?: Date },
) =>
  db
    .updateTable('orders')
    .set({ ...set, updated_at: new Date() })
    .where('id', '=', orderId)
    .execute();

/** First shipment (decision 061): every line counts as delivered in full. */
export const deliverAllLines = (db: Db, orderId: number) =>
  db
    .updateTable('order_items')
    .set((eb) => ({ delivered_quantity: eb.ref('quantity') }))
    .where('order_id', '=', orderId)
    .execute();

/** Whether the order keeps a line with a quantity. */
export async function hasLiveLine(db: Db, orderId: number): Promise<boolean> {
  const row = await db
    .selectFrom('order_items')
    .select('id')
    .where('order_id', '=', orderId)
    .where('quantity', '>', 0)
    .executeTakeFirst();
  return row !== undefined;
}

/** The order's attached bill and offer files (ids, null = none). */
export const orderAttachedFiles = (db: Db, orderId: number) =>
  db.selectFrom('orders').select(['bill_file_id', 'offer_file_id']).where('id', '=', orderId).executeTakeFirst();

/** Issues the bill: an attached file, or the generated one (null). */
export const setOrderBill = (db: Db, orderId: number, fileId: number | null) =>
  db
    .updateTable('orders')
    .set({ bill_file_id: fileId, bill_issued_at: new Date(), updated_at: new Date() })
    .where('id', '=', orderId)
    .execute();

/** Attaches (or removes, null) the commercial offer. */
export const setOrderOffer = (db: Db, orderId: number, fileId: number | null, description: string) =>
  db
    .updateTable('orders')
    .set({ offer_file_id: fileId, offer_description: description, updated_at: new Date() })
    .where('id', '=', orderId)
    .execute();

/** Writes one line of the order's history; answers its id. */
export async function insertOrderHistory(db: Db, row: Insertable<OrderHistoryTable>): Promise<number> {
  const { id } = await db.insertInto('order_history').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

/** Every line of the order. */
export const orderLines = (db: Db, orderId: number) =>
  db.selectFrom('order_items').selectAll().where('order_id', '=', orderId).execute();

export const setLineQuantity = (db: Db, lineId: number, quantity: number) =>
  db.updateTable('order_items').set({ quantity }).where('id', '=', lineId).execute();

/** A manager's price of a line (decision 196). */
export const setLinePrice = (db: Db, lineId: number, price: number) =>
  db.updateTable('order_items').set({ price }).where('id', '=', lineId).execute();

/** Adds a line to the order; answers its id. */
export async function insertOrderLine(db: Db, row: Insertable<OrderItemsTable>): Promise<number> {
  const { id } = await db.insertInto('order_items').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

/** The desk's export (decision 196): the selected orders, or the filter's, newest first, at most `limit`. */
export async function deskOrdersForExport(
  db: Db,
  actorId: number,
  filter: DeskFilter,
  ids: number[] | undefined,
  limit: number,
) {
  let q = deskFiltered(db, filter, actorId);
  if (ids) q = ids.length ? q.where('o.id', 'in', ids) : q.where(sql<boolean>`false`);
  return (await q.orderBy('o.id', 'desc').limit(limit).execute()) as DeskRow[];
}
