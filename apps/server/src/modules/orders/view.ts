import { Role, normalizeArticle, type CorrectiveOrder, type Order, type OrderItem } from '@portal/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { notFound } from '../../rest/app-error.js';
import type { Actor } from '../auth/actor.js';
import '../auth/tables.js';
import '../catalog/tables.js';
import './tables.js';

/** Administrators see every order (back office); a dealer only their own. */
export const seesAll = (actor: Actor) => (actor.roles & Role.ADMINS) !== 0;

export function orderQuery(db: Db) {
  return db
    .selectFrom('orders as o')
    .innerJoin('order_statuses as s', 's.id', 'o.status_id')
    .innerJoin('users as u', 'u.id', 'o.user_id')
    .leftJoin('counterparties as c', 'c.id', 'o.counterparty_id')
    .leftJoin('pay_systems as ps', 'ps.id', 'o.pay_system_id')
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
      'o.comment',
      'o.total_weight_kg',
      'o.total_volume_m3',
      'o.weight_exceptions',
      'o.volume_exceptions',
      'o.file_ids',
      's.id as status_id',
      's.code as status_code',
      's.type as status_type',
      's.name as status_name',
      's.name_en as status_name_en',
      's.color as status_color',
      's.description as status_description',
      'u.login',
      'u.last_name',
      'u.first_name',
      'c.id as company_id',
      'c.name as company_name',
      'ps.id as pay_id',
      'ps.name as pay_name',
      'sh.id as ship_id',
      'sh.name as ship_name',
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

export function toOrder(r: OrderRow, language: 'ru' | 'en' = 'ru'): Order {
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
      name: language === 'en' && r.status_name_en ? r.status_name_en : r.status_name,
      color: r.status_color,
      description: r.status_description,
    },
    counterparty: r.company_id ? { id: r.company_id, name: r.company_name ?? '' } : null,
    payments: r.pay_id ? [{ id: r.pay_id, name: r.pay_name ?? '' }] : [],
    shipments: r.ship_id ? [{ id: r.ship_id, name: r.ship_name ?? '', isPickup: Boolean(r.is_pickup) }] : [],
    deliveryAddress: r.delivery_address,
    bill: { id: r.id, src: `/bill/${r.id}/print/`, description: `№ ${r.id}` },
    totalVolume: { valueM3: Number(r.total_volume_m3), exceptions: jsonOf(r.volume_exceptions) },
    totalWeight: { valueKg: Number(r.total_weight_kg), exceptions: jsonOf(r.weight_exceptions) },
    VINTehniki: r.vin,
    modelTehniki: r.machine_model,
    userDescription: r.comment,
    lineCount: Number(r.line_count),
  };
}

export interface OrderFilter {
  status?: number | number[];
  dateFrom?: string;
  dateTo?: string;
  company?: number;
  number?: number;
  article?: string;
}

export function scoped(db: Db, actor: Actor) {
  const q = orderQuery(db);
  return seesAll(actor) ? q : q.where('o.user_id', '=', actor.id);
}

export function applyFilter<Q extends ReturnType<typeof orderQuery>>(q: Q, f: OrderFilter | undefined): Q {
  if (!f) return q;
  let r = q;
  if (f.status !== undefined) {
    const list = Array.isArray(f.status) ? f.status : [f.status];
    r = (list.length ? r.where('o.status_id', 'in', list) : r.where(sql<boolean>`false`)) as Q;
  }
  if (f.dateFrom) r = r.where('o.created_at', '>=', new Date(`${f.dateFrom}T00:00:00`)) as Q;
  if (f.dateTo) r = r.where('o.created_at', '<', new Date(new Date(`${f.dateTo}T00:00:00`).getTime() + 86400000)) as Q;
  if (f.company) r = r.where('o.counterparty_id', '=', f.company) as Q;
  if (f.number) r = r.where('o.id', '=', f.number) as Q;
  if (f.article) {
    const key = normalizeArticle(f.article);
    if (key)
      r = r.where(
        sql<boolean>`EXISTS (SELECT 1 FROM order_items oi LEFT JOIN products p ON p.id = oi.product_id
          WHERE oi.order_id = o.id AND (p.article_key LIKE ${key + '%'} OR upper(oi.article) LIKE ${key + '%'}))`,
      ) as Q;
  }
  return r;
}

export async function loadOrder(db: Db, actor: Actor, id: number, language: 'ru' | 'en'): Promise<Order> {
  const row = await scoped(db, actor).where('o.id', '=', id).executeTakeFirst();
  if (!row) throw notFound();
  const order = toOrder(row, language);
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
    unit: i.unit,
    quantity: i.quantity,
    deliveredQuantity: i.delivered_quantity,
    price: Number(i.price),
    sum: Math.round(Number(i.price) * i.quantity * 100) / 100,
    currency: i.currency,
  }));
  order.corrections = await correctionsOf(db, [id]);
  const files = row.file_ids.length
    ? await db.selectFrom('files').selectAll().where('id', 'in', row.file_ids).execute()
    : [];
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

/** Sum, weight and volume of an order's lines, recomputed after a correction. */
export async function recomputeTotals(db: Db, orderId: number): Promise<void> {
  await sql`
    UPDATE orders o SET
      price = COALESCE((SELECT SUM(price * quantity) FROM order_items WHERE order_id = o.id AND currency = o.currency), 0),
      total_weight_kg = COALESCE((SELECT SUM(weight_kg * quantity) FROM order_items WHERE order_id = o.id AND weight_kg IS NOT NULL), 0),
      total_volume_m3 = COALESCE((SELECT SUM(volume_m3 * quantity) FROM order_items WHERE order_id = o.id AND volume_m3 IS NOT NULL), 0),
      updated_at = now()
    WHERE o.id = ${orderId}`.execute(db);
}
