import type { Currency, Thresholds } from '@portal/contract';
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Actor } from '../auth/index.js';
import { storedThresholdsSql, thresholdsFrom } from '../settings/index.js';
import { cachedCount } from './cache.js';
import './tables.js';

/** Availability of docs/spec/03-entities.md: Y in stock, D on order (only in virtual warehouses), N out of stock. */
export type Availability = 'Y' | 'D' | 'N';

export interface StoreAmount {
  id: number;
  code: string;
  name: string;
  /** The English name (decision 145); empty when none is set. */
  nameEn: string;
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
    paySystemNameEn: string;
    priceTypeNameEn: string;
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
  priceTypeNameEn: string;
  paySystemNameEn: string;
  needsPaySystem: boolean;
  /** The catalogue version (migration 0013) read in the same statement, before any count: the cache key. */
  catalogVersion: number | null;
  /** Prices are rounded up to the whole rouble (docs/spec/09-constants.md, decision 140): the settings' flag for the purpose. */
  roundUp: boolean;
  /**
   * The configured groups of docs/spec/09-constants.md (tea first, then coffee: the first wins when sections overlap) with their
   * minimum to buy (0: none); only groups with sections. The catalogue tells each product's minimum.
   */
  groups: ReadonlyArray<{ name: 'tea' | 'coffee'; sections: number[]; minQuantity: number }>;
  /** The thresholds read with the context (docs/spec/09-constants.md): the basket path checks minimums on them. */
  thresholds: Thresholds;
  /**
   * Read only for a listing (`listingOf`, decision 250): the user's favourites among at most FAVORITES_INLINE
   * (null when they have more: the page asks for its own), and what the answers depend on that the catalogue
   * version does not cover: the default price types in their order (the info price) and the active payment
   * methods in theirs (the card's price table).
   */
  listing?: { favorites: ReadonlySet<number> | null; infoTypes: string; paySystems: string };
}

/** Favourites read with a listing's price context; a user with more has them read per page (decision 250). */
export const FAVORITES_INLINE = 500;

/**
 * Where prices are shown: the catalogue (product lists and cards, search, quick-order candidates) or the
 * basket (lines, sums, checkout, the order). Each has its own round-up setting (docs/spec/09-constants.md).
 */
export type PricePurpose = 'catalog' | 'basket';

/** A price as shown for a context: the next whole rouble when the settings round up (decision 140). */
export function shownPrice(value: number, context: Pick<PriceContext, 'roundUp'> | null): number {
  // 100.004 is 100.00 in money: round to kopecks first so a float's noise does not become a rouble.
  const kopecks = Math.round(value * 100) / 100;
  return context?.roundUp ? Math.ceil(kopecks) : kopecks;
}

/**
 * Which prices a user sees: their price type (else the default one) and their active payment method
 * (else the first active one, with the prices marked so the web app can prompt for a choice).
 */
export async function priceContextOf(
  db: Db,
  actor: Pick<Actor, 'priceTypeId' | 'paySystemId'>,
  purpose: PricePurpose = 'catalog',
  /** A listing's user: their favourites and the default price types ride on the same statement (decision 250). */
  listingOf?: number,
): Promise<PriceContext | null> {
  // One round trip (it runs on every product screen): the price type, the chosen payment method if it is
  // active, else the first active one, the catalogue version and the settings' thresholds (decision 224).
  const priceTypeId = actor.priceTypeId ?? 0;
  const paySystemId = actor.paySystemId ?? 0;
  const { rows } = await sql<{
    pt_id: number;
    pt_name: string;
    pt_name_en: string;
    ps_id: number;
    ps_name: string;
    ps_name_en: string;
    cv: string | null;
    thresholds: unknown;
    favorites: number[] | null;
    info_types: string | null;
    pay_systems: string | null;
  }>`
    SELECT pt.id AS pt_id, pt.name AS pt_name, pt.name_en AS pt_name_en, ps.id AS ps_id, ps.name AS ps_name,
           ps.name_en AS ps_name_en, (SELECT version FROM catalog_version) AS cv,
           ${storedThresholdsSql()} AS thresholds, ${listingOf === undefined ? sql`NULL` : listingColumns(listingOf)}
    FROM (SELECT id, name, name_en FROM price_types
          WHERE id = ${priceTypeId} OR (${priceTypeId} = 0 AND is_default) ORDER BY sort, id LIMIT 1) pt,
         (SELECT id, name, name_en FROM pay_systems WHERE active
          ORDER BY (id = ${paySystemId}) DESC, sort, id LIMIT 1) ps
  `.execute(db);
  const row = rows[0];
  if (!row) return null;
  const t = thresholdsFrom(row.thresholds);
  return {
    roundUp: purpose === 'basket' ? t.roundUpBasket : t.roundUpCatalog,
    groups: [
      { name: 'tea' as const, sections: t.teaSections, minQuantity: t.teaMinQuantity },
      { name: 'coffee' as const, sections: t.coffeeSections, minQuantity: t.coffeeMinQuantity },
    ].filter((g) => g.sections.length > 0),
    thresholds: t,
    priceTypeId: row.pt_id,
    paySystemId: row.ps_id,
    priceTypeName: row.pt_name,
    paySystemName: row.ps_name,
    priceTypeNameEn: row.pt_name_en,
    paySystemNameEn: row.ps_name_en,
    // An inactive or missing choice counts as none: the user is asked to choose again.
    needsPaySystem: !actor.paySystemId || actor.paySystemId !== row.ps_id,
    catalogVersion: row.cv === null ? null : Number(row.cv),
    ...(listingOf === undefined
      ? {}
      : {
          listing: {
            favorites:
              (row.favorites?.length ?? 0) > FAVORITES_INLINE ? null : new Set((row.favorites ?? []).map(Number)),
            infoTypes: row.info_types ?? '',
            paySystems: row.pay_systems ?? '',
          },
        }),
  };
}

