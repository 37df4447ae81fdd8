/**
 * The catalogue's SQL for its `/rest/` methods: sections, product lists and cards, favourites, the payment and
 * delivery choices and a user's price settings. Handlers call these and shape the answer.
 */
import type { Section } from '@portal/contract';
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/database.js';
import { paged, pageWindow } from '../../rest/paging.js';
import { cachedOrder } from './cache.js';
import type { Actor } from '../auth/index.js';
import { priceContextOf, priceTableJson, type PriceContext, type PriceTableRow } from './offers.js';
import {
  facetConditions,
  needsPriceJoin,
  orderBy,
  priceJoin,
  productColumns,
  resolveCategory,
  scopeCondition,
  type ProductViewRow,
  type FilterValues,
} from './products.js';
import './tables.js';

type PageInput = { page: number; size: number };
export type ProductSortKey = Parameters<typeof orderBy>[0];
export type SortDir = 'ASC' | 'DESC';

type SectionRow = {
  id: number;
  parent_id: number | null;
  code: string;
  name: string;
  description: string;
  photo: string;
  level: number;
  sort: number;
  element_cnt: number;
};

export const toSection = (r: SectionRow): Section => ({
  id: r.id,
  code: r.code,
  name: r.name,
  description: r.description,
  photo: { src: r.photo },
  elementCnt: r.element_cnt,
  level: r.level,
  parentId: String(r.parent_id ?? 0),
  sort: r.sort,
});

/** LIMIT and OFFSET as SQL; `size: -1` reads every row (LIMIT ALL), checked by refuseTooManyRows first. */
const limitOffset = (input: PageInput) => {
  const { limit, offset } = pageWindow(input);
  return sql`LIMIT ${limit === null ? sql`ALL` : limit} OFFSET ${offset}`;
};

// ---- sections

/**
 * `visibleOnly`: a dealer's view — sections with no visible product in their whole subtree (`element_cnt`,
 * kept by `refreshAfterImport`) are left out (decision 197); staff see every section.
 */
export type SectionFilter = { level?: number; parentId?: number; id?: number[]; visibleOnly?: boolean };

function sectionsWhere(db: Db, f: SectionFilter) {
  let q = db.selectFrom('sections').selectAll();
  if (f.visibleOnly) q = q.where('element_cnt', '>', 0);
  if (f.level !== undefined) q = q.where('level', '=', f.level);
  if (f.parentId !== undefined)
    q = f.parentId === 0 ? q.where('parent_id', 'is', null) : q.where('parent_id', '=', f.parentId);
  if (f.id) q = q.where('id', 'in', f.id);
  return q;
}

