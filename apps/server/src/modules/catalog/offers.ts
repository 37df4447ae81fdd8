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
  price: { value: number; currency: Currency; paySystemId: number; priceTypeId: number } | null;
  /** True when the actor has no active payment method: the price shown is the default one's. */
  needsPaySystem: boolean;
  quantity: number;
  availability: Availability;
  stores: StoreAmount[];
}

export interface PriceContext {
  priceTypeId: number;
  paySystemId: number;
  needsPaySystem: boolean;
}

/**
 * Which prices a user sees: their price type (else the default one) and their active payment method
 * (else the first active one, with the prices marked so the web app can prompt for a choice).
 */
export async function priceContextOf(
  db: Db,
  actor: Pick<Actor, 'priceTypeId' | 'paySystemId'>,
): Promise<PriceContext | null> {
  const row = await db
    .selectNoFrom((eb) => [
      eb
        .selectFrom('price_types')
        .select('id')
        .where((w) => (actor.priceTypeId ? w('id', '=', actor.priceTypeId) : w('is_default', '=', true)))
        .orderBy('sort')
        .limit(1)
        .as('priceTypeId'),
      eb
        .selectFrom('pay_systems')
        .select('id')
        .where('active', '=', true)
        .where((w) => (actor.paySystemId ? w('id', '=', actor.paySystemId) : w.val(true)))
        .orderBy('sort')
        .limit(1)
        .as('paySystemId'),
    ])
    .executeTakeFirst();
  if (!row?.priceTypeId || !row.paySystemId) return null;
  return { priceTypeId: row.priceTypeId, paySystemId: row.paySystemId, needsPaySystem: !actor.paySystemId };
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
): Promise<Map<number, Offer>> {
  const offers = new Map<number, Offer>();
  if (productIds.length === 0) return offers;
  const context = await priceContextOf(db, actor);
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
            }
          : null,
      needsPaySystem: context?.needsPaySystem ?? true,
      stores,
      ...availabilityOf(stores),
    });
  }
  return offers;
}
