import {
  inLanguage,
  ORDER_QUANTITY_MAX,
  unitCode,
  unitSymbol,
  type Basket,
  type basketMethods,
  type BasketItem,
  type BasketStore,
  type Currency,
  type Language,
  type ParsedInputOf,
} from '@portal/contract';
import { sql, type Selectable } from 'kysely';
import type { Db } from '../../db/database.js';
import { notFound } from '../../rest/app-error.js';
import { countAndPage } from '../../rest/paging.js';
import type { Actor } from '../auth/index.js';
import {
  lineProductOf,
  loadOffers,
  PROPERTY_NAMES,
  priceContextOf,
  priceFor,
  productPrices,
  lineStockOf,
  propertyValue,
  type Offer,
  type PriceContext,
} from '../catalog/index.js';
import { limitsFor, minQuantityOf, type Limits } from './thresholds.js';
import type { BasketsTable } from './tables.js';

export type BasketRow = Selectable<BasketsTable>;

/** The dealer's own basket or NOT_FOUND; `lock` takes the row lock that serialises checkout. */
export async function ownBasket(db: Db, userId: number, id: number, lock = false): Promise<BasketRow> {
  let q = db.selectFrom('baskets').selectAll().where('id', '=', id).where('user_id', '=', userId);
  if (lock) q = q.forUpdate();
  const row = await q.executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

/** The dealer's baskets, newest first (or oldest, as the sort asks), paged, with the count of all. */
export async function listBaskets(db: Db, userId: number, input: ParsedInputOf<(typeof basketMethods)['basket/list']>) {
  const q = db.selectFrom('baskets').where('user_id', '=', userId);
  return countAndPage(
    q,
    (base) =>
      base
        .selectAll()
        .orderBy('created_at', input.sort?.DATE_CREATE === 'ASC' ? 'asc' : 'desc')
        .orderBy('id', 'desc'),
    input,
  );
}

/** How many baskets the dealer has (a new basket's default name numbers on from it). */
export async function countBaskets(db: Db, userId: number): Promise<number> {
  const { n } = await db
    .selectFrom('baskets')
    .where('user_id', '=', userId)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(n);
}

export const insertBasket = (db: Db, userId: number, name: string) =>
  db.insertInto('baskets').values({ user_id: userId, name }).returningAll().executeTakeFirstOrThrow();

/**
 * The basket a channel without a browser fills (the Telegram bot, decision 226): the dealer's newest, as the web
 * app's active basket is when none was chosen (docs/spec/04-states.md); a new one named `name` when there is none.
 */
export async function newestBasketOrNew(db: Db, userId: number, name: string): Promise<BasketRow> {
  const newest = await db
    .selectFrom('baskets')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return newest ?? insertBasket(db, userId, name);
}

/** Deletes the dealer's own basket; false when it is not theirs or missing. */
export async function deleteOwnBasket(db: Db, userId: number, id: number): Promise<boolean> {
  const res = await db.deleteFrom('baskets').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
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
  /** The product's properties (code → value), where the query reads them. */
  properties?: Record<string, unknown> | null;
}

/** Lines with their current prices and stock (loadOffers: the same numbers as the catalogue). */
export async function itemsView(db: Db, actor: Actor, rows: LineRow[], language: Language): Promise<BasketItem[]> {
  const ids = rows.map((r) => r.product_id);
  const [offers, limits] = await Promise.all([loadOffers(db, actor, ids, undefined, 'basket'), limitsFor(db, ids)]);
  return itemsFrom(rows, offers, limits, language);
}

/** Basket lines as the contract shows them; `limits` gives each line its group's minimum (decision 140). */
export function itemsFrom(
  rows: LineRow[],
  offers: Map<number, Offer>,
  limits: Limits | null,
  language: Language,
): BasketItem[] {
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
      measureCode: unitCode(r.unit),
      measureName: unitSymbol(r.unit, language),
      measureFactor: Number(r.measure_factor) || 1,
      availability: offer?.availability ?? 'N',
      stock: offer?.quantity ?? 0,
      // Warehouses that hold the product, by id (named once per answer: storesOf); availability above
      // already counts them all.
      stores: (offer?.stores ?? []).filter((s) => s.amount > 0).map((s) => ({ id: s.id, amount: s.amount })),
      ...lineEntityFields(r, language),
      weightKg: r.weight_kg === null ? null : Number(r.weight_kg),
      volumeM3: r.volume_m3 === null ? null : Number(r.volume_m3),
      minQuantity: limits ? minQuantityOf(limits, r.product_id) : 0,
    };
  });
}

/**
 * The fields of a basket item (docs/spec/03-entities.md): the product's properties and the line's dimensions, each
 * left out when empty (decision 160: lean answers).
 */