export async function countSections(db: Db, f: SectionFilter): Promise<number> {
  const row = await sectionsWhere(db, f)
    .clearSelect()
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A page of sections by name or by sort order (then id). */
export async function sectionPage(
  db: Db,
  f: SectionFilter,
  sort: { NAME?: SortDir; SORT?: SortDir } | undefined,
  input: PageInput,
): Promise<Section[]> {
  const dir = sort?.NAME ?? sort?.SORT ?? 'ASC';
  const byName = sort?.NAME !== undefined;
  const ordered = sectionsWhere(db, f)
    .orderBy(byName ? 'name' : 'sort', dir === 'DESC' ? 'desc' : 'asc')
    .orderBy('id');
  return (await paged(ordered, input).execute()).map(toSection);
}

export const sectionById = (db: Db, id: number) =>
  db.selectFrom('sections').selectAll().where('id', '=', id).executeTakeFirst();

export async function childSections(db: Db, parentId: number, visibleOnly = false): Promise<Section[]> {
  let q = db.selectFrom('sections').selectAll().where('parent_id', '=', parentId);
  if (visibleOnly) q = q.where('element_cnt', '>', 0);
  const rows = await q.orderBy('sort').orderBy('id').execute();
  return rows.map(toSection);
}

/** Ancestors of a section from the top down, the section included (one recursive query). */
export async function sectionTrail(db: Db, sectionId: number | null): Promise<Array<{ id: number; name: string }>> {
  if (sectionId === null) return [];
  const { rows } = await sql<{ id: number; name: string }>`
    WITH RECURSIVE up(id, name, parent_id, depth) AS (
      SELECT id, name, parent_id, 0 FROM sections WHERE id = ${sectionId}
      UNION ALL
      SELECT s.id, s.name, s.parent_id, up.depth + 1 FROM sections s JOIN up ON s.id = up.parent_id WHERE up.depth < 10
    )
    SELECT id, name FROM up ORDER BY depth DESC`.execute(db);
  return rows;
}

// ---- product lists

/** The subtree of each category asked for, per database, under the catalogue version it was read after. */
const subtrees = new WeakMap<object, { version: number; ids: Map<number, number[]> }>();

/**
 * The price context and the filter with its category resolved to section ids (decision 165). The sections bump
 * the catalogue version, so a subtree read after the version was read stays true while the version does: a
 * category page reads the tree once per version, not on every request. The context is read first, so the
 * version is never newer than the tree kept under it.
 */
export async function categoryAndContext(
  db: Db,
  f: FilterValues,
  actor: Pick<Actor, 'priceTypeId' | 'paySystemId'>,
  /** A listing's user: their favourites ride on the context's statement (decision 250). */
  listingOf?: number,
): Promise<[FilterValues, PriceContext | null]> {
  if (f.category === undefined) return [f, await priceContextOf(db, actor, 'catalog', listingOf)];
  const context = await priceContextOf(db, actor, 'catalog', listingOf);
  const version = context?.catalogVersion ?? null;
  let memo = subtrees.get(db);
  const known = version !== null && memo?.version === version ? memo.ids.get(f.category) : undefined;
  if (known) return [{ ...f, sectionIds: known }, context];
  const resolved = await resolveCategory(db, f);
  if (version !== null && resolved.sectionIds) {
    if (memo?.version !== version || memo.ids.size >= 2_000) {
      memo = { version, ids: new Map() };
      subtrees.set(db, memo);
    }
    memo.ids.set(f.category, resolved.sectionIds);
  }
  return [resolved, context];
}

/**
 * The product list for a resolved filter and search hits: its count (the cache key: the filter, the hits and,
 * with a price join, the price context) and a page of rows in the asked order.
 */
export function productList(
  db: Db,
  f: FilterValues,
  searchIds: number[] | null,
  sort: [ProductSortKey | null, SortDir],
  context: PriceContext | null,
  userId: number,
) {
  const [sortKey, dir] = sort;
  const c = facetConditions(f);
  const join = needsPriceJoin(f, sortKey) ? priceJoin(context) : sql``;
  const where = sql`${scopeCondition(f, searchIds)} AND ${c.brand} AND ${c.model} AND ${c.kind} AND ${c.color} AND ${c.available}
      AND coalesce(${c.price}, false)`;
  const order = orderBy(sortKey ?? (searchIds ? null : 'NAME'), dir, searchIds);
  /** Active products by id, in the order of `ids`, with what the actor sees. */
  const rowsInOrder = async (ids: number[]) => {
    if (ids.length === 0) return [];
    const { rows } = await sql<ProductViewRow>`SELECT ${productColumns(context, userId)} FROM products p
      WHERE p.id = ANY(${ids}::int[]) AND p.active`.execute(db);
    const byId = new Map(rows.map((r) => [r.id, r]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  };
  if (searchIds && !sortKey && isSearchOnly(f)) {
    // Search alone, in rank order (decision 165): the hits are active products in that order, so the count is
    // their number and a page is their slice, read by id; no query orders the hits again.
    const hits = searchIds;
    return {
      countKey: JSON.stringify(['count', f, searchIds]),
      count: async () => hits.length,
      page: async (input: PageInput) => {
        const { limit, offset } = pageWindow(input);
        return rowsInOrder(hits.slice(offset, limit === null ? undefined : offset + limit));
      },
    };
  }
  const direct = async (input: PageInput) =>
    (
      await sql<ProductViewRow>`SELECT ${productColumns(context, userId)} FROM products p ${join} WHERE ${where}
        ORDER BY ${order} ${limitOffset(input)}`.execute(db)
    ).rows;
  const version = context?.catalogVersion ?? null;
  return {
    countKey: JSON.stringify(['count', f, searchIds, join.compile(db).parameters]),
    count: async () =>
      (await sql<{ n: number }>`SELECT count(*)::int AS n FROM products p ${join} WHERE ${where}`.execute(db)).rows[0]
        ?.n ?? 0,
    page: async (input: PageInput) => {
      const { limit, offset } = pageWindow(input);
      if (walksIndex(f, sortKey, searchIds) || version === null || limit === null || offset + limit > ORDER_ROWS) {
        return direct(input);
      }
      // An order no index gives (decision 165): the first ORDER_ROWS ids are sorted once per catalogue version
      // and each page is their slice, read by id; the statement itself is the key.
      const statement = sql<{ id: number }>`SELECT p.id FROM products p ${join} WHERE ${where}
        ORDER BY ${order} LIMIT ${ORDER_ROWS}`;
      const compiled = statement.compile(db);
      const ids = await cachedOrder(db, version, JSON.stringify([compiled.sql, compiled.parameters]), async () =>
        Int32Array.from((await statement.execute(db)).rows.map((r) => r.id)),
      );
      return rowsInOrder(Array.from(ids.subarray(offset, offset + limit)));
    },
  };
}

/** The rows of a list whose order is cached (decision 165): the first twenty pages of 60. */
export const ORDER_ROWS = 1200;

/**
 * Orders a page walks in an index and stops after the page: by name in one section or in the whole catalogue
 * (`(section_id, name, id)`, `(name, id)`), by part number in one section (`(section_id, article_key)`).
 */
function walksIndex(f: FilterValues, sortKey: ProductSortKey | null, searchIds: number[] | null): boolean {
  if (searchIds) return false;
  const sections = f.sectionIds?.length ?? 0;
  if (sortKey === null || sortKey === 'NAME') return sections <= 1;
  return sortKey === 'ARTICLE' && sections === 1;
}

/** No scope or facet beyond the search: the hits alone decide the list. */
const isSearchOnly = (f: FilterValues) =>
  Object.entries(f).every(([key, value]) => key === 'search' || value === undefined);

/** The user's favourite active products: count and a page in the asked order. */
export function favoriteList(db: Db, userId: number, sort: [ProductSortKey, SortDir], context: PriceContext | null) {
  const [sortKey, dir] = sort;
  const join = sortKey === 'PRICE' ? priceJoin(context) : sql``;
  const where = sql`p.active AND p.id IN (SELECT product_id FROM favorites WHERE user_id = ${userId})`;
  return {
    count: async () =>
      (await sql<{ n: number }>`SELECT count(*)::int AS n FROM products p WHERE ${where}`.execute(db)).rows[0]?.n ?? 0,
    page: async (input: PageInput) =>
      (
        await sql<ProductViewRow>`SELECT ${productColumns(context, userId)} FROM products p ${join}
      WHERE ${where} ORDER BY ${orderBy(sortKey, dir, null)} ${limitOffset(input)}`.execute(db)
      ).rows,
  };
}

// ---- one product

/** The card's own parts, read on the product's row by `productCardRows`. */
export interface CardParts {
  detail_text: string;
  trail: Array<{ id: number; name: string }>;
  analogues: Array<{ article: string; brand: string; kind: string; productId: number | null; name: string | null }>;
  price_table: PriceTableRow[] | null;
}

/**
 * An active product's card in ONE statement (decisions 165 and 224): the product with up to 12 similar ones
 * (either direction of the relation, the 12 lowest ids) as the actor sees them, the product first, then the
 * similar ones by id, inactive ones left out. The product's own row also carries its description, the section
 * trail from the top (`sectionTrail`), up to 50 analogues (by kind and number) with the product behind each when
 * it is active, and its price table (`loadPriceTable`). No rows: no active product of that id.
 */
export async function productCardRows(
  db: Db,
  id: number,
  context: PriceContext | null,
  actorId: number,
): Promise<Array<ProductViewRow & Partial<CardParts>>> {
  const own = (part: RawBuilder<unknown>) => sql`CASE WHEN p.id = ${id} THEN ${part} END`;
  const trail = sql`(WITH RECURSIVE up(id, name, parent_id, depth) AS (
         SELECT s.id, s.name, s.parent_id, 0 FROM sections s WHERE s.id = p.section_id
         UNION ALL
         SELECT s.id, s.name, s.parent_id, up.depth + 1 FROM sections s JOIN up ON s.id = up.parent_id WHERE up.depth < 10
       )
       SELECT coalesce(json_agg(json_build_object('id', up.id, 'name', up.name) ORDER BY up.depth DESC), '[]'::json)
       FROM up)`;
  const analogues = sql`(SELECT coalesce(json_agg(json_build_object('article', a.article, 'brand', a.brand, 'kind', a.kind,
                'productId', ap.id, 'name', ap.name) ORDER BY a.kind, a.article_key), '[]'::json)
       FROM (SELECT x.article, x.brand, x.kind, x.article_key, x.analogue_product_id FROM product_analogues x
             WHERE x.product_id = p.id ORDER BY x.kind, x.article_key LIMIT 50) a
       LEFT JOIN products ap ON ap.id = a.analogue_product_id AND ap.active)`;
  const table = context ? own(priceTableJson(context)) : sql`NULL::json`;
  const { rows } = await sql<ProductViewRow & Partial<CardParts>>`SELECT
    ${productColumns(context, actorId)}, ${table} AS price_table, ${own(sql`p.detail_text`)} AS detail_text,
    ${own(trail)} AS trail, ${own(analogues)} AS analogues FROM products p
    WHERE p.active AND p.id IN (
      SELECT ${id}::int
      UNION ALL
      SELECT s.id FROM (SELECT similar_id AS id FROM product_similar WHERE product_id = ${id}
        UNION SELECT product_id FROM product_similar WHERE similar_id = ${id} ORDER BY 1 LIMIT 12) s)
    ORDER BY p.id <> ${id}, p.id`.execute(db);
  return rows;
}

/** A card's analogues as the answer names them. */
export const cardAnalogues = (analogues: CardParts['analogues']) =>
  analogues.map((a) => ({
    article: a.article,
    brand: a.brand,
    kind: a.kind === 'OEM' ? ('OEM' as const) : ('ANALOGUE' as const),
    productId: a.productId ?? null,
    name: a.name ?? null,
  }));

export const activeProductDetail = (db: Db, id: number) =>
  db
    .selectFrom('products')
    .select(['id', 'detail_text', 'section_id'])
    .where('id', '=', id)
    .where('active', '=', true)
    .executeTakeFirst();

export const activeProductUnit = (db: Db, id: number) =>
  db.selectFrom('products').select(['id', 'unit']).where('id', '=', id).where('active', '=', true).executeTakeFirst();

export const activeProductId = (db: Db, id: number) =>
  db.selectFrom('products').select('id').where('id', '=', id).where('active', '=', true).executeTakeFirst();

/** Any product, active or hidden (ordered quantities stay readable for hidden ones). */
export const productId = (db: Db, id: number) =>
  db.selectFrom('products').select('id').where('id', '=', id).executeTakeFirst();

/** Active products by id, for the suggestions list. */
export const suggestRows = (db: Db, ids: number[]) =>
  db
    .selectFrom('products')
    .select(['id', 'name', 'article', 'brand', 'section_id'])
    .where('id', '=', sql<number>`ANY(${ids}::int[])`)
    .where('active', '=', true)
    .execute();

// ---- favourites

export async function addFavorite(db: Db, userId: number, productId: number): Promise<void> {
  await db
    .insertInto('favorites')
    .values({ user_id: userId, product_id: productId })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** False when the product was not among the user's favourites. */
export async function removeFavorite(db: Db, userId: number, productId: number): Promise<boolean> {
  const result = await db
    .deleteFrom('favorites')
    .where('user_id', '=', userId)
    .where('product_id', '=', productId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

// ---- choices and price settings

export const activePaySystemRows = (db: Db) =>
  db
    .selectFrom('pay_systems')
    .select(['id', 'name', 'description', 'name_en', 'description_en'])
    .where('active', '=', true)
    .orderBy('sort')
    .orderBy('id')
    .execute();

export const priceTypeChoices = (db: Db) =>
  db.selectFrom('price_types').select(['id', 'name']).orderBy('sort').orderBy('id').execute();

export const activePaySystemChoices = (db: Db) =>
  db
    .selectFrom('pay_systems')
    .select(['id', 'name'])
    .where('active', '=', true)
    .orderBy('sort')
    .orderBy('id')
    .execute();

export const priceTypeExists = async (db: Db, id: number) =>
  (await db.selectFrom('price_types').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;

export const paySystemActive = async (db: Db, id: number) =>
  (await db
    .selectFrom('pay_systems')
    .select('id')
    .where('id', '=', id)
    .where('active', '=', true)
    .executeTakeFirst()) !== undefined;

/** Whether a model is a value of the catalogue's machine-model facet (an active product names it). */
export async function isMachineModel(db: Db, model: string): Promise<boolean> {
  const row = await db
    .selectFrom('products')
    .select('id')
    .where('prop_model', '=', model)
    .where('active', '=', true)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Every value of the machine-model facet, in Russian alphabetical order: a skip scan over the model index
 * (one index probe per model), so a million products cost as much as the dozens of models they name.
 */
export async function machineModelValues(db: Db): Promise<string[]> {
  const { rows } = await sql<{ model: string }>`
    WITH RECURSIVE m AS (
      SELECT (SELECT min(prop_model) FROM products WHERE prop_model > '' AND active) AS model
      UNION ALL
      SELECT (SELECT min(prop_model) FROM products WHERE prop_model > m.model AND active) FROM m
      WHERE m.model IS NOT NULL
    )
    SELECT model FROM m WHERE model IS NOT NULL LIMIT 10000`.execute(db);
  return rows.map((r) => r.model).sort((a, b) => a.localeCompare(b, 'ru'));
}

/** An active product's number, for the parts module's card and editor (a hidden one answers like a missing one). */
export const activeProductNumber = (db: Db, id: number) =>
  db
    .selectFrom('products')
    .select(['id', 'article', 'article_key', 'brand'])
    .where('id', '=', id)
    .where('active', '=', true)
    .executeTakeFirst();
