import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { ProductPhoto } from './tables.js';
import './tables.js';

/**
 * Bulk writes of the catalogue by an outside master (the 1C exchange, decisions 092–093): sections,
 * products, analogues, price types, warehouses, prices and stock, keyed by the master's id
 * (`external_id`). Each call is one short statement group for a batch of rows passed as one JSON value,
 * so dealers' requests interleave between batches. Every statement changes only rows that differ, so a
 * repeated exchange of an unchanged catalogue writes almost nothing (and the catalogue version, bumped by
 * the triggers of migration 0013, moves only when something changed).
 */

const json = (rows: unknown) => sql`${JSON.stringify(rows)}::jsonb`;

/**
 * Runs `f` in a transaction of its own unless `db` already is one. A bulk write does not wait for its commit
 * to reach the disk (decision 170): a crash may lose the last few batches of an exchange, never half of
 * one, and the exchange's cursor is committed with its rows, so the run resumes where the database stands.
 */
async function inTransaction<T>(db: Db, f: (trx: Db) => Promise<T>): Promise<T> {
  if (db.isTransaction) return f(db);
  return db.transaction().execute(async (trx) => {
    await relaxCommit(trx);
    return f(trx);
  });
}

/** This transaction's commit returns before its WAL is flushed (decision 170). */
export async function relaxCommit(trx: Db): Promise<void> {
  await sql`SET LOCAL synchronous_commit = off`.execute(trx);
}

export interface BulkSection {
  extId: string;
  parentExtId: string | null;
  name: string;
  description: string;
  sort: number;
}

/** Creates or renames sections and moves them under their parent (by the master's ids); levels follow. */
export async function upsertSections(db: Db, rows: BulkSection[]): Promise<number> {
  if (rows.length === 0) return 0;
  return inTransaction(db, async (trx) => {
    const input = sql`jsonb_to_recordset(${json(rows)}) AS r("extId" text, "parentExtId" text, name text, description text, sort int)`;
    const changed = await sql<{ id: number }>`
      INSERT INTO sections (external_id, code, name, description, sort, level)
      SELECT r."extId", r."extId", r.name, coalesce(r.description, ''), r.sort, 1 FROM ${input}
      ON CONFLICT (external_id) DO UPDATE SET
        name = EXCLUDED.name,
        description = CASE WHEN EXCLUDED.description = '' THEN sections.description ELSE EXCLUDED.description END,
        sort = EXCLUDED.sort
      WHERE (sections.name, sections.sort) IS DISTINCT FROM (EXCLUDED.name, EXCLUDED.sort)
         OR (EXCLUDED.description <> '' AND EXCLUDED.description IS DISTINCT FROM sections.description)
      RETURNING id`.execute(trx);
    const moved = await sql<{ id: number }>`
      UPDATE sections s SET parent_id = t.parent_id
      FROM (SELECT r."extId", p.id AS parent_id FROM ${input} LEFT JOIN sections p ON p.external_id = r."parentExtId") t
      WHERE s.external_id = t."extId" AND s.parent_id IS DISTINCT FROM t.parent_id AND s.id IS DISTINCT FROM t.parent_id
      RETURNING s.id`.execute(trx);
    await sql`
      WITH RECURSIVE tree AS (
        SELECT id, 1 AS level FROM sections WHERE parent_id IS NULL
        UNION ALL
        SELECT s.id, tree.level + 1 FROM sections s JOIN tree ON s.parent_id = tree.id WHERE tree.level < 32
      )
      UPDATE sections s SET level = tree.level FROM tree WHERE s.id = tree.id AND s.level <> tree.level`.execute(trx);
    return new Set([...changed.rows, ...moved.rows].map((r) => r.id)).size;
  });
}

export interface BulkProduct {
  extId: string;
  sectionExtId: string | null;
  name: string;
  article: string;
  articleKey: string;
  brand: string;
  previewText: string;
  detailText: string;
  unit: string;
  weightKg: number | null;
  volumeM3: number | null;
  /** null: keep the photos the product has (the master sent no picture file this time). */
  photos: ProductPhoto[] | null;
  properties: Record<string, string>;
  active: boolean;
}

