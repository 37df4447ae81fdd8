import type { Basket, BasketItem, BasketStore, Currency } from '@portal/contract';
import { sql, type Selectable } from 'kysely';
import type { Db } from '../../db/database.js';
import { notFound } from '../../rest/app-error.js';
import type { Actor } from '../auth/actor.js';
import { loadOffers, priceContextOf, type Offer } from '../catalog/offers.js';
import type { BasketsTable } from '../orders/tables.js';
import '../catalog/tables.js';
import '../orders/tables.js';

export type BasketRow = Selectable<BasketsTable>;

/** The dealer's own basket or NOT_FOUND; `lock` takes the row lock that serialises checkout. */
export async function ownBasket(db: Db, userId: number, id: number, lock = false): Promise<BasketRow> {
  let q = db.selectFrom('baskets').selectAll().where('id', '=', id).where('user_id', '=', userId);
  if (lock) q = q.forUpdate();
  const row = await q.executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

export interface LineRow {
  id: number;
  basket_id: number | null;
  order_id: number | null;
  product_id: number;
  quantity: number;
  name: string;
  article: string;
  brand: string;
  unit: string;
  measure_factor: number;
  weight_kg: number | null;
  volume_m3: number | null;
}

const UNIT_CODES: Record<string, string> = { шт: '796', кг: '166', м: '006', л: '112', компл: '839' };

/** Lines with their current prices and stock (loadOffers: the same numbers as the catalogue). */
export async function itemsView(db: Db, actor: Actor, rows: LineRow[]): Promise<BasketItem[]> {
  const offers = await loadOffers(
    db,
    actor,
    rows.map((r) => r.product_id),
  );
  return itemsFrom(rows, offers);
}

export function itemsFrom(rows: LineRow[], offers: Map<number, Offer>): BasketItem[] {
  return rows.map((r) => {
    const offer = offers.get(r.product_id);
    const price = offer?.price ? { value: offer.price.value, currency: offer.price.currency } : null;
    return {
      id: r.id,
      basket: r.basket_id,
      order: r.order_id,
      product: r.product_id,
      productName: r.name,
      article: r.article,
      brand: r.brand,
      amount: r.quantity,
      priceBuy: price,
      sum: price ? { value: round2(price.value * r.quantity), currency: price.currency } : null,
      measureCode: UNIT_CODES[r.unit] ?? '796',
      measureName: r.unit,
      measureFactor: Number(r.measure_factor) || 1,
      availability: offer?.availability ?? 'N',
      stock: offer?.quantity ?? 0,
      // Warehouses that hold the product, by id (named once per answer: storesOf); availability above
      // already counts them all.
      stores: (offer?.stores ?? []).filter((s) => s.amount > 0).map((s) => ({ id: s.id, amount: s.amount })),
      weightKg: r.weight_kg === null ? null : Number(r.weight_kg),
      volumeM3: r.volume_m3 === null ? null : Number(r.volume_m3),
    };
  });
}

/** The warehouses the given lines' offers refer to, each once, in the offers' order (sort, id). */
export function storesOf(offers: Map<number, Offer>): BasketStore[] {
  const seen = new Map<number, BasketStore>();
  for (const offer of offers.values()) {
    for (const s of offer.stores) {
      if (s.amount > 0 && !seen.has(s.id)) seen.set(s.id, { id: s.id, name: s.name, isVirtual: s.isVirtual });
    }
  }
  return [...seen.values()];
}

export const round2 = (n: number) => Math.round(n * 100) / 100;

/** Basket lines joined to their products, in a stable order. */
export function basketLines(db: Db, basketIds: number[]) {
  return db
    .selectFrom('basket_items as i')
    .innerJoin('products as p', 'p.id', 'i.product_id')
    .select([
      'i.id',
      'i.basket_id',
      sql<number | null>`NULL::integer`.as('order_id'),
      'i.product_id',
      'i.quantity',
      'p.name',
      'p.article',
      'p.brand',
      'p.unit',
      'p.measure_factor',
      'p.weight_kg',
      'p.volume_m3',
      'p.active',
    ])
    .where('i.basket_id', '=', sql<number>`ANY(${basketIds}::int[])`);
}

/**
 * Baskets with their line count, sums by currency, weight and volume, summed by the database: the top bar
 * shows them on every page, so they must not cost a priced line each. The prices are the actor's (the same
 * price context as loadOffers).
 */
export async function basketViews(db: Db, actor: Actor, rows: BasketRow[]): Promise<Basket[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const context = await priceContextOf(db, actor);
  const [sizes, sums] = await Promise.all([
    sql<{ basket_id: number; lines: number; weight: number | null; volume: number | null }>`
      SELECT i.basket_id, count(*)::int AS lines,
             sum(p.weight_kg * i.quantity) AS weight, sum(p.volume_m3 * i.quantity) AS volume
      FROM basket_items i JOIN products p ON p.id = i.product_id
      WHERE i.basket_id = ANY(${ids}::int[])
      GROUP BY i.basket_id
    `.execute(db),
    sql<{ basket_id: number; currency: Currency; value: number }>`
      SELECT i.basket_id, pp.currency, sum(round(pp.value * i.quantity, 2)) AS value
      FROM basket_items i
      JOIN product_prices pp ON pp.product_id = i.product_id
        AND pp.price_type_id = ${context?.priceTypeId ?? 0} AND pp.pay_system_id = ${context?.paySystemId ?? 0}
      WHERE i.basket_id = ANY(${ids}::int[])
      GROUP BY i.basket_id, pp.currency
      ORDER BY i.basket_id, pp.currency
    `.execute(db),
  ]);
  const sizeOf = new Map(sizes.rows.map((r) => [r.basket_id, r]));
  return rows.map((b) => {
    const size = sizeOf.get(b.id);
    return {
      id: b.id,
      name: b.name,
      createdAt: b.created_at.toISOString(),
      currency: b.currency,
      count: size?.lines ?? 0,
      totals: sums.rows
        .filter((t) => t.basket_id === b.id)
        .map((t) => ({ currency: t.currency, value: round2(Number(t.value)) })),
      weightKg: Math.round(Number(size?.weight ?? 0) * 1000) / 1000,
      volumeM3: Math.round(Number(size?.volume ?? 0) * 100000) / 100000,
    };
  });
}

export async function basketView(db: Db, actor: Actor, row: BasketRow): Promise<Basket> {
  const [view] = await basketViews(db, actor, [row]);
  if (!view) throw notFound();
  return view;
}
