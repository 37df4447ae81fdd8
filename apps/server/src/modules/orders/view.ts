import {
  inLanguage,
  normalizeArticle,
  translate,
  unitSymbol,
  type CorrectiveOrder,
  type Order,
  type OrderItem,
} from '@portal/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { notFound } from '../../rest/app-error.js';
import { historyOf } from './history.js';
import type { Actor } from '../auth/index.js';
import { isAdmin, orderUsers } from '../auth/index.js';
import { orderPaySystems, productKeys } from '../catalog/index.js';
import { orderCompanies } from '../companies/index.js';
import { fileNameOf, filesByIds } from '../files/index.js';
import { readReturnDays } from '../settings/index.js';
import { correctionRefusal, returnDeadline, returnRefusal, type OrderState } from './rules.js';
import './tables.js';
import type { PickupPointSnapshot } from './tables.js';
import { dayEnd, dayStart } from '../../rest/dates.js';

/** Administrators see every order (back office); a dealer only their own. */
export const seesAll = isAdmin;

export function orderQuery(db: Db) {
  return db
    .selectFrom('orders as o')
    .innerJoin('order_statuses as s', 's.id', 'o.status_id')
    .innerJoin(orderUsers().as('u'), 'u.id', 'o.user_id')
    .leftJoin(orderCompanies().as('c'), 'c.id', 'o.counterparty_id')
    .leftJoin(orderPaySystems().as('ps'), 'ps.id', 'o.pay_system_id')
    .leftJoin('shippings as sh', 'sh.id', 'o.shipping_id')
    .select([
      'o.id',
      'o.created_at',
      'o.is_paid',
      'o.is_warning',
      'o.is_canceled',
      'o.user_id',
      'o.price',
      'o.currency',
      'o.delivery_address',
      'o.vin',
      'o.machine_model',
      'o.urgent',
      'o.machine',
      'o.comment',
      'o.total_weight_kg',
      'o.total_volume_m3',
      'o.weight_exceptions',
      'o.volume_exceptions',
      'o.file_ids',
      'o.pickup_storage_id',
      'o.pickup_point',
      'o.bill_file_id',
      'o.offer_file_id',
      'o.offer_description',
      fileNameOf('o.offer_file_id').as('offer_file_name'),
      'o.shipped_at',
      'o.from_1c',
      'o.number_1c',
      'o.ship_state',
      's.id as status_id',
      's.code as status_code',
      's.type as status_type',
      's.name as status_name',
      's.name_en as status_name_en',
      's.color as status_color',
      's.description as status_description',
      's.description_en as status_description_en',
      'u.login',
      'u.last_name',
      'u.first_name',
      'c.id as company_id',
      'c.name as company_name',
      'ps.id as pay_id',
      'ps.name as pay_name',
      'ps.name_en as pay_name_en',
      'sh.id as ship_id',
      'sh.name as ship_name',
      'sh.name_en as ship_name_en',
      'sh.is_pickup',
      sql<string>`(SELECT COALESCE(json_agg(json_build_object('currency', t.currency, 'value', t.v)), '[]')
        FROM (SELECT currency, SUM(price * quantity) AS v FROM order_items WHERE order_id = o.id AND quantity > 0 GROUP BY currency) t)`.as(
        'totals',
      ),
      sql<number>`(SELECT count(*) FROM order_items WHERE order_id = o.id AND quantity > 0)`.as('line_count'),
    ]);
}

export type OrderRow = Awaited<ReturnType<ReturnType<typeof orderQuery>['executeTakeFirstOrThrow']>>;

const jsonOf = <T>(v: unknown): T => (typeof v === 'string' ? (JSON.parse(v) as T) : (v as T));