/** Creates or updates products by the master's id; returns how many were created and changed. */
export async function upsertProducts(db: Db, rows: BulkProduct[]): Promise<{ created: number; changed: number }> {
  if (rows.length === 0) return { created: 0, changed: 0 };
  return inTransaction(db, async (trx) => {
    const input = sql`jsonb_to_recordset(${json(rows)}) AS r(
      "extId" text, "sectionExtId" text, name text, article text, "articleKey" text, brand text, "previewText" text,
      "detailText" text, unit text, "weightKg" numeric, "volumeM3" numeric, photos jsonb, properties jsonb, active boolean)`;
    const written = await sql<{ created: boolean }>`
      INSERT INTO products (external_id, section_id, name, article, article_key, brand, preview_text, detail_text, unit,
                            weight_kg, volume_m3, photos, properties, active)
      SELECT r."extId", s.id, r.name, r.article, r."articleKey", r.brand, r."previewText", r."detailText", r.unit,
             r."weightKg", r."volumeM3", coalesce(r.photos, '[]'::jsonb), r.properties, r.active
      FROM ${input} LEFT JOIN sections s ON s.external_id = r."sectionExtId"
      ON CONFLICT (external_id) DO UPDATE SET
        section_id = EXCLUDED.section_id, name = EXCLUDED.name, article = EXCLUDED.article,
        article_key = EXCLUDED.article_key, brand = EXCLUDED.brand, preview_text = EXCLUDED.preview_text,
        detail_text = EXCLUDED.detail_text, unit = EXCLUDED.unit, weight_kg = EXCLUDED.weight_kg,
        volume_m3 = EXCLUDED.volume_m3, properties = EXCLUDED.properties, active = EXCLUDED.active,
        updated_at = now()
      WHERE (products.section_id, products.name, products.article, products.article_key, products.brand,
             products.preview_text, products.detail_text, products.unit, products.weight_kg, products.volume_m3,
             products.properties, products.active)
        IS DISTINCT FROM
            (EXCLUDED.section_id, EXCLUDED.name, EXCLUDED.article, EXCLUDED.article_key, EXCLUDED.brand,
             EXCLUDED.preview_text, EXCLUDED.detail_text, EXCLUDED.unit, EXCLUDED.weight_kg, EXCLUDED.volume_m3,
             EXCLUDED.properties, EXCLUDED.active)
      RETURNING (xmax = 0) AS created`.execute(trx);
    // Photos of products that already exist; a batch without photos skips the statement (and its JSON).
    const pictured = rows.filter((r) => r.photos !== null);
    const photos =
      pictured.length === 0
        ? { rows: [] }
        : await sql<{ id: number }>`
      UPDATE products p SET photos = r.photos, updated_at = now()
      FROM jsonb_to_recordset(${json(pictured.map((r) => ({ extId: r.extId, photos: r.photos })))}) AS r("extId" text, photos jsonb)
      WHERE p.external_id = r."extId" AND p.photos IS DISTINCT FROM r.photos
      RETURNING p.id`.execute(trx);
    const created = written.rows.filter((r) => r.created).length;
    return { created, changed: Math.max(written.rows.length - created, photos.rows.length) };
  });
}

export interface BulkAnalogue {
  extId: string;
  analogues: Array<{ article: string; articleKey: string; brand: string; targetExtId: string }>;
}

