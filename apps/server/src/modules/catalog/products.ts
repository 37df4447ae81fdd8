import {
  formatPrice,
  type Currency,
  shortFilterKeys,
  type Language,
  type Product,
  type ProductFilter,
  type ProductMatch,
  type ProductPrice,
  type ProductSortKey,
} from '@portal/contract';
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/database.js';
import { loadStores, offerFrom, type Offer, type OfferColumns, type PriceContext } from './offers.js';
import './tables.js';

export const PROPERTY_NAMES: Record<string, { ru: string; en: string }> = {
  BRAND: { ru: 'Производитель', en: 'Brand' },
  MODEL: { ru: 'Модель техники', en: 'Machine model' },
  KIND: { ru: 'Тип детали', en: 'Part type' },
  AVAILABLE: { ru: 'В наличии', en: 'In stock' },
  PRICE: { ru: 'Цена', en: 'Price' },
};

/** The smart filter's values, read from either key form. */
export interface FilterValues {
  category?: number;
  /** The category and its subsections, resolved before the product query (see `resolveCategory`). */
  sectionIds?: number[];
  ids?: number[];
  search?: string;
  BRAND?: string[];
  MODEL?: string[];
  KIND?: string[];
  priceMin?: number;
  priceMax?: number;
  available?: 'Y' | 'N';
}

export function readFilter(filter: ProductFilter | undefined): FilterValues {
  const f = shortFilterKeys((filter ?? {}) as Record<string, unknown>);
  const list = (v: unknown) => (Array.isArray(v) && v.length > 0 ? (v as string[]) : undefined);
  const out: FilterValues = {};
  if (typeof f.category === 'number') out.category = f.category;
  if (Array.isArray(f.id)) out.ids = f.id as number[];
  if (typeof f.search === 'string' && f.search) out.search = f.search;
  const brand = list(f.F_BRAND);
  const model = list(f.F_MODEL);
  const kind = list(f.F_KIND);
  if (brand) out.BRAND = brand;
  if (model) out.MODEL = model;
  if (kind) out.KIND = kind;
  if (typeof f.F_PRICE_MIN === 'number') out.priceMin = f.F_PRICE_MIN;
  if (typeof f.F_PRICE_MAX === 'number') out.priceMax = f.F_PRICE_MAX;
  if (f.F_AVAILABLE === 'Y' || f.F_AVAILABLE === 'N') out.available = f.F_AVAILABLE;
  return out;
}

type Cond = RawBuilder<boolean>;
const TRUE: Cond = sql<boolean>`true`;

/** Each facet's condition on `p` (products) and `pp` (the actor's price), so one can be left out. */
export function facetConditions(f: FilterValues) {
  return {
    brand: f.BRAND ? sql<boolean>`p.brand = ANY(${f.BRAND}::text[])` : TRUE,
    model: f.MODEL ? sql<boolean>`p.prop_model = ANY(${f.MODEL}::text[])` : TRUE,
    kind: f.KIND ? sql<boolean>`p.prop_kind = ANY(${f.KIND}::text[])` : TRUE,
    available:
      f.available === 'Y'
        ? sql<boolean>`p.availability = 'Y'`
        : f.available === 'N'
          ? sql<boolean>`p.availability <> 'Y'`
          : TRUE,
    price:
      f.priceMin !== undefined || f.priceMax !== undefined
        ? sql<boolean>`pp.value BETWEEN ${f.priceMin ?? 0} AND ${f.priceMax ?? 1e12}`
        : TRUE,
  };
}

/** Scope conditions: the section (with its subsections), the id list, the search candidates. */
export function scopeCondition(f: FilterValues, searchIds: number[] | null): Cond {
  const parts: Cond[] = [sql<boolean>`p.active`];
  if (f.sectionIds && f.sectionIds.length === 1) {
    // One section: an equality, so a page walks (section_id, name, id) in order and stops after the limit.
    parts.push(sql<boolean>`p.section_id = ${f.sectionIds[0]}`);
  } else if (f.sectionIds) {
    parts.push(sql<boolean>`p.section_id = ANY(${f.sectionIds}::int[])`);
  } else if (f.category !== undefined) {
    parts.push(
      sql<boolean>`p.section_id IN (SELECT id FROM sections WHERE id = ${f.category} OR parent_id = ${f.category})`,
    );
  }
  if (f.ids) parts.push(sql<boolean>`p.id = ANY(${f.ids}::int[])`);
  if (searchIds) parts.push(sql<boolean>`p.id = ANY(${searchIds}::int[])`);
  return sql.join(parts, sql` AND `) as Cond;
}

export const needsPriceJoin = (f: FilterValues, sort: ProductSortKey | null) =>
  sort === 'PRICE' || f.priceMin !== undefined || f.priceMax !== undefined;

export const priceJoin = (context: PriceContext | null) =>
  context
    ? sql`LEFT JOIN product_prices pp ON pp.product_id = p.id AND pp.price_type_id = ${context.priceTypeId}
            AND pp.pay_system_id = ${context.paySystemId}`
    : sql`LEFT JOIN (SELECT NULL::int AS product_id, NULL::numeric AS value) pp ON false`;