/** An order as its dealer reads it, or as staff read it on the desk (`staff`: the refusals in staff words). */
export function toOrder(r: OrderRow, language: 'ru' | 'en' = 'ru', audience: 'dealer' | 'staff' = 'dealer'): Order {
  const statusName = language === 'en' && r.status_name_en ? r.status_name_en : r.status_name;
  return {
    id: r.id,
    dateCreate: r.created_at.toISOString(),
    isPayment: r.is_paid,
    isWarning: r.is_warning,
    isCanceled: r.is_canceled,
    user: { id: r.user_id, name: [r.last_name, r.first_name].filter(Boolean).join(' ') || r.login },
    price: Number(r.price),
    currency: r.currency,
    totals: jsonOf<Array<{ currency: 'RUB' | 'USD' | 'EUR'; value: number }>>(r.totals).map((t) => ({
      currency: t.currency,
      value: Math.round(Number(t.value) * 100) / 100,
    })),
    status: {
      id: r.status_id,
      code: r.status_code,
      type: r.status_type,
      name: statusName,
      color: r.status_color,
      description: inLanguage(r.status_description, r.status_description_en, language),
    },
    counterparty: r.company_id ? { id: r.company_id, name: r.company_name ?? '' } : null,
    payments: r.pay_id ? [{ id: r.pay_id, name: inLanguage(r.pay_name ?? '', r.pay_name_en, language) }] : [],
    shipments: r.ship_id
      ? [
          {
            id: r.ship_id,
            name: inLanguage(r.ship_name ?? '', r.ship_name_en, language),
            isPickup: Boolean(r.is_pickup),
          },
        ]
      : [],
    deliveryAddress: r.delivery_address,
    pickupPoint: r.pickup_point ? { id: r.pickup_storage_id, ...jsonOf<PickupPointSnapshot>(r.pickup_point) } : null,
    // An attached bill (decision 100) opens as the dealer's file; otherwise the generated bill's print page.
    bill: {
      id: r.id,
      src: r.bill_file_id ? `/files/${r.bill_file_id}/download` : `/bill/${r.id}/print/`,
      description: `№ ${r.id}`,
    },
    // The commercial offer staff attached (decision 146): the dealer's copy, opened through the files route.
    ...(r.offer_file_id
      ? {
          commerceOffer: {
            id: r.offer_file_id,
            src: `/files/${r.offer_file_id}/download`,
            description: r.offer_description || r.offer_file_name,
          },
        }
      : {}),
    totalVolume: { valueM3: Number(r.total_volume_m3), exceptions: jsonOf(r.volume_exceptions) },
    totalWeight: { valueKg: Number(r.total_weight_kg), exceptions: jsonOf(r.weight_exceptions) },
    VINTehniki: r.vin,
    modelTehniki: r.machine_model,
    urgent: r.urgent,
    machine: r.machine ? jsonOf(r.machine) : null,
    userDescription: r.comment,
    ...orderProperties(r, language),
    lineCount: Number(r.line_count),
    // Decision 202: an order placed in 1C is marked and read-only; the shipped state comes from 1C's shipments
    // (an order that reached «Отгружен» without them counts as shipped).
    from1C: r.from_1c,
    number1C: r.number_1c,
    shipState: r.ship_state === 'none' && r.shipped_at ? 'full' : r.ship_state,
    ...correctionOf(
      { statusCode: r.status_code, statusName, isPaid: r.is_paid, isCanceled: r.is_canceled, fromOneC: r.from_1c },
      language,
      audience,
    ),
  };
}

/**
 * Order properties (docs/spec/03-entities.md): those filled in, as {code, name, value}; left out when none is
 * (decision 160).
 */
function orderProperties(r: OrderRow, language: 'ru' | 'en') {
  const properties = (
    [
      ['VIN', r.vin],
      ['MODEL', r.machine_model],
      ['COMMENT', r.comment],
    ] as const
  )
    .filter(([, value]) => value)
    .map(([code, value]) => ({ code, name: translate(language, `orderProperty.${code}`), value }));
  return properties.length ? { properties } : {};
}

function correctionOf(state: OrderState, language: 'ru' | 'en', audience: 'dealer' | 'staff') {
  const refusal = correctionRefusal(state, audience);
  return {
    canCorrect: refusal === null,
    correctionRefusal: refusal ? translate(language, refusal.key, ...refusal.args) : '',
  };
}

export interface OrderFilter {
  status?: number | number[];
  dateFrom?: string;
  dateTo?: string;
  company?: number;
  number?: number;
  article?: string;
  isPayment?: boolean;
  isWarning?: boolean;
  isCanceled?: boolean;
  from1C?: boolean;
  shipState?: 'none' | 'partly' | 'full';
}

export function scoped(db: Db, actor: Actor) {
  const q = orderQuery(db);
  return seesAll(actor) ? q : q.where('o.user_id', '=', actor.id);
}

/** Order `o` has a line whose part number (its product's key or the line's own) is LIKE the pattern. */
export const hasLineLike = (pattern: string) =>
  sql<boolean>`EXISTS (SELECT 1 FROM order_items oi LEFT JOIN ${productKeys()} p ON p.id = oi.product_id
    WHERE oi.order_id = o.id AND (p.article_key LIKE ${pattern} OR upper(oi.article) LIKE ${pattern}))`;

