import { normalizeArticle } from '@portal/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { activeProductsByArticleKeys, productStock, type ReplacementPart } from '../catalog/index.js';
import { countAndPage } from '../../rest/paging.js';
import './tables.js';

/** Deeper chains are taken for a loop that slipped in (each write refuses one, decision 205). */
export const MAX_CHAIN = 16;

/** A link as a source states it. */
export interface LinkInput {
  oldArticle: string;
  oldBrand: string;
  newArticle: string;
  newBrand: string;
  kind: 'REPLACED' | 'INTERCHANGEABLE';
  ratio: number;
  /** `YYYY-MM-DD` or null. */
  effectiveFrom: string | null;
}

interface Edge {
  old_article: string;
  old_article_key: string;
  new_article: string;
  new_article_key: string;
  new_brand: string;
  ratio: number;
}

/** One-way links out of these numbers; `effective` leaves out those whose date has not come. */
function replacedEdges(db: Db, keys: readonly string[], effective: boolean) {
  let q = db
    .selectFrom('part_replacements')
    .select(['old_article', 'old_article_key', 'new_article', 'new_article_key', 'new_brand', 'ratio'])
    .where('kind', '=', 'REPLACED')
    .where('old_article_key', '=', sql<string>`ANY(${[...keys]}::text[])`);
  if (effective)
    q = q.where((eb) => eb.or([eb('effective_from', 'is', null), eb('effective_from', '<=', sql<Date>`CURRENT_DATE`)]));
  return q.orderBy('id').execute();
}

/**
 * Every one-way link reachable from `keys`, in one statement whatever the chains' depth: a recursive walk of the
 * numbers (old number → new, on the unique index's leading `old_article_key`), then the links out of every
 * number walked. A loop that slipped in ends at MAX_CHAIN levels; UNION keeps each (number, level) once. One
 * round trip instead of one per level matters where a number is entered (search, quick order: decision 205).
 *
 * Both lookups are LATERAL subqueries behind `OFFSET 0`, so each walked number is one index probe: as a plain
 * join the planner guesses the walk at ten times the numbers asked and, for a quick order's 1,000 numbers among
 * 200,000 links, hashed the whole table at every level (EXPLAIN ANALYZE: 210 ms a level against 1 ms;
 * docs/performance.md «Parts know-how at 1,000,000 products»).
 */
async function reachableEdges(db: Db, keys: readonly string[], effective: boolean): Promise<Map<string, Edge[]>> {
  const inForce = effective ? sql`AND (r.effective_from IS NULL OR r.effective_from <= CURRENT_DATE)` : sql``;
  const rows = await sql<Edge>`
    WITH RECURSIVE walk(key, depth) AS (
      SELECT k, 0 FROM unnest(${[...keys]}::text[]) AS k
      UNION
      SELECT n.new_article_key, w.depth + 1
      FROM walk w
      CROSS JOIN LATERAL (
        SELECT r.new_article_key FROM part_replacements r
        WHERE r.old_article_key = w.key AND r.kind = 'REPLACED' ${inForce}
        OFFSET 0
      ) n
      WHERE w.depth < ${MAX_CHAIN - 1}
    )
    SELECT e.old_article, e.old_article_key, e.new_article, e.new_article_key, e.new_brand, e.ratio
    FROM (SELECT DISTINCT key FROM walk) w
    CROSS JOIN LATERAL (
      SELECT r.id, r.old_article, r.old_article_key, r.new_article, r.new_article_key, r.new_brand, r.ratio
      FROM part_replacements r
      WHERE r.old_article_key = w.key AND r.kind = 'REPLACED' ${inForce}
      OFFSET 0
    ) e
    ORDER BY e.id`.execute(db);
  const edges = new Map<string, Edge[]>();
  for (const r of rows.rows) {
    const list = edges.get(r.old_article_key) ?? [];
    list.push({ ...r, ratio: Number(r.ratio) });
    edges.set(r.old_article_key, list);
  }
  return edges;
}

interface Leaf {
  key: string;
  article: string;
  brand: string;
  ratio: number;
  chain: string[];
}

/** The current numbers a number leads to, ratios multiplied along the way; a loop ends the walk. */
function leavesOf(edges: Map<string, Edge[]>, key: string): Leaf[] {
  const out = new Map<string, Leaf>();
  const walk = (at: string, article: string, brand: string, ratio: number, chain: string[], path: Set<string>) => {
    const next = edges.get(at);
    if (!next || next.length === 0 || path.size > MAX_CHAIN) {
      const known = out.get(at);
      // The same current part reached twice (A → B and A → C, both replaced by D) adds up.
      if (known) known.ratio += ratio;
      else out.set(at, { key: at, article, brand, ratio, chain });
      return;
    }
    for (const e of next) {
      if (path.has(e.new_article_key)) continue;
      walk(
        e.new_article_key,
        e.new_article,
        e.new_brand,
        ratio * e.ratio,
        [...chain, e.new_article],
        new Set([...path, e.new_article_key]),
      );
    }
  };
  const first = edges.get(key)?.[0];
  if (!first) return [];
  walk(key, first.old_article, '', 1, [first.old_article], new Set([key]));
  return [...out.values()];
}

