import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { orderUsers } from '../auth/index.js';
import { orderPaySystems, productKeys } from '../catalog/index.js';
import { orderCompanies } from '../companies/index.js';
import { changeOrder, type ChangeResult, type OrderChange, type OrderDeps } from './change-order.js';
import type { SupplierLine } from './supplier-lines.js';
import type { OrderMachineSnapshot } from './tables.js';

/**
 * What the 1C exchange (decision 096) needs of orders: the orders 1C has not received yet, marking them
 * received, the status 1C names, and applying what 1C says of an order through `changeOrder`.
 */

export interface ExportOrder {
  id: number;
  version: string;
  createdAt: Date;
  externalId: string | null;
  number1c: string;
  price: number;
  currency: string;
  comment: string;
  vin: string;
  machineModel: string;
  /** «Машина стоит» (decision 209) and the machine the order was placed for, as it was then. */
  urgent: boolean;
  machine: OrderMachineSnapshot | null;
  deliveryAddress: string;
  isPaid: boolean;
  isCanceled: boolean;
  isWarning: boolean;
  status: { id: number; code: string; name: string; externalId: string | null; final: boolean };
  payment: string;
  shipping: string;
  isPickup: boolean;
  user: { id: number; login: string; name: string; email: string; phone: string };
  company: { id: number; name: string; inn: string; kpp: string; address: string } | null;
  items: Array<{
    productExtId: string | null;
    productId: number | null;
    name: string;
    article: string;
    unit: string;
    quantity: number;
    price: number;
  }>;
}

/** Orders created or changed since 1C last received them, oldest first. */
export async function ordersForExchange(db: Db, limit: number): Promise<ExportOrder[]> {
  const rows = await sql<{
    id: number;
    version: string;
    created_at: Date;
    external_id: string | null;
    number_1c: string;
    price: string;
    currency: string;
    comment: string;
    vin: string;
    machine_model: string;
    urgent: boolean;
    machine: OrderMachineSnapshot | string | null;
    delivery_address: string;
    is_paid: boolean;
    is_canceled: boolean;
    is_warning: boolean;
    status_id: number;
    status_code: string;
    status_name: string;
    status_ext: string | null;
    status_type: string;
    pay_name: string | null;
    ship_name: string | null;
    is_pickup: boolean | null;
    user_id: number;
    login: string;
    last_name: string;
    first_name: string;
    email: string;
    phone: string;
    company_id: number | null;
    company_name: string | null;
    inn: string | null;
    kpp: string | null;
    legal_address: string | null;
  }>`
    SELECT o.id, to_char(o.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') AS version, o.created_at,
           o.external_id, o.number_1c, o.price, o.currency, o.comment, o.vin, o.machine_model, o.delivery_address,
           o.urgent, o.machine, o.is_paid, o.is_canceled, o.is_warning,
           s.id AS status_id, s.code AS status_code, s.name AS status_name, s.external_id AS status_ext, s.type AS status_type,
           ps.name AS pay_name, sh.name AS ship_name, sh.is_pickup,
           u.id AS user_id, u.login, u.last_name, u.first_name, u.email, u.phone,
           c.id AS company_id, c.name AS company_name, c.inn, c.kpp, c.legal_address
    FROM orders o
    JOIN order_statuses s ON s.id = o.status_id
    JOIN ${orderUsers()} u ON u.id = o.user_id
    LEFT JOIN ${orderCompanies()} c ON c.id = o.counterparty_id
    LEFT JOIN ${orderPaySystems()} ps ON ps.id = o.pay_system_id
    LEFT JOIN shippings sh ON sh.id = o.shipping_id
    WHERE o.exchange_version IS DISTINCT FROM o.updated_at AND NOT o.from_1c
    ORDER BY o.id
    LIMIT ${limit}`.execute(db);
  if (rows.rows.length === 0) return [];
  const items = await sql<{
    order_id: number;
    product_id: number | null;
    external_id: string | null;
    name: string;
    article: string;
    unit: string;
    quantity: number;
    price: string;
  }>`
    SELECT oi.order_id, oi.product_id, p.external_id, oi.name, oi.article, oi.unit, oi.quantity, oi.price
    FROM order_items oi LEFT JOIN ${productKeys()} p ON p.id = oi.product_id
    WHERE oi.order_id = ANY(${rows.rows.map((r) => r.id)}::int[]) AND oi.quantity > 0
    ORDER BY oi.order_id, oi.id`.execute(db);
  return rows.rows.map((r) => ({
    id: r.id,
    version: r.version,
    createdAt: new Date(r.created_at),
    externalId: r.external_id,
    number1c: r.number_1c,
    price: Number(r.price),
    currency: r.currency,
    comment: r.comment,
    vin: r.vin,
    machineModel: r.machine_model,
    urgent: r.urgent,
    // jsonb comes parsed from node-postgres and PGlite; a text value (another driver) is parsed here.
    machine: typeof r.machine === 'string' ? (JSON.parse(r.machine) as OrderMachineSnapshot) : r.machine,
    deliveryAddress: r.delivery_address,
    isPaid: r.is_paid,
    isCanceled: r.is_canceled,
    isWarning: r.is_warning,
    status: {
      id: r.status_id,
      code: r.status_code,
      name: r.status_name,
      externalId: r.status_ext,
      final: r.status_type === 'F',
    },
    payment: r.pay_name ?? '',
    shipping: r.ship_name ?? '',
    isPickup: Boolean(r.is_pickup),
    user: {
      id: r.user_id,
      login: r.login,
      name: [r.last_name, r.first_name].filter(Boolean).join(' ') || r.login,
      email: r.email,
      phone: r.phone,
    },
    company: r.company_id
      ? {
          id: r.company_id,
          name: r.company_name ?? '',
          inn: r.inn ?? '',
          kpp: r.kpp ?? '',
          address: r.legal_address ?? '',
        }
      : null,
    items: items.rows
      .filter((i) => i.order_id === r.id)
      .map((i) => ({
        productExtId: i.external_id,
        productId: i.product_id,
        name: i.name,
        article: i.article,
        unit: i.unit,
        quantity: i.quantity,
        price: Number(i.price),
      })),
  }));
}

