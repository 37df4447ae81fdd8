import type { Basket, BasketItem, BasketStore, Currency } from '@portal/contract';
import { sql, type Selectable } from 'kysely';
import type { Db } from '../../db/database.js';
import { notFound } from '../../rest/app-error.js';
import type { Actor } from '../auth/actor.js';
import { loadOffers, type Offer } from '../catalog/offers.js';
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

export async function basketViews(db: Db, actor: Actor, rows: BasketRow[]): Promise<Basket[]> {
  if (rows.length === 0) return [];
  const lines = await basketLines(
    db,
    rows.map((r) => r.id),
  ).execute();
  const items = await itemsView(db, actor, lines);
  return rows.map((b) => {
    const mine = items.filter((i) => i.basket === b.id);
    const totals = new Map<Currency, number>();
    let weight = 0;
    let volume = 0;
    for (const i of mine) {
      if (i.sum) totals.set(i.sum.currency, round2((totals.get(i.sum.currency) ?? 0) + i.sum.value));
      weight += (i.weightKg ?? 0) * i.amount;
      volume += (i.volumeM3 ?? 0) * i.amount;
    }
    return {
      id: b.id,
      name: b.name,
      createdAt: b.created_at.toISOString(),
      currency: b.currency,
      count: mine.length,
      totals: [...totals].map(([currency, value]) => ({ currency, value })),
      weightKg: Math.round(weight * 1000) / 1000,
      volumeM3: Math.round(volume * 100000) / 100000,
    };
  });
}

export async function basketView(db: Db, actor: Actor, row: BasketRow): Promise<Basket> {
  const [view] = await basketViews(db, actor, [row]);
  if (!view) throw notFound();
  return view;
}