export function orderBy(sort: ProductSortKey | null, dir: 'ASC' | 'DESC', searchIds: number[] | null) {
  const d = dir === 'DESC' ? sql`DESC` : sql`ASC`;
  if (!sort && searchIds) return sql`array_position(${searchIds}::int[], p.id)`;
  switch (sort) {
    case 'PRICE':
      return sql`pp.value ${d} NULLS LAST, p.id`;
    case 'ARTICLE':
      return sql`p.article_key ${d}, p.id`;
    case 'BRAND':
      return sql`p.brand ${d}, p.name, p.id`;
    case 'AVAILABLE':
      return sql`CASE p.availability WHEN 'Y' THEN 0 WHEN 'D' THEN 1 ELSE 2 END ${d}, p.name, p.id`;
    default:
      return sql`p.name ${d}, p.id`;
  }
}

export interface ProductRow {
  id: number;
  name: string;
  article: string;
  brand: string;
  preview_text: string;
  unit: string;
  measure_factor: number;
  section_id: number | null;
  photos: Array<{ id: number; src: string; width: number; height: number }>;
  properties: Record<string, string>;
  weight_kg: number | null;
  volume_m3: number | null;
}

/** A product row with what the actor sees of it (productColumns): price, stock per warehouse, favourite. */
export interface ProductViewRow extends ProductRow, OfferColumns {
  favorite: boolean;
}

export const PRODUCT_COLUMNS = sql`p.id, p.name, p.article, p.brand, p.preview_text, p.unit, p.measure_factor, p.section_id,
  p.photos, p.properties, p.weight_kg, p.volume_m3`;

/**
 * PRODUCT_COLUMNS with the actor's price, the stock per warehouse and the favourite flag, so a page of
 * products is one query. The price and the flag are subqueries in the select list: PostgreSQL evaluates them
 * only for the rows that pass ORDER BY and LIMIT, one index lookup each.
 */
export function productColumns(context: PriceContext | null, actorId: number) {
  const price = (column: 'value' | 'currency') =>
    sql`(SELECT x.${sql.ref(column)} FROM product_prices x WHERE x.product_id = p.id
          AND x.price_type_id = ${context?.priceTypeId ?? 0} AND x.pay_system_id = ${context?.paySystemId ?? 0})`;
  return sql`${PRODUCT_COLUMNS}, p.stock_by_store, ${price('value')} AS value, ${price('currency')} AS currency,
    EXISTS (SELECT 1 FROM favorites f WHERE f.user_id = ${actorId} AND f.product_id = p.id) AS favorite`;
}

export function priceEntry(
  p: { value: number; currency: Currency; paySystemId: number; paySystemName: string; priceTypeName: string },
  language: Language,
): ProductPrice {
  return {
    id: p.paySystemId,
    name: p.priceTypeName,
    value: p.value,
    paySystemName: p.paySystemName,
    currency: p.currency,
    text: formatPrice(p.value, p.currency, language),
  };
}

export function toProduct(
  row: ProductRow,
  offer: Offer | undefined,
  language: Language,
  favorite: boolean,
  match?: ProductMatch,
): Product {
  const properties = Object.entries(row.properties ?? {}).map(([code, value]) => ({
    id: code,
    code,
    name: PROPERTY_NAMES[code]?.[language] ?? code,
    value: String(value),
  }));
  return {
    id: row.id,
    name: row.name,
    article: row.article,
    brand: row.brand,
    previewText: row.preview_text,
    unit: { name: row.unit, symbol: row.unit },
    measureFactor: Number(row.measure_factor),
    sectionId: row.section_id,
    photo: row.photos ?? [],
    properties,
    weightKg: row.weight_kg === null ? null : Number(row.weight_kg),
    volumeM3: row.volume_m3 === null ? null : Number(row.volume_m3),
    price: offer?.price ? priceEntry(offer.price, language) : null,
    needsPaySystem: offer?.needsPaySystem ?? true,
    quantity: offer?.quantity ?? 0,
    availability: offer?.availability ?? 'N',
    stores: (offer?.stores ?? []).map((s) => ({ ...s, unit: row.unit })),
    isFavorite: favorite,
    ...(match ? { match } : {}),
  };
}

/** Products as the actor sees them, from rows read with productColumns (the warehouses are cached). */
export async function productViews(
  db: Db,
  language: Language,
  rows: ProductViewRow[],
  context: PriceContext | null,
  matches?: Map<number, ProductMatch>,
): Promise<Product[]> {
  if (rows.length === 0) return [];
  const stores = await loadStores(db, context);
  return rows.map((r) => toProduct(r, offerFrom(r.id, r, context, stores), language, r.favorite, matches?.get(r.id)));
}

/** Rows by id with what the actor sees, in the order of `ids`. */
export async function productRowsById(
  db: Db,
  ids: number[],
  context: PriceContext | null,
  actorId: number,
): Promise<ProductViewRow[]> {
  if (ids.length === 0) return [];
  const result = await sql<ProductViewRow>`SELECT ${productColumns(context, actorId)} FROM products p
    WHERE p.id = ANY(${ids}::int[]) AND p.active`.execute(db);
  const byId = new Map(result.rows.map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id)).filter((r): r is ProductViewRow => !!r);
}

/** The filter's category with its subsections, as ids (an unknown category gives an empty list). */
export async function resolveCategory(db: Db, f: FilterValues): Promise<FilterValues> {
  if (f.category === undefined) return f;
  const rows = await db
    .selectFrom('sections')
    .select('id')
    .where((w) => w.or([w('id', '=', f.category!), w('parent_id', '=', f.category!)]))
    .execute();
  return { ...f, sectionIds: rows.map((r) => r.id) };
}
