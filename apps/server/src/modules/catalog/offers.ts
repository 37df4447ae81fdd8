import type { Currency } from '@portal/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Actor } from '../auth/actor.js';
import './tables.js';

/** Availability of spec §3: Y in stock, D on order (only in virtual warehouses), N out of stock. */
export type Availability = 'Y' | 'D' | 'N';

export interface StoreAmount {
  id: number;
  code: string;
  name: string;
  amount: number;
  isVirtual: boolean;
}

export interface Offer {
  productId: number;
  /** The price for the actor's price type and payment method; null when there is none. */
  price: {
    value: number;
    currency: Currency;
    paySystemId: number;
    priceTypeId: number;
    paySystemName: string;
    priceTypeName: string;
  } | null;
  /** True when the actor has no active payment method: the price shown is the default one's. */
  needsPaySystem: boolean;
  quantity: number;
  availability: Availability;
  stores: StoreAmount[];
}

export interface PriceContext {
  priceTypeId: number;
  paySystemId: number;
  priceTypeName: string;
  paySystemName: string;
  needsPaySystem: boolean;
  /** The catalogue version (migration 0013) read in the same statement, before any count: the cache key. */
  catalogVersion: number | null;
}

/**
 * Which prices a user sees: their price type (else the default one) and their active payment method
 * (else the first active one, with the prices marked so the web app can prompt for a choice).
 */
export async function priceContextOf(
  db: Db,
  actor: Pick<Actor, 'priceTypeId' | 'paySystemId'>,
): Promise<PriceContext | null> {
  // One round trip (it runs on every product screen): the price type, and the chosen payment method if it
  // is active, else the first active one.
  const priceTypeId = actor.priceTypeId ?? 0;
  const paySystemId = actor.paySystemId ?? 0;
  const { rows } = await sql<{ pt_id: number; pt_name: string; ps_id: number; ps_name: string; cv: string | null }>`
    SELECT pt.id AS pt_id, pt.name AS pt_name, ps.id AS ps_id, ps.name AS ps_name,
           (SELECT version FROM catalog_version) AS cv
    FROM (SELECT id, name FROM price_types
          WHERE id = ${priceTypeId} OR (${priceTypeId} = 0 AND is_default) ORDER BY sort, id LIMIT 1) pt,
         (SELECT id, name FROM pay_systems WHERE active ORDER BY (id = ${paySystemId}) DESC, sort, id LIMIT 1) ps
  `.execute(db);
  const row = rows[0];
  if (!row) return null;
  return {
    priceTypeId: row.pt_id,
    paySystemId: row.ps_id,
    priceTypeName: row.pt_name,
    paySystemName: row.ps_name,
    // An inactive or missing choice counts as none: the user is asked to choose again.
    needsPaySystem: !actor.paySystemId || actor.paySystemId !== row.ps_id,
    catalogVersion: row.cv === null ? null : Number(row.cv),
  };
}

/** Every active payment method's price of one product for the actor's price type (the product card). */
export async function loadPriceTable(
  db: Db,
  actor: Pick<Actor, 'priceTypeId' | 'paySystemId'>,
  productId: number,
  known?: PriceContext | null,
): Promise<
  Array<{ paySystemId: number; paySystemName: string; priceTypeName: string; value: number; currency: Currency }>
> {
  const context = known === undefined ? await priceContextOf(db, actor) : known;
  if (!context) return [];
  const rows = await db
    .selectFrom('product_prices as pp')
    .innerJoin('pay_systems as ps', 'ps.id', 'pp.pay_system_id')
    .select(['ps.id', 'ps.name', 'pp.value', 'pp.currency'])
    .where('pp.product_id', '=', productId)
    .where('pp.price_type_id', '=', context.priceTypeId)
    .where('ps.active', '=', true)
    .orderBy('ps.sort')
    .orderBy('ps.id')
    .execute();
  return rows.map((r) => ({
    paySystemId: r.id,
    paySystemName: r.name,
    priceTypeName: context.priceTypeName,
    value: Number(r.value),
    currency: r.currency as Currency,
  }));
}

export function availabilityOf(stores: StoreAmount[]): { quantity: number; availability: Availability } {
  let real = 0;
  let virtual = 0;
  for (const s of stores) {
    if (s.isVirtual) virtual += s.amount;
    else real += s.amount;
  }
  const quantity = real + virtual;
  return { quantity, availability: real > 0 ? 'Y' : virtual > 0 ? 'D' : 'N' };
}

/**
 * Prices and stock of many products in two indexed queries, for one user. Every screen that shows a
 * product (catalogue, search, basket, checkout) takes its numbers from here, so they always agree.
 */
export async function loadOffers(
  db: Db,
  actor: Pick<Actor, 'priceTypeId' | 'paySystemId'>,
  productIds: number[],
  /** The actor's price context when the caller already has it (saves a query on hot paths). */
  known?: PriceContext | null,
): Promise<Map<number, Offer>> {
  const offers = new Map<number, Offer>();
  if (productIds.length === 0) return offers;
  const context = known === undefined ? await priceContextOf(db, actor) : known;
  const [prices, stock] = await Promise.all([
    context
      ? db
          .selectFrom('product_prices')
          .select(['product_id', 'value', 'currency'])
          .where('price_type_id', '=', context.priceTypeId)
          .where('pay_system_id', '=', context.paySystemId)
          .where('product_id', '=', sql<number>`ANY(${productIds})`)
          .execute()
      : Promise.resolve([]),
    db
      .selectFrom('product_stock as ps')
      .innerJoin('stores as s', 's.id', 'ps.store_id')
      .select(['ps.product_id', 'ps.amount', 's.id', 's.code', 's.name', 's.is_virtual'])
      .where('ps.product_id', '=', sql<number>`ANY(${productIds})`)
      .orderBy('s.sort')
      .orderBy('s.id')
      .execute(),
  ]);
  const storesByProduct = new Map<number, StoreAmount[]>();
  for (const s of stock) {
    const list = storesByProduct.get(s.product_id) ?? [];
    list.push({ id: s.id, code: s.code, name: s.name, amount: Number(s.amount), isVirtual: s.is_virtual });
    storesByProduct.set(s.product_id, list);
  }
  const priceByProduct = new Map(prices.map((p) => [p.product_id, p]));
  for (const id of productIds) {
    const stores = storesByProduct.get(id) ?? [];
    const p = priceByProduct.get(id);
    offers.set(id, {
      productId: id,
      price:
        p && context
          ? {
              value: Number(p.value),
              currency: p.currency as Currency,
              paySystemId: context.paySystemId,
              priceTypeId: context.priceTypeId,
              paySystemName: context.paySystemName,
              priceTypeName: context.priceTypeName,
            }
          : null,
      needsPaySystem: context?.needsPaySystem ?? true,
      stores,
      ...availabilityOf(stores),
    });
  }
  return offers;
}