/**
 * Old numbers → the current parts (decision 205): chains are followed to their end (A → B → C gives C), a set
 * gives each of its parts with the ratios multiplied along the chain. A number is replaced only when every
 * current part of it is an active product; otherwise it stays as it is (the dealer is not given half a set).
 */
export async function lookupReplacements(db: Db, keys: readonly string[]): Promise<Map<string, ReplacementPart[]>> {
  const result = new Map<string, ReplacementPart[]>();
  const unique = [...new Set(keys.filter((k) => k !== ''))];
  if (unique.length === 0) return result;
  const edges = await reachableEdges(db, unique, true);
  const leaves = new Map<string, Leaf[]>();
  for (const key of unique) {
    const found = leavesOf(edges, key);
    if (found.length > 0) leaves.set(key, found);
  }
  if (leaves.size === 0) return result;
  const leafKeys = [...new Set([...leaves.values()].flat().map((l) => l.key))];
  const products = new Map<string, { id: number; name: string; article: string; brand: string }>();
  for (const p of await activeProductsByArticleKeys(db, leafKeys))
    if (!products.has(p.article_key)) products.set(p.article_key, p);
  for (const [key, list] of leaves) {
    if (!list.every((l) => products.has(l.key))) continue;
    result.set(
      key,
      list.map((l) => {
        const p = products.get(l.key)!;
        return {
          productId: p.id,
          name: p.name,
          article: p.article,
          brand: p.brand,
          ratio: l.ratio,
          chain: [...l.chain.slice(0, -1), p.article],
        };
      }),
    );
  }
  return result;
}

/** Every link that names this number on either side, for the product card and its editor. */
export function linksOfNumber(db: Db, key: string) {
  return db
    .selectFrom('part_replacements')
    .select([
      'id',
      'old_article',
      'old_article_key',
      'old_brand',
      'new_article',
      'new_article_key',
      'new_brand',
      'kind',
      'ratio',
      sql<string | null>`to_char(effective_from, 'YYYY-MM-DD')`.as('effective_from'),
      'source',
      'carrier_key',
    ])
    .where((eb) => eb.or([eb('old_article_key', '=', key), eb('new_article_key', '=', key)]))
    .orderBy('kind')
    .orderBy('id')
    .limit(500)
    .execute();
}

/** The older numbers that lead to this one, nearest first (the chain backwards). */
export async function olderNumbers(db: Db, key: string): Promise<Array<{ article: string; brand: string }>> {
  const out: Array<{ article: string; brand: string }> = [];
  const seen = new Set([key]);
  let frontier = [key];
  for (let depth = 0; depth < MAX_CHAIN && frontier.length > 0 && out.length < 100; depth++) {
    const rows = await db
      .selectFrom('part_replacements')
      .select(['old_article', 'old_article_key', 'old_brand'])
      .where('kind', '=', 'REPLACED')
      .where('new_article_key', '=', sql<string>`ANY(${frontier}::text[])`)
      .orderBy('id')
      .execute();
    frontier = [];
    for (const r of rows) {
      if (seen.has(r.old_article_key)) continue;
      seen.add(r.old_article_key);
      frontier.push(r.old_article_key);
      out.push({ article: r.old_article, brand: r.old_brand });
    }
  }
  return out;
}

/** Active products by normalised number (the card links the numbers the catalogue carries). */
export async function productIdsByKeys(db: Db, keys: string[]): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  if (keys.length === 0) return out;
  for (const p of await activeProductsByArticleKeys(db, [...new Set(keys)]))
    if (!out.has(p.article_key)) out.set(p.article_key, p.id);
  return out;
}

/**
 * Writes of links are serialised (one transaction-scoped advisory lock): two editors saving A → B and B → A at
 * once would each find no loop in the other's absence.
 */