/** Replaces the analogues of the named products; an analogue links to a catalogue product when one fits. */
export async function replaceAnalogues(db: Db, rows: BulkAnalogue[]): Promise<number> {
  if (rows.length === 0) return 0;
  return inTransaction(db, async (trx) => {
    const flat = rows.flatMap((r) => r.analogues.map((a) => ({ extId: r.extId, ...a })));
    await sql`
      DELETE FROM product_analogues a USING products p
      WHERE a.product_id = p.id AND a.kind = 'ANALOGUE' AND p.external_id IN (SELECT unnest(${rows.map((r) => r.extId)}::text[]))`.execute(
      trx,
    );
    if (flat.length === 0) return 0;
    const inserted = await sql`
      INSERT INTO product_analogues (product_id, article, article_key, brand, analogue_product_id, kind)
      SELECT p.id, coalesce(nullif(r.article, ''), t.article, ''), coalesce(nullif(r."articleKey", ''), t.article_key, ''),
             coalesce(nullif(r.brand, ''), t.brand, ''),
             coalesce(t.id, (SELECT q.id FROM products q WHERE q.article_key = r."articleKey" AND r."articleKey" <> ''
                                                         AND q.id <> p.id ORDER BY q.active DESC, q.id LIMIT 1)),
             'ANALOGUE'
      FROM jsonb_to_recordset(${json(flat)}) AS r("extId" text, article text, "articleKey" text, brand text, "targetExtId" text)
      JOIN products p ON p.external_id = r."extId"
      LEFT JOIN products t ON t.external_id = nullif(r."targetExtId", '')
      WHERE coalesce(nullif(r.article, ''), t.article, '') <> ''`.execute(trx);
    return Number(inserted.numAffectedRows ?? 0);
  });
}

/**
 * Price types by the master's id, created on first sight and renamed when the master renames them; each
 * gets its price mapping on first sight too (decision 095): its own portal price type, every payment method.
 */
export async function ensurePriceTypes(
  db: Db,
  rows: Array<{ extId: string; name: string }>,
): Promise<Map<string, number>> {
  const map = await ensureByExtId(db, 'price_types', rows);
  if (map.size === 0) return map;
  const names = new Map(rows.map((r) => [r.extId, r.name]));
  const mappings = [...map].map(([extId, id]) => ({ extId, id, name: names.get(extId) ?? '' }));
  await sql`
    INSERT INTO price_mappings (external_id, external_name, price_type_id)
    SELECT r."extId", r.name, r.id FROM jsonb_to_recordset(${json(mappings)}) AS r("extId" text, id int, name text)
    ON CONFLICT (external_id) DO UPDATE SET external_name = EXCLUDED.external_name, updated_at = now()
    WHERE price_mappings.external_name <> EXCLUDED.external_name`.execute(db);
  return map;
}

export interface PriceMapping {
  externalId: string;
  externalName: string;
  priceTypeId: number | null;
  paySystemId: number | null;
}

/** Every price mapping (a few rows: one per 1C price type). */
export async function loadPriceMappings(db: Db): Promise<PriceMapping[]> {
  const rows = await sql<{
    external_id: string;
    external_name: string;
    price_type_id: number | null;
    pay_system_id: number | null;
  }>`SELECT external_id, external_name, price_type_id, pay_system_id FROM price_mappings ORDER BY id`.execute(db);
  return rows.rows.map((r) => ({
    externalId: r.external_id,
    externalName: r.external_name,
    priceTypeId: r.price_type_id,
    paySystemId: r.pay_system_id,
  }));
}

/** Warehouses by the master's id, created on first sight (real, not virtual) and renamed with the master. */
export async function ensureStores(db: Db, rows: Array<{ extId: string; name: string }>): Promise<Map<string, number>> {
  return ensureByExtId(db, 'stores', rows);
}

async function ensureByExtId(
  db: Db,
  table: 'price_types' | 'stores',
  rows: Array<{ extId: string; name: string }>,
): Promise<Map<string, number>> {
  const map = new Map<string, number>();
  if (rows.length === 0) return map;
  const unique = [...new Map(rows.map((r) => [r.extId, r])).values()];
  await inTransaction(db, async (trx) => {
    const named = await claimByName(trx, table, unique);
    // The code must be unique too: the master's id is.
    await sql`
      INSERT INTO ${sql.table(table)} (external_id, code, name, sort)
      SELECT r."extId", r."extId", r.name, 500 FROM jsonb_to_recordset(${json(named)}) AS r("extId" text, name text)
      ON CONFLICT (external_id) DO UPDATE SET name = EXCLUDED.name WHERE ${sql.table(table)}.name <> EXCLUDED.name`.execute(
      trx,
    );
  });
  const found = await sql<{ id: number; external_id: string }>`
    SELECT id, external_id FROM ${sql.table(table)} WHERE external_id IN (SELECT unnest(${unique.map((r) => r.extId)}::text[]))`.execute(
    db,
  );
  for (const r of found.rows) map.set(r.external_id, r.id);
  return map;
}