/** The listing's extra columns of the price context: one more than FAVORITES_INLINE tells that there are more. */
function listingColumns(userId: number) {
  return sql`(SELECT array_agg(f.product_id) FROM (SELECT product_id FROM favorites WHERE user_id = ${userId}
      LIMIT ${FAVORITES_INLINE + 1}) f) AS favorites,
    (SELECT string_agg(id::text, ',' ORDER BY sort, id) FROM price_types WHERE is_default) AS info_types,
    (SELECT json_agg(json_build_array(id, name, name_en) ORDER BY sort, id) FROM pay_systems WHERE active)::text
      AS pay_systems`;
}

/** Every active payment method's price of one product for the actor's price type (the product card). */
export async function loadPriceTable(
  db: Db,
  actor: Pick<Actor, 'priceTypeId' | 'paySystemId'>,
  productId: number,
  known?: PriceContext | null,
): Promise<
  Array<{
    paySystemId: number;
    paySystemName: string;
    priceTypeName: string;
    paySystemNameEn: string;
    priceTypeNameEn: string;
    value: number;
    currency: Currency;
  }>
> {
  const context = known === undefined ? await priceContextOf(db, actor) : known;
  if (!context) return [];
  const rows = await db
    .selectFrom('product_prices as pp')
    .innerJoin('pay_systems as ps', 'ps.id', 'pp.pay_system_id')
    .select(['ps.id', 'ps.name', 'ps.name_en', 'pp.value', 'pp.currency'])
    .where('pp.product_id', '=', productId)
    .where('pp.price_type_id', '=', context.priceTypeId)
    .where('ps.active', '=', true)
    .orderBy('ps.sort')
    .orderBy('ps.id')
    .execute();
  return priceTableOf(rows, context);
}

/** A price table's rows as stored (loadPriceTable, or priceTableJson on the card's rows statement). */
export interface PriceTableRow {
  id: number;
  name: string;
  name_en: string;
  value: number | string;
  currency: string;
}

/**
 * The SQL of loadPriceTable as one JSON array for the row `p` (the card reads it with the product's row,
 * decision 165): the same rows in the same order.
 */
export function priceTableJson(context: PriceContext) {
  return sql<PriceTableRow[]>`(SELECT coalesce(json_agg(json_build_object('id', ps.id, 'name', ps.name,
      'name_en', ps.name_en, 'value', pp.value, 'currency', pp.currency) ORDER BY ps.sort, ps.id), '[]'::json)
    FROM product_prices pp JOIN pay_systems ps ON ps.id = pp.pay_system_id
    WHERE pp.product_id = p.id AND pp.price_type_id = ${context.priceTypeId} AND ps.active)`;
}

/** Stored price table rows as loadPriceTable answers them (names, shown value). */
export function priceTableOf(rows: PriceTableRow[], context: PriceContext) {
  return rows.map((r) => ({
    paySystemId: r.id,
    paySystemName: r.name,
    priceTypeName: context.priceTypeName,
    paySystemNameEn: r.name_en,
    priceTypeNameEn: context.priceTypeNameEn,
    value: shownPrice(Number(r.value), context),
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
  nameEn: string;
  isVirtual: boolean;
}

/**
 * The warehouses in their order (sort, id). They change rarely and bump the catalogue version (migration
 * 0014), so they are kept under the version the price context read.
 */
export function loadStores(db: Db, context: PriceContext | null): Promise<StoreInfo[]> {
  return cachedCount(db, context?.catalogVersion ?? null, 'stores', async () =>
    (
      await db
        .selectFrom('stores')
        .select(['id', 'code', 'name', 'name_en', 'is_virtual'])
        .orderBy('sort')
        .orderBy('id')
        .execute()
    ).map((s) => ({ id: s.id, code: s.code, name: s.name, nameEn: s.name_en, isVirtual: s.is_virtual })),
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
        nameEn: store.nameEn,
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
            value: shownPrice(Number(row.value), context),
            currency: row.currency as Currency,
            paySystemId: context.paySystemId,
            priceTypeId: context.priceTypeId,
            paySystemName: context.paySystemName,
            priceTypeName: context.priceTypeName,
            paySystemNameEn: context.paySystemNameEn,
            priceTypeNameEn: context.priceTypeNameEn,
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
  purpose: PricePurpose = 'catalog',
): Promise<Map<number, Offer>> {
  const offers = new Map<number, Offer>();
  if (productIds.length === 0) return offers;
  const context = known === undefined ? await priceContextOf(db, actor, purpose) : known;
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
