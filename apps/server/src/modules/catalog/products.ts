import {
  colorName,
  formatPrice,
  inLanguage,
  translate,
  unitCode,
  unitName,
  unitSymbol,
  type Currency,
  shortFilterKeys,
  type Language,
  type ProductFilter,
  type ProductMatch,
  type ProductPrice,
  type ProductSortKey,
  type CatalogDict,
  type LeanProduct,
  type LeanProductList,
} from '@portal/contract';
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/database.js';
import { withJsonBody } from '../../rest/serialized.js';
import {
  loadStores,
  offerFrom,
  type loadPriceTable,
  type StoreInfo,
  shownPrice,
  type Offer,
  type OfferColumns,
  type PriceContext,
  type StoreAmount,
} from './offers.js';
import { cachedPage } from './cache.js';
import { productGroupsOf } from './groups.js';
import './tables.js';

export const PROPERTY_NAMES: Record<string, { ru: string; en: string }> = {
  BRAND: { ru: 'Производитель', en: 'Brand' },
  MODEL: { ru: 'Модель техники', en: 'Machine model' },
  KIND: { ru: 'Тип детали', en: 'Part type' },
  COLOR: { ru: 'Цвет', en: 'Colour' },
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
  /** Colour hex codes (decision 147), compared in upper case. */
  COLOR?: string[];
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
  const color = list(f.F_COLOR);
  if (color) out.COLOR = color.map((c) => c.toUpperCase());
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
    // One model (one machine «для моей техники», decision 208) is an equality, so an index walks it in order.
    model: f.MODEL
      ? f.MODEL.length === 1
        ? sql<boolean>`p.prop_model = ${f.MODEL[0]}`
        : sql<boolean>`p.prop_model = ANY(${f.MODEL}::text[])`
      : TRUE,
    kind: f.KIND ? sql<boolean>`p.prop_kind = ANY(${f.KIND}::text[])` : TRUE,
    color: f.COLOR ? sql<boolean>`p.prop_color = ANY(${f.COLOR}::text[])` : TRUE,
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
      sql<boolean>`p.section_id IN (WITH RECURSIVE sub AS (SELECT id, 0 AS depth FROM sections WHERE id = ${f.category}
        UNION ALL SELECT s.id, sub.depth + 1 FROM sections s JOIN sub ON s.parent_id = sub.id WHERE sub.depth < 32)
        SELECT id FROM sub)`,
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
export interface ProductViewRow extends ProductRow {
  /** The stock string (migration 0014). */
  stock_by_store: string;
  /** The actor's price as `value currency` (one index lookup, priceColumns reads it), null when there is none. */
  price: string | null;
  /** The base price type's price (docs/spec/03-entities.md info price) as `value currency`, null when there is none. */
  info: string | null;
  favorite: boolean;
}

/** A `value currency` pair of productColumns as numbers and code (null stays null). */
function splitPrice(text: string | null): { value: number | null; currency: string | null } {
  if (text === null) return { value: null, currency: null };
  const space = text.indexOf(' ');
  return { value: Number(text.slice(0, space)), currency: text.slice(space + 1) };
}

/** The offer columns of a row read with productColumns (offerFrom takes them). */
export function priceColumns(row: Pick<ProductViewRow, 'price' | 'stock_by_store'>): OfferColumns {
  return { ...splitPrice(row.price), stock_by_store: row.stock_by_store };
}

export const PRODUCT_COLUMNS = sql`p.id, p.name, p.article, p.brand, p.preview_text, p.unit, p.measure_factor, p.section_id,
  p.photos, p.properties, p.weight_kg, p.volume_m3`;

/**
 * PRODUCT_COLUMNS with the actor's price, the stock per warehouse and the favourite flag, so a page of
 * products is one query. The price and the flag are subqueries in the select list: PostgreSQL evaluates them
 * only for the rows that pass ORDER BY and LIMIT, one index lookup each.
 */
export function productColumns(context: PriceContext | null, actorId: number) {
  // Value and currency in one subquery each (one index lookup per price, not one per column).
  const price = sql`(SELECT x.value::text || ' ' || x.currency FROM product_prices x WHERE x.product_id = p.id
          AND x.price_type_id = ${context?.priceTypeId ?? 0} AND x.pay_system_id = ${context?.paySystemId ?? 0})`;
  // The info price of docs/spec/03-entities.md: the base (default) price type's price for the same payment method, in the same query.
  const info = sql`(SELECT x.value::text || ' ' || x.currency FROM product_prices x
          JOIN price_types t ON t.id = x.price_type_id AND t.is_default
          WHERE x.product_id = p.id AND x.pay_system_id = ${context?.paySystemId ?? 0} ORDER BY t.sort, t.id LIMIT 1)`;
  return sql`${PRODUCT_COLUMNS}, p.stock_by_store, ${price} AS price, ${info} AS info,
    EXISTS (SELECT 1 FROM favorites f WHERE f.user_id = ${actorId} AND f.product_id = p.id) AS favorite`;
}

export function priceEntry(
  p: {
    value: number;
    currency: Currency;
    paySystemId: number;
    paySystemName: string;
    priceTypeName: string;
    paySystemNameEn?: string;
    priceTypeNameEn?: string;
  },
  language: Language,
): ProductPrice {
  return {
    id: p.paySystemId,
    name: inLanguage(p.priceTypeName, p.priceTypeNameEn, language),
    value: p.value,
    paySystemName: inLanguage(p.paySystemName, p.paySystemNameEn, language),
    currency: p.currency,
    text: formatPrice(p.value, p.currency, language),
  };
}

/** The warehouses' amounts of a product as the answer shows them: names and unit in the page's language. */
export function storesIn(stores: StoreAmount[], unit: string, language: Language) {
  return stores.map(({ nameEn, ...s }) => ({
    ...s,
    name: inLanguage(s.name, nameEn, language),
    unit: unitSymbol(unit, language),
  }));
}

/** A property's value as the reader sees it: a colour by its name (decision 147), anything else as stored. */
export function propertyValue(code: string, value: unknown, language: Language): string {
  return code === 'COLOR' ? colorName(String(value), language) : String(value);
}

/**
 * The info price of docs/spec/03-entities.md: the base (default) price type's price for the same payment method. Left out when there is
 * none or when it equals the buy price (the user's price type is the base one), so the answer stays lean.
 */
export function infoPrice(row: Pick<ProductViewRow, 'info'>, offer: Offer, context: PriceContext | null) {
  const stored = splitPrice(row.info);
  if (stored.value === null || !context) return {};
  const value = shownPrice(stored.value, context);
  const currency = stored.currency ?? 'RUB';
  if (offer.price && offer.price.value === value && offer.price.currency === currency) return {};
  return { priceInfo: { value, currency } };
}

/**
 * Each tea or coffee product's minimum to buy (docs/spec/09-constants.md, decision 140), so the order control starts there: the
 * same groups the basket checks (`productGroupsOf`); one query, and none when no group is configured.
 */
async function minimumsOf(db: Db, rows: ProductViewRow[], context: PriceContext | null): Promise<Map<number, number>> {
  const result = new Map<number, number>();
  const groups = context?.groups ?? [];
  if (!groups.some((g) => g.minQuantity > 0)) return result;
  const of = await productGroupsOf(
    db,
    rows.map((r) => r.id),
    groups.map((g) => [g.name, g.sections] as const),
  );
  const min = new Map(groups.map((g) => [g.name, g.minQuantity]));
  for (const [id, group] of of) if ((min.get(group) ?? 0) > 0) result.set(id, min.get(group)!);
  return result;
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

/**
 * The filter's category with every section below it, as ids (an unknown category gives an empty list).
 * A catalogue from 1C may be deeper than the demo's two levels (decision 092).
 */
export async function resolveCategory(db: Db, f: FilterValues): Promise<FilterValues> {
  if (f.category === undefined) return f;
  const rows = await sql<{ id: number }>`
    WITH RECURSIVE sub AS (
      SELECT id, 0 AS depth FROM sections WHERE id = ${f.category}
      UNION ALL
      SELECT s.id, sub.depth + 1 FROM sections s JOIN sub ON s.parent_id = sub.id WHERE sub.depth < 32
    )
    SELECT id FROM sub ORDER BY id`.execute(db);
  return { ...f, sectionIds: rows.rows.map((r) => r.id) };
}

/**
 * Builds the lean catalogue answer (decision 160): each product with ids and numbers, and the answer's `dict`
 * naming once what they share (price type, payment methods, warehouses, units, labels, photos). Nothing is
 * lost: `expandProducts` of the contract gives back every field of `Product`.
 */
export class LeanAnswer {
  private readonly photoIndex = new Map<string, number>();
  private readonly photos: Array<{ src: string; width: number; height: number }> = [];
  private readonly units = new Map<string, { id: string; symbol: string; name?: string }>();
  private readonly unitCounts = new Map<string, number>();
  private readonly sectionCounts = new Map<number, number>();
  private readonly storesUsed = new Set<number>();
  private readonly propertiesUsed = new Set<string>();
  private readonly remainsUsed = new Set<'Y' | 'D' | 'N'>();
  private readonly paySystems = new Map<number, string>();
  private priced = false;
  private stores: StoreInfo[] = [];

  constructor(
    private readonly language: Language,
    private readonly context: PriceContext | null,
  ) {}

  /** The products of rows read with productColumns (the warehouses are cached). */
  async products(db: Db, rows: ProductViewRow[], matches?: Map<number, ProductMatch>): Promise<LeanDraft[]> {
    if (rows.length === 0) return [];
    const [stores, minimums] = await Promise.all([loadStores(db, this.context), minimumsOf(db, rows, this.context)]);
    this.stores = stores;
    return rows.map((r) =>
      this.product(r, offerFrom(r.id, priceColumns(r), this.context, stores), matches?.get(r.id), minimums.get(r.id)),
    );
  }

  private product(row: ProductViewRow, offer: Offer, match?: ProductMatch, minQuantity = 0): LeanDraft {
    const p: LeanDraft = { id: row.id, name: row.name, article: row.article, brand: row.brand };
    if (row.preview_text) p.previewText = row.preview_text;
    p.unit = row.unit;
    this.unitCounts.set(row.unit, (this.unitCounts.get(row.unit) ?? 0) + 1);
    if (!this.units.has(row.unit)) {
      const symbol = unitSymbol(row.unit, this.language);
      const name = unitName(row.unit, this.language);
      this.units.set(row.unit, { id: unitCode(row.unit), symbol, ...(name !== symbol ? { name } : {}) });
    }
    const factor = Number(row.measure_factor) || 1;
    if (factor !== 1) p.measureFactor = factor;
    if (row.section_id !== null) {
      p.sectionId = row.section_id;
      this.sectionCounts.set(row.section_id, (this.sectionCounts.get(row.section_id) ?? 0) + 1);
    }
    if (row.photos && row.photos.length > 0) {
      p.photo = row.photos.map((ph) => {
        const key = `${ph.src} ${ph.width} ${ph.height}`;
        let i = this.photoIndex.get(key);
        if (i === undefined) {
          i = this.photos.length;
          this.photos.push({ src: ph.src, width: ph.width, height: ph.height });
          this.photoIndex.set(key, i);
        }
        return i;
      });
    }
    const properties = Object.entries(row.properties ?? {});
    if (properties.length > 0) {
      p.properties = {};
      for (const [code, value] of properties) {
        p.properties[code] = propertyValue(code, value, this.language);
        this.propertiesUsed.add(code);
      }
    }
    if (row.weight_kg !== null) p.weightKg = Number(row.weight_kg);
    if (row.volume_m3 !== null) p.volumeM3 = Number(row.volume_m3);
    if (offer.price) {
      this.priced = true;
      p.price = offer.price.value;
      if (offer.price.currency !== 'RUB') p.currency = offer.price.currency;
      this.paySystems.set(
        offer.price.paySystemId,
        inLanguage(offer.price.paySystemName, offer.price.paySystemNameEn, this.language),
      );
    }
    const info = this.context ? infoPrice(row, offer, this.context).priceInfo : undefined;
    if (info) {
      p.priceInfo = info.value;
      if (info.currency !== 'RUB') p.infoCurrency = info.currency;
    }
    if (offer.stores.length > 0) {
      p.stock = {};
      for (const s of offer.stores) {
        p.stock[String(s.id)] = s.amount;
        this.storesUsed.add(s.id);
      }
    }
    this.remainsUsed.add(offer.availability);
    if (row.favorite) p.isFavorite = true;
    if (match) p.match = match;
    if (minQuantity > 0) p.minQuantity = minQuantity;
    return p;
  }

  /** Every active payment method's price of the product (the card): their names join the dictionary. */
  prices(table: Awaited<ReturnType<typeof loadPriceTable>>) {
    return table.map((t) => {
      this.paySystems.set(t.paySystemId, inLanguage(t.paySystemName, t.paySystemNameEn, this.language));
      this.priced = true;
      return { paySystemId: t.paySystemId, value: t.value, ...(t.currency !== 'RUB' ? { currency: t.currency } : {}) };
    });
  }

  /**
   * The answer's dictionary. The most frequent unit and section become the defaults: products with them drop
   * the key (`products` is edited in place).
   */
  dict(products: LeanDraft[]): CatalogDict {
    const most = <K>(counts: Map<K, number>) => [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
    const unit = most(this.unitCounts);
    const section = most(this.sectionCounts);
    for (const p of products) {
      if (p.unit === unit) delete p.unit;
      if (p.sectionId === section) delete p.sectionId;
    }
    const c = this.context;
    const dict: CatalogDict = {};
    if (this.priced && c) {
      dict.priceType = { id: c.priceTypeId, name: inLanguage(c.priceTypeName, c.priceTypeNameEn, this.language) };
      dict.paySystemId = c.paySystemId;
      dict.paySystems = [...this.paySystems].map(([id, name]) => ({ id, name }));
      if (c.needsPaySystem) dict.needsPaySystem = true;
      dict.currency = 'RUB';
    }
    const stores = this.stores.filter((s) => this.storesUsed.has(s.id));
    if (stores.length > 0) {
      dict.stores = stores.map((s) => ({
        id: s.id,
        code: s.code,
        name: inLanguage(s.name, s.nameEn, this.language),
        ...(s.isVirtual ? { isVirtual: true as const } : {}),
      }));
    }
    if (this.units.size > 0) dict.units = Object.fromEntries(this.units);
    if (unit !== undefined) dict.unit = unit;
    if (section !== undefined) dict.sectionId = section;
    if (this.photos.length > 0) dict.photos = this.photos;
    if (this.propertiesUsed.size > 0) {
      const codes = [...Object.keys(PROPERTY_NAMES), ...this.propertiesUsed].filter(
        (code, i, all) => this.propertiesUsed.has(code) && all.indexOf(code) === i,
      );
      dict.propertyNames = Object.fromEntries(
        codes.map((code) => [code, PROPERTY_NAMES[code]?.[this.language] ?? code]),
      );
    }
    if (this.remainsUsed.size > 0) {
      dict.remains = Object.fromEntries(
        [...this.remainsUsed].map((a) => [a, translate(this.language, `remains.${a}`)]),
      );
    }
    return dict;
  }
}

/** A lean product while its answer is built (`LeanAnswer.dict` may still drop its unit and section). */
export type LeanDraft = LeanProduct;

/** A lean list answer of rows read with productColumns. */
export async function leanList(
  db: Db,
  language: Language,
  count: number,
  rows: ProductViewRow[],
  context: PriceContext | null,
  matches?: Map<number, ProductMatch>,
): Promise<LeanProductList> {
  const answer = new LeanAnswer(language, context);
  const items = await answer.products(db, rows, matches);
  return { count, items, dict: answer.dict(items) };
}

/**
 * What a listing's page depends on besides its query and the catalogue version (decision 250): the price
 * context as the answer shows it (ids, names, the payment-method prompt, rounding, the tea and coffee minimums),
 * the default price types the info price is read from, and the language.
 */
export function pageContextKey(context: PriceContext, language: Language): string {
  return JSON.stringify([
    language,
    context.priceTypeId,
    context.paySystemId,
    context.priceTypeName,
    context.paySystemName,
    context.priceTypeNameEn,
    context.paySystemNameEn,
    context.needsPaySystem,
    context.roundUp,
    context.groups,
    context.listing?.infoTypes ?? null,
  ]);
}

/** The keys `LeanAnswer.product` puts after `isFavorite`. */
const AFTER_FAVORITE = new Set(['match', 'minQuantity']);

/**
 * The product with `isFavorite` where `LeanAnswer.product` puts it (before `match` and `minQuantity`, and
 * before any of `after`: a card's own keys), so a kept answer reads as one built for the user.
 */
export function withFavorite<P extends object>(p: P, after: ReadonlySet<string> = AFTER_FAVORITE): P {
  const out: Record<string, unknown> = {};
  let placed = false;
  for (const [key, value] of Object.entries(p)) {
    if (!placed && (AFTER_FAVORITE.has(key) || after.has(key))) {
      out.isFavorite = true;
      placed = true;
    }
    out[key] = value;
  }
  if (!placed) out.isFavorite = true;
  return out as P;
}

/** The user's favourites among some products (a user with more than the context carries, decision 250). */
export async function favoritesAmong(db: Db, userId: number, ids: number[]): Promise<ReadonlySet<number>> {
  if (ids.length === 0) return new Set();
  const { rows } = await sql<{ product_id: number }>`SELECT product_id FROM favorites
    WHERE user_id = ${userId} AND product_id = ANY(${ids}::int[])`.execute(db);
  return new Set(rows.map((r) => r.product_id));
}

/** A kept page: its items and dict, and their JSON in UTF-8 (serialised and encoded once, decision 250). */
interface KeptPage {
  items: LeanDraft[];
  dict: CatalogDict;
  itemBytes: Buffer[];
  dictBytes: Buffer;
  /** The last reply's body without favourites among the items, with the count it was built for. */
  body?: { count: number; buffer: Buffer };
}

/** A listing's page for the user, and the kept page it was taken from (listAnswer sends its bytes). */
export type ListingPage = Pick<LeanProductList, 'items' | 'dict'> & { kept?: KeptPage };

/**
 * A listing's page (items and dict) for the user: built from `rowsOf` once per catalogue version, price context,
 * language and `key` (the page's query), then kept with its JSON; each call only marks the user's favourites,
 * which the price context read with it (decision 250). Without a version or the listing's context it is built
 * every time.
 */
export async function listingPage(
  db: Db,
  language: Language,
  context: PriceContext | null,
  key: string,
  rowsOf: () => Promise<ProductViewRow[]>,
  matches: Map<number, ProductMatch> | undefined,
  userId: number,
): Promise<ListingPage> {
  const build = async () => {
    const answer = new LeanAnswer(language, context);
    const items = await answer.products(db, await rowsOf(), matches);
    return { items, dict: answer.dict(items) };
  };
  const version = context?.catalogVersion ?? null;
  if (version === null || !context?.listing) return build();
  const kept = await cachedPage(
    db,
    version,
    `${pageContextKey(context, language)}\u0000${key}`,
    async (): Promise<KeptPage> => {
      const page = await build();
      // The flag is the user's, not the page's: it is put back per call from the favourites below.
      for (const p of page.items) delete p.isFavorite;
      return {
        ...page,
        itemBytes: page.items.map((p) => Buffer.from(JSON.stringify(p))),
        dictBytes: Buffer.from(JSON.stringify(page.dict)),
      };
    },
  );
  const favorites =
    context.listing.favorites ??
    (await favoritesAmong(
      db,
      userId,
      kept.items.map((p) => p.id),
    ));
  if (!kept.items.some((p) => favorites.has(p.id))) return { items: kept.items, dict: kept.dict, kept };
  return { items: kept.items.map((p) => (favorites.has(p.id) ? withFavorite(p) : p)), dict: kept.dict, kept };
}

const COMMA = Buffer.from(',');
const ITEMS_END = Buffer.from('],"dict":');
const BODY_END = Buffer.from('}}');

/**
 * The list answer of a page. A kept page carries its reply's body, put together from the items' and the
 * dictionary's bytes (the text `JSON.stringify` gives, decision 250): items with the user's favourite flag are
 * the only ones serialised per call; without any, the body is built once per count.
 */
export function listAnswer(count: number, page: ListingPage): LeanProductList {
  const answer = { count, items: page.items, dict: page.dict };
  const kept = page.kept;
  if (!kept) return answer;
  const own = page.items !== kept.items;
  if (!own && kept.body?.count === count) return withJsonBody(answer, kept.body.buffer);
  const parts: Buffer[] = [Buffer.from(`{"result":{"count":${JSON.stringify(count)},"items":[`)];
  page.items.forEach((p, i) => {
    if (i > 0) parts.push(COMMA);
    parts.push(p === kept.items[i] ? kept.itemBytes[i]! : Buffer.from(JSON.stringify(p)));
  });
  parts.push(ITEMS_END, kept.dictBytes, BODY_END);
  const buffer = Buffer.concat(parts);
  if (!own) kept.body = { count, buffer };
  return withJsonBody(answer, buffer);
}