/** A name as it is compared (decision 187): trimmed, inner spaces as one, case-insensitive. */
export const sameNameKey = (name: string) => name.trim().replace(/\s+/g, ' ').toLocaleLowerCase('ru');

/**
 * Decision 187: an Ид the portal has not seen lands on the price type or warehouse of the same name instead of
 * creating a second one of that name (as 1C-Bitrix's CommerceML import does) — first one with no 1C Ид yet
 * (the supplier's own «Дилер», «Склад Москва»), else one whose Ид this call does not name (1C re-created
 * it). The row keeps its id, code and everything hung on it (dealers' price type, the warehouses page). The
 * rows come back with the portal's own spelling where 1C's differs only in case or spaces, so that is no rename.
 */
async function claimByName(
  trx: Db,
  table: 'price_types' | 'stores',
  rows: Array<{ extId: string; name: string }>,
): Promise<Array<{ extId: string; name: string }>> {
  const existing = (
    await sql<{ id: number; external_id: string | null; name: string }>`
      SELECT id, external_id, name FROM ${sql.table(table)} ORDER BY sort, id FOR UPDATE`.execute(trx)
  ).rows;
  const known = new Set(existing.flatMap((r) => (r.external_id === null ? [] : [r.external_id])));
  const named = new Set(rows.map((r) => r.extId));
  const taken = new Set<number>();
  for (const r of rows) {
    if (known.has(r.extId)) continue;
    const key = sameNameKey(r.name);
    if (!key) continue;
    const same = existing.filter((e) => !taken.has(e.id) && sameNameKey(e.name) === key);
    const target =
      same.find((e) => e.external_id === null) ?? same.find((e) => e.external_id !== null && !named.has(e.external_id));
    if (!target) continue;
    taken.add(target.id);
    await sql`UPDATE ${sql.table(table)} SET external_id = ${r.extId} WHERE id = ${target.id}`.execute(trx);
    target.external_id = r.extId;
  }
  const byExt = new Map(existing.flatMap((e) => (e.external_id === null ? [] : [[e.external_id, e.name] as const])));
  return rows.map((r) => {
    const own = byExt.get(r.extId);
    return own !== undefined && sameNameKey(own) === sameNameKey(r.name) ? { ...r, name: own } : r;
  });
}

/** Ids of price types and warehouses the master named before (their rows exist). */
export async function idsByExtId(
  db: Db,
  table: 'price_types' | 'stores',
  extIds: string[],
): Promise<Map<string, number>> {
  const map = new Map<string, number>();
  if (extIds.length === 0) return map;
  const found = await sql<{ id: number; external_id: string }>`
    SELECT id, external_id FROM ${sql.table(table)} WHERE external_id IN (SELECT unnest(${extIds}::text[]))`.execute(
    db,
  );
  for (const r of found.rows) map.set(r.external_id, r.id);
  return map;
}

export interface BulkPrice {
  productId: number;
  priceTypeId: number;
  paySystemId: number;
  value: number;
  currency: string;
}

