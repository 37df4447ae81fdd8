import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { ProductFilter } from '@portal/contract';
import { offerFrom, priceFor, type Offer, type PriceContext, type StoreInfo } from './offers.js';
import { facetConditions, readFilter, type FilterValues } from './products.js';
import { searchProductsIn } from './search.js';
import './tables.js';

/** One product of a price list: its row, its offer as product/list computes it, its analogues' numbers. */
export interface PriceListRow {
  id: number;
  article: string;
  brand: string;
  name: string;
  unit: string;
  sectionId: number | null;
  sectionName: string;
  offer: Offer;
  analogues: string[];
}

export interface PriceListPageInput {
  /** The section's subtree (sectionSubtree), or null for the whole catalogue. */
  sectionIds: number[] | null;
  inStock: boolean;
  /** The catalogue's filter (priceListFilter), or null for none (decision 214). */
  filter?: PriceListFilter | null;
  /** Keyset: the last product id of the previous page (0 for the first). */
  afterId: number;
  limit: number;
}

/** The products a price list holds: active, in the section's subtree, in stock, by the filter (decision 214). */
function priceListProducts(db: Db, context: PriceContext | null, input: Omit<PriceListPageInput, 'limit'>) {
  let q = db
    .selectFrom('products as p')
    .leftJoin('sections as s', 's.id', 'p.section_id')
    .leftJoinLateral(
      () => priceFor(db, context, sql<number>`p.id`),
      (join) => join.onTrue(),
    )
    .where('p.active', '=', true)
    .where('p.id', '>', input.afterId);
  if (input.sectionIds) q = q.where('p.section_id', '=', sql<number>`ANY(${input.sectionIds}::int[])`);
  if (input.inStock) q = q.where('p.availability', '<>', 'N');
  if (input.filter) {
    // The same facet conditions product/list applies; the price bounds on the price this list shows.
    const { filter: f, searchIds } = input.filter;
    const c = facetConditions(f);
    q = q.where(sql<boolean>`${c.brand} AND ${c.model} AND ${c.kind} AND ${c.color} AND ${c.available}`);
    if (f.priceMin !== undefined) q = q.where('pr.value', '>=', f.priceMin);
    if (f.priceMax !== undefined) q = q.where('pr.value', '<=', f.priceMax);
    if (searchIds) q = q.where('p.id', '=', sql<number>`ANY(${searchIds}::int[])`);
  }
  return q;
}

/** How many products the price list holds: decides between a download now and a job (decision 232). */
export async function priceListCount(
  db: Db,
  context: PriceContext | null,
  input: Omit<PriceListPageInput, 'limit' | 'afterId'>,
): Promise<number> {
  const row = await priceListProducts(db, context, { ...input, afterId: 0 })
    .select(sql<string>`count(*)`.as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * A page of active products by id after `afterId` (keyset on the primary key: each page is one index walk,
 * never an OFFSET), with the actor's price from the same lateral lookup and offer as product/list (decision 212).
 */
export async function priceListPage(
  db: Db,
  context: PriceContext | null,
  stores: StoreInfo[],
  input: PriceListPageInput,
): Promise<PriceListRow[]> {
  const q = priceListProducts(db, context, input)
    .select([
      'p.id',
      'p.article',
      'p.brand',
      'p.name',
      'p.unit',
      'p.section_id',
      's.name as section_name',
      'p.stock_by_store',
      'pr.value',
      'pr.currency',
    ])
    .select(
      sql<string | null>`(SELECT string_agg(a.article, ', ' ORDER BY a.kind, a.article_key)
        FROM product_analogues a WHERE a.product_id = p.id)`.as('analogues'),
    );
  const rows = await q.orderBy('p.id').limit(input.limit).execute();
  return rows.map((r) => ({
    id: r.id,
    article: r.article,
    brand: r.brand,
    name: r.name,
    unit: r.unit,
    sectionId: r.section_id,
    sectionName: r.section_name ?? '',
    offer: offerFrom(r.id, r, context, stores),
    analogues: r.analogues ? r.analogues.split(', ') : [],
  }));
}

/** A section and every section below it, or null when there is no such section. */
export async function sectionSubtree(db: Db, sectionId: number): Promise<number[] | null> {
  const rows = await sql<{ id: number }>`
    WITH RECURSIVE sub AS (
      SELECT id, 0 AS depth FROM sections WHERE id = ${sectionId}
      UNION ALL
      SELECT s.id, sub.depth + 1 FROM sections s JOIN sub ON s.parent_id = sub.id WHERE sub.depth < 32
    )
    SELECT id FROM sub ORDER BY id`.execute(db);
  return rows.rows.length > 0 ? rows.rows.map((r) => r.id) : null;
}

/** Sections by id with their names, for a price list's categories (YML). */
export async function sectionsForPriceList(
  db: Db,
): Promise<Array<{ id: number; parentId: number | null; name: string }>> {
  const rows = await db.selectFrom('sections').select(['id', 'parent_id', 'name']).orderBy('id').execute();
  return rows.map((r) => ({ id: r.id, parentId: r.parent_id, name: r.name }));
}

/** A price list's share of the catalogue filter: its facets and, with a search, the products it finds. */
export interface PriceListFilter {
  filter: FilterValues;
  /** The search's hits (at most the search's limit), or null without a search. */
  searchIds: number[] | null;
}

/**
 * The catalogue screen's filter (the smart filter's keys and the search, as product/list takes them) read for a
 * price list (decision 214). `category` and `id` are not a price list's: the section travels on its own.
 */
export async function priceListFilter(db: Db, filter: ProductFilter): Promise<PriceListFilter> {
  const { category: _category, ids: _ids, sectionIds: _sections, ...f } = readFilter(filter);
  void _category;
  void _ids;
  void _sections;
  const searchIds = f.search === undefined ? null : (await searchProductsIn(db, null, f.search)).map((h) => h.id);
  return { filter: f, searchIds };
}