export function applyFilter<Q extends ReturnType<typeof orderQuery>>(q: Q, f: OrderFilter | undefined): Q {
  if (!f) return q;
  let r = q;
  if (f.status !== undefined) {
    const list = Array.isArray(f.status) ? f.status : [f.status];
    r = (list.length ? r.where('o.status_id', 'in', list) : r.where(sql<boolean>`false`)) as Q;
  }
  if (f.dateFrom) r = r.where('o.created_at', '>=', dayStart(f.dateFrom)) as Q;
  if (f.dateTo) r = r.where('o.created_at', '<', dayEnd(f.dateTo)) as Q;
  if (f.company) r = r.where('o.counterparty_id', '=', f.company) as Q;
  if (f.number) r = r.where('o.id', '=', f.number) as Q;
  if (f.isPayment !== undefined) r = r.where('o.is_paid', '=', f.isPayment) as Q;
  if (f.isWarning !== undefined) r = r.where('o.is_warning', '=', f.isWarning) as Q;
  if (f.isCanceled !== undefined) r = r.where('o.is_canceled', '=', f.isCanceled) as Q;
  if (f.from1C !== undefined) r = r.where('o.from_1c', '=', f.from1C) as Q;
  if (f.shipState === 'none') r = r.where('o.ship_state', '=', 'none').where('o.shipped_at', 'is', null) as Q;
  else if (f.shipState === 'full') {
    r = r.where((eb) =>
      eb.or([
        eb('o.ship_state', '=', 'full'),
        eb.and([eb('o.ship_state', '=', 'none'), eb('o.shipped_at', 'is not', null)]),
      ]),
    ) as Q;
  } else if (f.shipState) r = r.where('o.ship_state', '=', f.shipState) as Q;
  if (f.article) {
    const key = normalizeArticle(f.article);
    if (key) r = r.where(hasLineLike(key + '%')) as Q;
  }
  return r;
}

export async function loadOrder(db: Db, actor: Actor, id: number, language: 'ru' | 'en'): Promise<Order> {
  const row = await scoped(db, actor).where('o.id', '=', id).executeTakeFirst();
  if (!row) throw notFound();
  const order = toOrder(row, language);
  // Whether its goods may be returned now (decision 061): the order page offers the returns dialog.
  const returnDays = await readReturnDays(db);
  const refusal = returnRefusal(
    {
      statusCode: row.status_code,
      statusName: order.status.name,
      isCanceled: row.is_canceled,
      shippedAt: row.shipped_at,
    },
    returnDays,
  );
  order.canReturn = refusal === null;
  order.returnRefusal = refusal ? translate(language, refusal.key, ...refusal.args) : '';
  order.returnUntil = row.shipped_at ? returnDeadline(row.shipped_at, returnDays).toISOString() : null;
  const items = await db
    .selectFrom('order_items')
    .selectAll()
    .where('order_id', '=', id)
    .where('quantity', '>', 0)
    .orderBy('id')
    .execute();
  order.items = items.map((i): OrderItem => ({
    id: i.id,
    productId: i.product_id,
    name: i.name,
    article: i.article,
    unit: unitSymbol(i.unit, language),
    quantity: i.quantity,
    deliveredQuantity: i.delivered_quantity,
    price: Number(i.price),
    sum: Math.round(Number(i.price) * i.quantity * 100) / 100,
    currency: i.currency,
  }));
  order.corrections = await correctionsOf(db, [id]);
  order.history = await historyOf(db, id, language);
  const files = row.file_ids.length ? await filesByIds(db, row.file_ids) : [];
  order.files = files.map((f) => ({
    id: f.id,
    name: f.name,
    size: f.size,
    src: `/upload/files/${f.storage_key}/${encodeURIComponent(f.name)}`,
  }));
  return order;
}

export async function correctionsOf(db: Db, orderIds: number[], ids?: number[]): Promise<CorrectiveOrder[]> {
  if (orderIds.length === 0 && !ids) return [];
  let q = db.selectFrom('corrective_orders').selectAll().orderBy('id');
  q = ids ? q.where('id', 'in', ids.length ? ids : [0]) : q.where('order_id', 'in', orderIds);
  const heads = await q.execute();
  if (heads.length === 0) return [];
  const lines = await db
    .selectFrom('corrective_order_items')
    .selectAll()
    .where(
      'corrective_order_id',
      'in',
      heads.map((h) => h.id),
    )
    .orderBy('id')
    .execute();
  return heads.map((h) => ({
    id: h.id,
    dateCreate: h.created_at.toISOString(),
    userId: h.user_id,
    orderId: h.order_id,
    status: h.status,
    reason: h.reason,
    decidedAt: h.decided_at ? h.decided_at.toISOString() : null,
    products: lines
      .filter((l) => l.corrective_order_id === h.id)
      .map((l) => ({
        id: l.order_item_id ?? l.id,
        afterCount: l.after_count,
        beforeCount: l.before_count,
        productId: l.product_id,
        name: l.name,
        article: l.article,
      })),
  }));
}