/** Sets prices (product × price type × payment method); returns how many changed. */
export async function writePrices(db: Db, rows: BulkPrice[]): Promise<number> {
  if (rows.length === 0) return 0;
  // Short keys: a batch is thousands of cells.
  const cells = rows.map((r) => ({ p: r.productId, t: r.priceTypeId, s: r.paySystemId, v: r.value, c: r.currency }));
  const result = await inTransaction(db, (trx) =>
    sql`
    INSERT INTO product_prices (product_id, price_type_id, pay_system_id, value, currency)
    SELECT r.p, r.t, r.s, r.v, r.c FROM jsonb_to_recordset(${json(cells)}) AS r(p int, t int, s int, v numeric, c text)
    ON CONFLICT (product_id, price_type_id, pay_system_id) DO UPDATE SET value = EXCLUDED.value, currency = EXCLUDED.currency
    WHERE (product_prices.value, product_prices.currency) IS DISTINCT FROM (EXCLUDED.value, EXCLUDED.currency)`.execute(
      trx,
    ),
  );
  return Number(result.numAffectedRows ?? 0);
}

export interface BulkStock {
  productId: number;
  /** The product's whole stock: warehouses not named have none. */
  stock: Array<{ storeId: number; amount: number }>;
}

/**
 * Sets the whole stock of each named product. The per-row stock trigger is off for this transaction
 * (migration 0091); the product's sums and `stock_by_store` are recomputed once per product instead.
 */
export async function writeStock(db: Db, rows: BulkStock[]): Promise<number> {
  if (rows.length === 0) return 0;
  return inTransaction(db, async (trx) => {
    await sql`SET LOCAL portal.stock_sync = 'off'`.execute(trx);
    const productIds = [...new Set(rows.map((r) => r.productId))];
    const flat = json(
      rows.flatMap((r) =>
        r.stock.filter((s) => s.amount > 0).map((s) => ({ p: r.productId, s: s.storeId, a: s.amount })),
      ),
    );
    // NOT IN over the batch's cells: one hashed set, not a scan of them per stock row.
    const deleted = await sql`
      DELETE FROM product_stock ps
      WHERE ps.product_id = ANY(${productIds}::int[])
        AND (ps.product_id, ps.store_id) NOT IN (SELECT r.p, r.s FROM jsonb_to_recordset(${flat}) AS r(p int, s int))`.execute(
      trx,
    );
    const written = await sql`
      INSERT INTO product_stock (product_id, store_id, amount)
      SELECT r.p, r.s, r.a FROM jsonb_to_recordset(${flat}) AS r(p int, s int, a numeric)
      ON CONFLICT (product_id, store_id) DO UPDATE SET amount = EXCLUDED.amount
      WHERE product_stock.amount IS DISTINCT FROM EXCLUDED.amount`.execute(trx);
    const changed = Number(deleted.numAffectedRows ?? 0) + Number(written.numAffectedRows ?? 0);
    if (changed > 0) await syncStockSums(trx, productIds);
    return changed;
  });
}

/** The stock sums and `stock_by_store` of products, as the row trigger would write them. */
async function syncStockSums(db: Db, productIds: number[]): Promise<void> {
  await sql`
    UPDATE products p SET stock_real = t.r, stock_virtual = t.v, stock_by_store = t.b
    FROM (
      SELECT x.id,
             coalesce(sum(ps.amount) FILTER (WHERE NOT s.is_virtual), 0) AS r,
             coalesce(sum(ps.amount) FILTER (WHERE s.is_virtual), 0) AS v,
             coalesce(string_agg(ps.store_id || ':' || ps.amount, ',' ORDER BY ps.store_id), '') AS b
      FROM unnest(${productIds}::int[]) AS x(id)
      LEFT JOIN product_stock ps ON ps.product_id = x.id
      LEFT JOIN stores s ON s.id = ps.store_id
      GROUP BY x.id
    ) t
    WHERE p.id = t.id AND (p.stock_real, p.stock_virtual, p.stock_by_store) IS DISTINCT FROM (t.r, t.v, t.b)`.execute(
    db,
  );
}

/**
 * A full exchange's switch (decision 094): every product not in `keep` (the master's ids it sent) is
 * hidden — never deleted, so orders, baskets and favourites keep their lines. Returns how many.
 */