/** 1C received these orders as they were (an order changed since goes out again). */
export async function markOrdersDelivered(db: Db, orders: Array<{ id: number; version: string }>): Promise<number> {
  if (orders.length === 0) return 0;
  const result = await sql`
    UPDATE orders o SET exchange_version = o.updated_at
    FROM jsonb_to_recordset(${JSON.stringify(orders)}::jsonb) AS r(id int, version text)
    WHERE o.id = r.id
      AND to_char(o.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') = r.version`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

/** Statuses 1C names the way 1C УТ does, matched to the portal's (decision 096). */
const STATUS_SYNONYMS: Array<[RegExp, string]> = [
  [/^(новый|не согласован|на согласовании|ожидает согласования|принят в обработку)$/i, 'N'],
  [/^(принят|согласован|подтвержден|подтверждён|ожидается предоплата|ожидается оплата|к обеспечению)$/i, 'A'],
  [/^(собирается|в сборке|к отгрузке|готов к отгрузке|комплектуется|в работе)$/i, 'P'],
  [/^(отгружен|отгружено|передан в доставку|в пути|доставляется)$/i, 'S'],
  [/^(выполнен|закрыт|завершен|завершён|доставлен|получен)$/i, 'F'],
  [/^(отменен|отменён|аннулирован)$/i, 'C'],
];

/**
 * The portal status of a status 1C names: by its Ид, by the portal code, by name, by the usual 1C names;
 * a status never seen is created with 1C's name, so the dealer sees exactly what 1C says.
 */
export async function statusFromExchange(db: Db, ext: string, rawName: string): Promise<number | null> {
  // Bitrix writes "[N] Принят"; 1C sends the name back as it got it.
  const bracket = /^\[([A-Za-z0-9_]{1,10})\]\s*(.*)$/.exec(rawName.trim());
  const code = bracket?.[1] ?? '';
  const name = (bracket?.[2] ?? rawName).trim();
  if (!ext && !name && !code) return null;
  const rows = await db.selectFrom('order_statuses').select(['id', 'code', 'name', 'name_en', 'external_id']).execute();
  const lower = name.toLowerCase();
  const found =
    (ext && rows.find((r) => r.external_id === ext)) ||
    (ext && rows.find((r) => r.code === ext)) ||
    (code && rows.find((r) => r.code === code)) ||
    (name && rows.find((r) => r.name.toLowerCase() === lower || r.name_en.toLowerCase() === lower)) ||
    (name && rows.find((r) => r.code === STATUS_SYNONYMS.find(([re]) => re.test(name))?.[1]));
  if (found) {
    if (ext && !found.external_id && !rows.some((r) => r.external_id === ext)) {
      await db.updateTable('order_statuses').set({ external_id: ext }).where('id', '=', found.id).execute();
    }
    return found.id;
  }
  if (!name) return null;
  const created = await db
    .insertInto('order_statuses')
    .values({
      code: `1C-${(ext || name).slice(0, 40)}`,
      name: name.slice(0, 100),
      name_en: name.slice(0, 100),
      external_id: ext || null,
      sort: 900,
    })
    .onConflict((oc) => oc.column('code').doUpdateSet({ name: name.slice(0, 100) }))
    .returning('id')
    .executeTakeFirstOrThrow();
  return created.id;
}

export interface ExchangeOrderChange {
  statusId?: number;
  isPaid?: boolean;
  isWarning?: boolean;
  isCanceled?: boolean;
  number1c?: string;
  externalId?: string;
  /** The lines as 1C has them: matched to the order's lines by product, others added, missing set to 0. */
  lines?: SupplierLine[];
  /** The order's sum as 1C says it (after the lines). */
  price?: number;
}

/**
 * Applies what 1C says of an order through the one order-change function (decision 100): one transaction,
 * a history line («Обмен с 1С»), the dealer told by notice and e-mail. 1C's own Ид and number are kept for
 * finding the order next time. The order is recorded as received by 1C (no echo back to it) — unless the
 * dealer had changed it since 1C last received it, in which case it still goes out with the next query.
 * Null when there is no such order.
 */
export async function applyExchangeOrderChange(
  deps: OrderDeps,
  orderId: number,
  change: ExchangeOrderChange,
): Promise<ChangeResult | null> {
  const run = async (trx: Db): Promise<ChangeResult | null> => {
    const order = await trx
      .selectFrom('orders as o')
      .innerJoin('order_statuses as s', 's.id', 'o.status_id')
      .select(['o.id', 'o.external_id', 'o.number_1c', 'o.updated_at', 'o.exchange_version', 'o.is_canceled', 's.code'])
      .where('o.id', '=', orderId)
      .forUpdate('o')
      .executeTakeFirst();
    if (!order) return null;
    const wasSynced =
      order.exchange_version !== null && order.exchange_version.getTime() === order.updated_at.getTime();
    const ids: { external_id?: string; number_1c?: string } = {};
    if (change.number1c !== undefined && change.number1c !== order.number_1c) ids.number_1c = change.number1c;
    if (change.externalId && change.externalId !== order.external_id) ids.external_id = change.externalId;
    if (Object.keys(ids).length > 0) await trx.updateTable('orders').set(ids).where('id', '=', orderId).execute();

    const result = await changeOrder({ ...deps, db: trx }, orderId, await orderChangeOf(trx, change), {
      userId: null,
      source: 'exchange',
    });
    if (wasSynced) await sql`UPDATE orders SET exchange_version = updated_at WHERE id = ${orderId}`.execute(trx);
    return result;
  };
  return deps.db.isTransaction ? run(deps.db) : deps.db.transaction().execute(run);
}

/**
 * 1C's words as an order change. In the portal a cancelled order is in status «Отменен»; 1C keeps a
 * cancelled order's status and marks it «Отменен» — so the mark wins, and a status «Отменен» cancels. A
 * mark taken off needs no word of its own: the new status 1C sends takes the order back to work.
 */
async function orderChangeOf(db: Db, change: ExchangeOrderChange): Promise<OrderChange> {
  const out: OrderChange = {};
  let statusCode: string | null = null;
  if (change.statusId !== undefined) {
    const s = await db.selectFrom('order_statuses').select('code').where('id', '=', change.statusId).executeTakeFirst();
    statusCode = s?.code ?? null;
  }
  const cancels = change.isCanceled === true || statusCode === CANCELED;
  if (cancels) out.isCanceled = true;
  else if (change.statusId !== undefined) out.status = change.statusId;
  if (change.isPaid !== undefined) out.isPayment = change.isPaid;
  if (change.isWarning !== undefined) out.isWarning = change.isWarning;
  if (change.lines?.length) out.supplierLines = change.lines;
  if (change.price !== undefined) out.total = change.price;
  return out;
}

const CANCELED = 'C';

/** The order 1C means: by the portal's number (what the portal sent as Ид and Номер), else by 1C's Ид. */
export async function findExchangeOrder(db: Db, numbers: number[], externalId: string): Promise<number | null> {
  const rows = await db
    .selectFrom('orders')
    .select(['id', 'external_id'])
    .where((eb) =>
      eb.or([
        ...(numbers.length ? [eb('id', 'in', numbers)] : []),
        ...(externalId ? [eb('external_id', '=', externalId)] : []),
      ]),
    )
    .orderBy('id')
    .execute();
  return rows.find((r) => numbers.includes(r.id))?.id ?? rows[0]?.id ?? null;
}
