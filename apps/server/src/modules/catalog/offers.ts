import type { Currency } from '@portal/contract';
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Actor } from '../auth/actor.js';
import { cachedCount } from './cache.js';
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

export interface StoreInfo {
  id: number;
  code: string;
  name: string;
  isVirtual: boolean;
}

/**
 * The warehouses in their order (sort, id). They change rarely and bump the catalogue version (migration
 * 0014), so they are kept under the version the price context read.
 */
export function loadStores(db: Db, context: PriceContext | null): Promise<StoreInfo[]> {
  return cachedCount(db, context?.catalogVersion ?? null, 'stores', async () =>
    (
      await db.selectFrom('stores').select(['id', 'code', 'name', 'is_virtual']).orderBy('sort').orderBy('id').execute()
    ).map((s) => ({ id: s.id, code: s.code, name: s.name, isVirtual: s.is_virtual })),
  );
}

/** What a product row carries for its offer: the lateral price (priceFor) and the stock string (migration 0014). */
export interface OfferColumns {
  value: number | null;
  currency: string | null;
  stock_by_store: string;
}

/**
 * The actor's price of a product as a lateral subquery (`pr.value`, `pr.currency`): LIMIT 1 keeps it one
 * index lookup per product, never a scan of a price type's million rows.
 */
export function priceFor(db: Db, context: PriceContext | null, productId: RawBuilder<number>) {
  return db
    .selectFrom('product_prices')
    .select(['value', 'currency'])
    .where('product_prices.product_id', '=', productId)
    .where('price_type_id', '=', context?.priceTypeId ?? 0)
    .where('pay_system_id', '=', context?.paySystemId ?? 0)
    .limit(1)
    .as('pr');
}

/**
 * `store:amount,…` (migration 0014) as the warehouses' amounts in the warehouses' own order (sort, id).
 * It runs for every line of a 1,000-line basket, so it walks the string once and allocates only the result.
 */
function parseStock(text: string, stores: StoreInfo[]): StoreAmount[] {
  const list: StoreAmount[] = [];
  let ordered = true;
  let last = -1;
  for (let start = 0; start < text.length;) {
    const colon = text.indexOf(':', start);
    let end = text.indexOf(',', colon);
    if (end < 0) end = text.length;
    const id = Number(text.slice(start, colon));
    const rank = stores.findIndex((s) => s.id === id);
    const store = stores[rank];
    if (store) {
      list.push({
        id,
        code: store.code,
        name: store.name,
        amount: Number(text.slice(colon + 1, end)),
        isVirtual: store.isVirtual,
      });
      if (rank < last) ordered = false;
      last = rank;
    }
    start = end + 1;
  }
  if (!ordered) list.sort((a, b) => stores.findIndex((s) => s.id === a.id) - stores.findIndex((s) => s.id === b.id));
  return list;
}

/** A product's offer from its price and stock columns: the one place that turns them into numbers. */
export function offerFrom(
  productId: number,
  row: OfferColumns | undefined,
  context: PriceContext | null,
  stores: StoreInfo[],
): Offer {
  const list = row?.stock_by_store ? parseStock(row.stock_by_store, stores) : [];
  return {
    productId,
    price:
      row && row.value !== null && context
        ? {
            value: Number(row.value),
            currency: row.currency as Currency,
            paySystemId: context.paySystemId,
            priceTypeId: context.priceTypeId,
            paySystemName: context.paySystemName,
            priceTypeName: context.priceTypeName,
          }
        : null,
    needsPaySystem: context?.needsPaySystem ?? true,
    stores: list,
    ...availabilityOf(list),
  };
}

/**
 * Prices and stock of many products for one user in one indexed query (the stock rides on the product row,
 * migration 0014). Every screen that shows a product (catalogue, search, basket, checkout) takes its numbers
 * from here or from offerFrom, so they always agree.
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
  const [rows, stores] = await Promise.all([
    db
      .selectFrom('products as p')
      .leftJoinLateral(
        () => priceFor(db, context, sql<number>`p.id`),
        (join) => join.onTrue(),
      )
      .select(['p.id', 'p.stock_by_store', 'pr.value', 'pr.currency'])
      .where('p.id', '=', sql<number>`ANY(${productIds}::int[])`)
      .execute(),
    loadStores(db, context),
  ]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  for (const id of productIds) offers.set(id, offerFrom(id, byId.get(id), context, stores));
  return offers;
}