export async function hideProductsExcept(db: Db, keep: string[]): Promise<number> {
  const result = await sql`
    UPDATE products SET active = false, updated_at = now()
    WHERE active AND (external_id IS NULL OR external_id NOT IN (SELECT unnest(${keep}::text[])))`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

/** A full stock exchange's switch: products not in `keep` have no stock any more. Returns how many. */
export async function zeroStockExcept(db: Db, keep: string[]): Promise<number> {
  return inTransaction(db, async (trx) => {
    await sql`SET LOCAL portal.stock_sync = 'off'`.execute(trx);
    const gone = await sql<{ product_id: number }>`
      DELETE FROM product_stock ps USING products p
      WHERE p.id = ps.product_id AND (p.external_id IS NULL OR p.external_id NOT IN (SELECT unnest(${keep}::text[])))
      RETURNING ps.product_id`.execute(trx);
    const ids = [...new Set(gone.rows.map((r) => r.product_id))];
    if (ids.length > 0) await syncStockSums(trx, ids);
    return ids.length;
  });
}

/**
 * After an import: each section counts the active products of its whole subtree, the word list of typo
 * tolerance is rebuilt (decision 010), and the planner's statistics follow the new data.
 */
export async function refreshAfterImport(db: Db, options: { words: boolean; analyze: boolean }): Promise<void> {
  await sql`
    WITH RECURSIVE tree AS (
      SELECT id, id AS root, 0 AS depth FROM sections
      UNION ALL
      SELECT s.id, tree.root, tree.depth + 1 FROM sections s JOIN tree ON s.parent_id = tree.id WHERE tree.depth < 32
    ),
    counts AS (
      SELECT tree.root, count(p.id)::int AS n FROM tree LEFT JOIN products p ON p.section_id = tree.id AND p.active
      GROUP BY tree.root
    )
    UPDATE sections s SET element_cnt = counts.n FROM counts WHERE s.id = counts.root AND s.element_cnt <> counts.n`.execute(
    db,
  );
  if (options.words) await refreshCatalogWords(db);
  if (options.analyze) {
    for (const table of ['products', 'product_prices', 'product_stock', 'sections']) {
      await sql`ANALYZE ${sql.table(table)}`.execute(db);
    }
  }
}

/** Catalogue ids of products by the master's ids (those that exist). */
export async function productIdsByExtId(db: Db, extIds: string[]): Promise<Map<string, number>> {
  const map = new Map<string, number>();
  if (extIds.length === 0) return map;
  const rows = await sql<{ id: number; external_id: string }>`
    SELECT id, external_id FROM products WHERE external_id IN (SELECT unnest(${[...new Set(extIds)]}::text[]))`.execute(
    db,
  );
  for (const r of rows.rows) map.set(r.external_id, r.id);
  return map;
}

/** The master's ids of catalogue products (null for a product the master never sent). */
export async function extIdsOfProducts(db: Db, productIds: number[]): Promise<Map<number, string | null>> {
  const map = new Map<number, string | null>();
  if (productIds.length === 0) return map;
  const rows = await sql<{ id: number; external_id: string | null }>`
    SELECT id, external_id FROM products WHERE id = ANY(${[...new Set(productIds)]}::int[])`.execute(db);
  for (const r of rows.rows) map.set(r.id, r.external_id);
  return map;
}

/** Active payment methods, in their order. */
export async function activePaySystems(db: Db): Promise<Array<{ id: number; name: string }>> {
  const rows = await sql<{ id: number; name: string }>`
    SELECT id, name FROM pay_systems WHERE active ORDER BY sort, id`.execute(db);
  return rows.rows;
}

/** Rebuilds the word list typo tolerance corrects against (run after a catalogue import). */
export async function refreshCatalogWords(db: Db): Promise<void> {
  await sql`DELETE FROM catalog_words`.execute(db);
  await sql`
    INSERT INTO catalog_words (word)
    SELECT DISTINCT w FROM (
      SELECT regexp_split_to_table(lower(name || ' ' || brand), '[^[:alnum:]]+') AS w FROM products WHERE active
    ) t WHERE length(w) >= 3 AND w !~ '^[0-9]+$'`.execute(db);
}