function lineEntityFields(r: LineRow, language: Language) {
  const properties = Object.entries(r.properties ?? {}).map(([code, value]) => ({
    code,
    name: PROPERTY_NAMES[code]?.[language] ?? code,
    value: propertyValue(code, value, language),
  }));
  const weight = r.weight_kg === null ? undefined : Number(r.weight_kg);
  const volume = r.volume_m3 === null ? undefined : Number(r.volume_m3);
  const dimensions = {
    ...(weight !== undefined ? { weightKg: weight, totalWeightKg: round3(weight * r.quantity) } : {}),
    ...(volume !== undefined ? { volumeM3: volume, totalVolumeM3: round5(volume * r.quantity) } : {}),
  };
  return {
    ...(properties.length ? { properties } : {}),
    ...(Object.keys(dimensions).length ? { dimensions } : {}),
  };
}
const round3 = (n: number) => Math.round(n * 1000) / 1000;
const round5 = (n: number) => Math.round(n * 100000) / 100000;

/** The warehouses the given lines' offers refer to, each once, in the offers' order (sort, id). */
export function storesOf(offers: Map<number, Offer>, language: Language = 'ru'): BasketStore[] {
  const seen = new Map<number, BasketStore>();
  for (const offer of offers.values()) {
    for (const s of offer.stores) {
      if (s.amount > 0 && !seen.has(s.id))
        seen.set(s.id, { id: s.id, name: inLanguage(s.name, s.nameEn, language), isVirtual: s.isVirtual });
    }
  }
  return [...seen.values()];
}

export const round2 = (n: number) => Math.round(n * 100) / 100;

/** Basket lines joined to their products, in a stable order. */
export function basketLines(db: Db, basketIds: number[]) {
  return db
    .selectFrom('basket_items as i')
    .innerJoinLateral(
      () => lineProductOf(sql<number>`i.product_id`).as('p'),
      (join) => join.onTrue(),
    )
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
      'p.properties',
      'p.active',
    ])
    .where('i.basket_id', '=', sql<number>`ANY(${basketIds}::int[])`);
}

/** A line of one of the dealer's baskets, with its product, or NOT_FOUND. */
export async function ownBasketLine(db: Db, userId: number, id: number) {
  const row = await basketLines(db, [])
    .clearWhere()
    .innerJoin('baskets as b', 'b.id', 'i.basket_id')
    .where('i.id', '=', id)
    .where('b.user_id', '=', userId)
    .executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

/**
 * The lines of the dealer's basket with their products, prices and stock, in one query; the ownership check
 * rides on it (joined to the dealer's baskets), so another dealer's basket answers no lines. The lines travel
 * as one JSON array: a 1,000-line basket is one value to decode instead of 16,000 (PGlite copies each one).
 */
export async function ownBasketLinesWithOffers(
  db: Db,
  userId: number,
  basketId: number,
  context: PriceContext | null,
  sort: ParsedInputOf<(typeof basketMethods)['basket-item/list']>['sort'],
) {
  // Ownership as an uncorrelated EXISTS: PostgreSQL checks it once (a one-time filter) instead of joining the
  // basket to each of a thousand lines (decision 224).
  const lines = basketLines(db, [basketId])
    .leftJoinLateral(
      () => priceFor(db, context, sql<number>`i.product_id`),
      (join) => join.onTrue(),
    )
    .select(['p.stock_by_store', 'pr.value', 'pr.currency'])
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('baskets as b')
          .select(sql<number>`1`.as('one'))
          .where('b.id', '=', basketId)
          .where('b.user_id', '=', userId),
      ),
    )
    .orderBy(sort?.NAME ? 'p.name' : 'i.id', sort?.NAME === 'DESC' || sort?.ID === 'DESC' ? 'desc' : 'asc');
  type LineWithOffer = Awaited<ReturnType<typeof lines.execute>>[number];
  const json = await sql<{ r: LineWithOffer }>`SELECT row_to_json(t) AS r FROM (${lines}) t`.execute(db);
  return json.rows.map((x) => x.r);
}

/** Sets a line's quantity; false when the line is gone (deleted by another tab in between). */
export async function setLineQuantity(db: Db, id: number, quantity: number): Promise<boolean> {
  const updated = await db
    .updateTable('basket_items')
    .set({ quantity, updated_at: new Date() })
    .where('id', '=', id)
    .returning('id')
    .executeTakeFirst();
  return updated !== undefined;
}

export const deleteBasketLine = (db: Db, id: number) => db.deleteFrom('basket_items').where('id', '=', id).execute();

/**
 * Baskets with their line count, sums by currency, weight and volume, summed by the database: the top bar
 * shows them on every page, so they must not cost a priced line each. The prices are the actor's (the same
 * price context as loadOffers).
 */