export async function lockReplacements(trx: Db): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(80001230)`.execute(trx);
}

/**
 * Replaces the links `source` states on the cards of `carriers` by `links` (each carried by its `carrier`),
 * in the caller's transaction after `lockReplacements`. A one-way link that would close a loop is not written;
 * those are returned, in input order.
 */
export async function replaceCarriedLinks(
  trx: Db,
  source: 'MANUAL' | 'XLSX' | '1C',
  carriers: readonly string[],
  links: ReadonlyArray<LinkInput & { carrier: string }>,
): Promise<{ written: number; loops: Array<LinkInput & { carrier: string }> }> {
  const keys = [...new Set(carriers)];
  if (keys.length > 0)
    await trx
      .deleteFrom('part_replacements')
      .where('source', '=', source)
      .where('carrier_key', '=', sql<string>`ANY(${keys}::text[])`)
      .execute();
  const loops: Array<LinkInput & { carrier: string }> = [];
  const rows: Array<{
    old_article: string;
    old_article_key: string;
    old_brand: string;
    new_article: string;
    new_article_key: string;
    new_brand: string;
    kind: 'REPLACED' | 'INTERCHANGEABLE';
    ratio: number;
    effective_from: string | null;
    source: 'MANUAL' | 'XLSX' | '1C';
    carrier_key: string;
  }> = [];
  const pending = new Map<string, string[]>(); // one-way links of this write, old → new, for the loop check
  for (const l of links) {
    const oldKey = normalizeArticle(l.oldArticle);
    const newKey = normalizeArticle(l.newArticle);
    if (!oldKey || !newKey || oldKey === newKey) continue;
    if (l.kind === 'REPLACED') {
      if (await reaches(trx, newKey, oldKey, pending)) {
        loops.push(l);
        continue;
      }
      pending.set(oldKey, [...(pending.get(oldKey) ?? []), newKey]);
    }
    rows.push({
      old_article: l.oldArticle,
      old_article_key: oldKey,
      old_brand: l.oldBrand,
      new_article: l.newArticle,
      new_article_key: newKey,
      new_brand: l.newBrand,
      kind: l.kind,
      ratio: l.ratio,
      effective_from: l.effectiveFrom,
      source,
      carrier_key: normalizeArticle(l.carrier),
    });
  }
  for (let i = 0; i < rows.length; i += 500) {
    await trx
      .insertInto('part_replacements')
      .values(rows.slice(i, i + 500))
      .onConflict((oc) =>
        oc.columns(['old_article_key', 'new_article_key', 'kind']).doUpdateSet((eb) => ({
          ratio: eb.ref('excluded.ratio'),
          effective_from: eb.ref('excluded.effective_from'),
          source: eb.ref('excluded.source'),
          carrier_key: eb.ref('excluded.carrier_key'),
          old_article: eb.ref('excluded.old_article'),
          new_article: eb.ref('excluded.new_article'),
          old_brand: eb.ref('excluded.old_brand'),
          new_brand: eb.ref('excluded.new_brand'),
        })),
      )
      .execute();
  }
  return { written: rows.length, loops };
}

/** Whether `to` is reachable from `from` over one-way links (stored ones, whatever their date, and `pending`). */
async function reaches(trx: Db, from: string, to: string, pending: Map<string, string[]>): Promise<boolean> {
  const seen = new Set([from]);
  let frontier = [from];
  for (let depth = 0; depth <= MAX_CHAIN && frontier.length > 0; depth++) {
    if (frontier.includes(to)) return true;
    const next: string[] = [];
    const push = (k: string) => {
      if (!seen.has(k)) {
        seen.add(k);
        next.push(k);
      }
    };
    for (const k of frontier) for (const n of pending.get(k) ?? []) push(n);
    for (const r of await replacedEdges(trx, frontier, false)) push(r.new_article_key);
    frontier = next;
  }
  return frontier.includes(to);
}

/** Whether two written numbers are one part number (dashes, spaces and look-alike letters aside). */
export const sameNumber = (a: string, b: string) => normalizeArticle(a) === normalizeArticle(b);

/** The numbers interchangeable with these (two-way links in force), by number (decision 206). */
export async function interchangeableKeys(db: Db, keys: readonly string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  if (keys.length === 0) return out;
  const { rows } = await sql<{ key: string; other: string }>`
    SELECT old_article_key AS key, new_article_key AS other FROM part_replacements
    WHERE kind = 'INTERCHANGEABLE' AND old_article_key = ANY(${[...keys]}::text[])
      AND (effective_from IS NULL OR effective_from <= CURRENT_DATE)
    UNION
    SELECT new_article_key, old_article_key FROM part_replacements
    WHERE kind = 'INTERCHANGEABLE' AND new_article_key = ANY(${[...keys]}::text[])
      AND (effective_from IS NULL OR effective_from <= CURRENT_DATE)`.execute(db);
  for (const r of rows) out.set(r.key, [...(out.get(r.key) ?? []), r.other]);
  return out;
}

/** The expected arrivals of these products, by date then warehouse (decision 207). */
export function arrivalRows(db: Db, productIds: number[]) {
  return db
    .selectFrom('product_arrivals')
    .select([
      'product_id',
      'store_id',
      'source',
      sql<string>`to_char(expected_on, 'YYYY-MM-DD')`.as('date'),
      sql<number>`sum(quantity)::float8`.as('quantity'),
    ])
    .where('product_id', '=', sql<number>`ANY(${productIds}::int[])`)
    .groupBy(['product_id', 'store_id', 'expected_on', 'source'])
    .orderBy('product_id')
    .orderBy('expected_on')
    .orderBy('store_id')
    .orderBy('source')
    .execute();
}

/** A source's arrivals of these products, replaced by the given rows (1C: the offers it sent; MANUAL: the card's). */
export async function replaceArrivals(
  db: Db,
  source: 'MANUAL' | '1C',
  productIds: number[],
  rows: Array<{ productId: number; storeId: number | null; date: string; quantity: number }>,
): Promise<void> {
  if (productIds.length === 0) return;
  await db
    .deleteFrom('product_arrivals')
    .where('source', '=', source)
    .where('product_id', '=', sql<number>`ANY(${productIds}::int[])`)
    .execute();
  if (rows.length === 0) return;
  await db
    .insertInto('product_arrivals')
    .values(
      rows.map((r) => ({
        product_id: r.productId,
        store_id: r.storeId,
        expected_on: r.date,
        quantity: r.quantity,
        source,
      })),
    )
    .execute();
}

/** The products of these ids the user waits for (an open request). */
export async function waitedProducts(db: Db, userId: number, productIds: number[]): Promise<Set<number>> {
  const rows = await db
    .selectFrom('arrival_subscriptions')
    .select('product_id')
    .where('user_id', '=', userId)
    .where('notified_at', 'is', null)
    .where('product_id', '=', sql<number>`ANY(${productIds}::int[])`)
    .execute();
  return new Set(rows.map((r) => r.product_id));
}

const subscriptionColumns = ['s.id', 's.product_id', 's.created_at', 's.notified_at'] as const;

/** The user's requests, newest first (or oldest), paged; `waiting` keeps the open ones only. */
export function listSubscriptions(
  db: Db,
  userId: number,
  input: { page: number; size: number; filter?: { waiting?: boolean }; sort?: { DATE_CREATE?: 'ASC' | 'DESC' } },
) {
  let base = db.selectFrom('arrival_subscriptions as s').where('s.user_id', '=', userId);
  if (input.filter?.waiting) base = base.where('s.notified_at', 'is', null);
  return countAndPage(
    base,
    (q) =>
      q
        .select(subscriptionColumns)
        .orderBy('s.created_at', input.sort?.DATE_CREATE === 'ASC' ? 'asc' : 'desc')
        .orderBy('s.id', 'desc'),
    input,
  );
}

/**
 * Opens the user's request for the product, or answers the open one (the partial unique index keeps one:
 * two clicks at once make one request).
 */
export async function openSubscription(db: Db, userId: number, productId: number) {
  await db
    .insertInto('arrival_subscriptions')
    .values({ user_id: userId, product_id: productId })
    .onConflict((oc) => oc.columns(['user_id', 'product_id']).where('notified_at', 'is', null).doNothing())
    .execute();
  return db
    .selectFrom('arrival_subscriptions as s')
    .select(subscriptionColumns)
    .where('s.user_id', '=', userId)
    .where('s.product_id', '=', productId)
    .where('s.notified_at', 'is', null)
    .executeTakeFirstOrThrow();
}

/** Deletes the user's own request; false when it is not theirs or missing. */
export async function deleteSubscription(db: Db, userId: number, id: number): Promise<boolean> {
  const res = await db
    .deleteFrom('arrival_subscriptions')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}

/**
 * Ends every open request whose product the warehouses now hold, in the caller's transaction, and answers
 * them: the row is marked as it is read (`UPDATE … WHERE notified_at IS NULL … RETURNING`), so of two runs at
 * once only one gets a request — the other waits on the row and then finds it ended (decision 207).
 */
export async function takeArrivedSubscriptions(db: Db) {
  return db
    .updateTable('arrival_subscriptions as s')
    .from(productStock().as('p'))
    .set({ notified_at: sql`now()` })
    .whereRef('p.id', '=', 's.product_id')
    .where('p.active', '=', true)
    .where('p.stock_real', '>', sql<number>`0`)
    .where('s.notified_at', 'is', null)
    .returning(['s.id', 's.user_id', 's.product_id', 'p.stock_real'])
    .execute();
}