export async function basketViews(
  db: Db,
  actor: Actor,
  rows: BasketRow[],
  /** The request's basket price context when the caller already has it (decision 216). */
  known?: PriceContext | null,
): Promise<Basket[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const context = known === undefined ? await priceContextOf(db, actor, 'basket') : known;
  // The same sums as the lines show: each line's price (rounded up to the rouble when the settings say so,
  // decision 140) times its quantity.
  const linePrice = context?.roundUp ? sql`ceil(round(pp.value, 2))` : sql`pp.value`;
  const [sizes, sums] = await Promise.all([
    sql<{ basket_id: number; lines: number; weight: number | null; volume: number | null }>`
      SELECT i.basket_id, count(*)::int AS lines,
             sum(p.weight_kg * i.quantity) AS weight, sum(p.volume_m3 * i.quantity) AS volume
      FROM basket_items i JOIN LATERAL ${lineProductOf(sql<number>`i.product_id`)} p ON true
      WHERE i.basket_id = ANY(${ids}::int[])
      GROUP BY i.basket_id
    `.execute(db),
    sql<{ basket_id: number; currency: Currency; value: number }>`
      SELECT i.basket_id, pp.currency, sum(round(${linePrice} * i.quantity, 2)) AS value
      FROM basket_items i
      JOIN ${productPrices(context?.priceTypeId ?? 0, context?.paySystemId ?? 0)} pp ON pp.product_id = i.product_id
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

export async function basketView(db: Db, actor: Actor, row: BasketRow, known?: PriceContext | null): Promise<Basket> {
  const [view] = await basketViews(db, actor, [row], known);
  if (!view) throw notFound();
  return view;
}

/** An ordered basket is emptied and touched, in the caller's transaction (the order takes its lines). */
export async function emptyBasket(db: Db, basketId: number): Promise<void> {
  await db.deleteFrom('basket_items').where('basket_id', '=', basketId).execute();
  await db.updateTable('baskets').set({ updated_at: new Date() }).where('id', '=', basketId).execute();
}

/** The quantities the basket already holds of these products (putLines checks the group minimum on the sum). */
export const lineQuantities = (db: Db, basketId: number, productIds: number[]) =>
  db
    .selectFrom('basket_items')
    .select(['product_id', 'quantity'])
    .where('basket_id', '=', basketId)
    .where('product_id', '=', sql<number>`ANY(${productIds}::int[])`)
    .execute();

/**
 * Puts lines into a basket in one statement (putLines): a product that has a line is updated under the
 * database's own row lock (`ON CONFLICT … DO UPDATE`); 'add' sums (capped), 'set' replaces. `inserted` tells a
 * new line from an updated one.
 */
export const upsertLines = (
  db: Db,
  basketId: number,
  good: ReadonlyArray<{ product: number; quantity: number }>,
  mode: 'add' | 'set',
) =>
  db
    .insertInto('basket_items')
    .values(good.map((l) => ({ basket_id: basketId, product_id: l.product, quantity: l.quantity })))
    .onConflict((oc) =>
      oc.columns(['basket_id', 'product_id']).doUpdateSet({
        quantity:
          mode === 'add'
            ? sql<number>`LEAST(basket_items.quantity + excluded.quantity, ${ORDER_QUANTITY_MAX})`
            : sql<number>`excluded.quantity`,
        updated_at: new Date(),
      }),
    )
    .returning(['id', 'product_id', 'quantity', sql<boolean>`(xmax = 0)`.as('inserted')])
    .execute();

/**
 * The lines of the dealer's basket whose quantity is more than the warehouses hold now (decision 206), with the
 * product's number: one statement, the ownership check riding on it; only short lines come back.
 */
export async function shortBasketLines(db: Db, userId: number, basketId: number) {
  const rows = await db
    .selectFrom('basket_items as i')
    .innerJoin('baskets as b', 'b.id', 'i.basket_id')
    .innerJoinLateral(
      () => lineStockOf(sql<number>`i.product_id`).as('p'),
      (join) => join.onTrue(),
    )
    .select(['i.id', 'i.product_id', 'i.quantity', 'p.article_key', 'p.stock_real', 'p.measure_factor'])
    .where('b.user_id', '=', userId)
    .where('i.basket_id', '=', basketId)
    .whereRef('i.quantity', '>', 'p.stock_real')
    .orderBy('i.id')
    .execute();
  return rows.map((r) => ({ ...r, stock_real: Number(r.stock_real), measure_factor: Number(r.measure_factor) || 1 }));
}

/** A line of the dealer's basket with its product's stock, the basket row locked (a swap or split, decision 206). */
export async function lockOwnBasketLine(db: Db, userId: number, id: number) {
  const first = await ownBasketLine(db, userId, id);
  await ownBasket(db, userId, first.basket_id!, true);
  // Read again under the basket's lock: another swap may have taken the line in between.
  const row = await db
    .selectFrom('basket_items as i')
    .innerJoinLateral(
      () => lineStockOf(sql<number>`i.product_id`).as('p'),
      (join) => join.onTrue(),
    )
    .select(['i.id', 'i.basket_id', 'i.product_id', 'i.quantity', 'p.article_key', 'p.stock_real', 'p.measure_factor'])
    .where('i.id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound();
  return { ...row, stock_real: Number(row.stock_real), measure_factor: Number(row.measure_factor) || 1 };
}
