import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { sameNameKey, type BulkPrice, type BulkProduct, type BulkStock } from './bulk-writes.js';
import './tables.js';

/**
 * The dry run of a 1C upload (decision 197): what the exchange's bulk writes (`bulk-writes.ts`) WOULD change,
 * read without writing. Each function asks the same question its write's `WHERE … IS DISTINCT FROM` asks, so
 * the report's counts are the counts the real run then gives.
 */

const json = (rows: unknown) => sql`${JSON.stringify(rows)}::jsonb`;

/**
 * How many of `rows` `upsertProducts` would create and change. `newSections`: the groups the same exchange
 * creates first (their ids do not exist yet; a product moving into one changes).
 */
export async function previewProducts(
  db: Db,
  rows: BulkProduct[],
  newSections: ReadonlySet<string>,
): Promise<{ created: number; changed: number }> {
  if (rows.length === 0) return { created: 0, changed: 0 };
  const input = rows.map((r) => ({ ...r, newSection: r.sectionExtId !== null && newSections.has(r.sectionExtId) }));
  const found = await sql<{ created: boolean; fields: boolean; photos: boolean }>`
    WITH r AS (
      SELECT * FROM jsonb_to_recordset(${json(input)}) AS r(
        "extId" text, "sectionExtId" text, name text, article text, "articleKey" text, brand text, "previewText" text,
        "detailText" text, unit text, "weightKg" numeric, "volumeM3" numeric, photos jsonb, properties jsonb,
        active boolean, "newSection" boolean)
    )
    SELECT p.id IS NULL AS created,
      p.id IS NOT NULL AND (
        (p.section_id, p.name, p.article, p.article_key, p.brand, p.preview_text, p.detail_text, p.unit, p.weight_kg,
         p.volume_m3, p.properties, p.active)
        IS DISTINCT FROM
        (CASE WHEN r."newSection" THEN -1 ELSE s.id END, r.name, r.article, r."articleKey", r.brand, r."previewText",
         r."detailText", r.unit, r."weightKg", r."volumeM3", r.properties, r.active)) AS fields,
      p.id IS NOT NULL AND r.photos IS NOT NULL AND jsonb_typeof(r.photos) = 'array'
        AND p.photos IS DISTINCT FROM r.photos AS photos
    FROM r
    LEFT JOIN products p ON p.external_id = r."extId"
    LEFT JOIN sections s ON s.external_id = r."sectionExtId"`.execute(db);
  const created = found.rows.filter((r) => r.created).length;
  const fields = found.rows.filter((r) => r.fields).length;
  const photos = found.rows.filter((r) => r.photos).length;
  // As `upsertProducts` counts: the rows its upsert changed, or its photo update, whichever is more.
  return { created, changed: Math.max(fields, photos) };
}

/** The master's ids among `extIds` that no section has yet. */
export async function missingSections(db: Db, extIds: string[]): Promise<Set<string>> {
  if (extIds.length === 0) return new Set();
  const found = await sql<{ external_id: string }>`
    SELECT external_id FROM sections WHERE external_id IN (SELECT unnest(${extIds}::text[]))`.execute(db);
  const have = new Set(found.rows.map((r) => r.external_id));
  return new Set(extIds.filter((id) => !have.has(id)));
}

/** How many active products a full catalogue's switch (`hideProductsExcept`) would hide. */
export async function countHiddenExcept(db: Db, keep: string[]): Promise<number> {
  const row = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM products p
    WHERE p.active AND NOT EXISTS (SELECT 1 FROM unnest(${keep}::text[]) AS k(ext) WHERE k.ext = p.external_id)`.execute(
    db,
  );
  return row.rows[0]?.n ?? 0;
}

/**
 * The sections that have visible products now (in their whole subtree) and would have none after the
 * exchange: `named` are the file's products (their section's master id and whether they stay active), and a
 * full catalogue (`full`) hides every product it does not name.
 */
export async function sectionsEmptied(
  db: Db,
  named: Array<{ extId: string; sectionExtId: string | null; active: boolean }>,
  full: boolean,
): Promise<{ count: number; names: string[] }> {
  const rows = await sql<{ name: string; total: number }>`
    WITH RECURSIVE named AS (
      SELECT * FROM jsonb_to_recordset(${json(named)}) AS r("extId" text, "sectionExtId" text, active boolean)
    ),
    after AS (
      SELECT s.id AS section_id, n.active FROM named n JOIN sections s ON s.external_id = n."sectionExtId"
      UNION ALL
      SELECT p.section_id, p.active AND NOT ${full}::boolean FROM products p
      WHERE NOT EXISTS (SELECT 1 FROM named n WHERE n."extId" = p.external_id)
    ),
    before_direct AS (SELECT section_id, count(*)::int AS n FROM products WHERE active GROUP BY section_id),
    after_direct AS (SELECT section_id, count(*)::int AS n FROM after WHERE active GROUP BY section_id),
    tree AS (
      SELECT id, id AS root, 0 AS depth FROM sections
      UNION ALL
      SELECT s.id, tree.root, tree.depth + 1 FROM sections s JOIN tree ON s.parent_id = tree.id WHERE tree.depth < 32
    ),
    sums AS (
      SELECT tree.root, coalesce(sum(b.n), 0) AS before_n, coalesce(sum(a.n), 0) AS after_n
      FROM tree LEFT JOIN before_direct b ON b.section_id = tree.id LEFT JOIN after_direct a ON a.section_id = tree.id
      GROUP BY tree.root
    )
    SELECT s.name, count(*) OVER ()::int AS total
    FROM sums JOIN sections s ON s.id = sums.root
    WHERE sums.before_n > 0 AND sums.after_n = 0
    ORDER BY s.level, s.sort, s.id
    LIMIT 50`.execute(db);
  return { count: rows.rows[0]?.total ?? 0, names: rows.rows.map((r) => r.name) };
}

export type PreviewMatch = 'id' | 'name' | 'new';

/**
 * How `ensurePriceTypes` / `ensureStores` would take each of `rows` (decision 187): an Ид the portal knows, a
 * row of the same name it would take over, or a new one. Read only: nothing is claimed.
 */
export async function previewByExtId(
  db: Db,
  table: 'price_types' | 'stores',
  rows: Array<{ extId: string; name: string }>,
): Promise<Array<{ extId: string; name: string; match: PreviewMatch; portalId: number | null; portalName: string }>> {
  if (rows.length === 0) return [];
  const unique = [...new Map(rows.map((r) => [r.extId, r])).values()];
  const existing = (
    await sql<{ id: number; external_id: string | null; name: string }>`
      SELECT id, external_id, name FROM ${sql.table(table)} ORDER BY sort, id`.execute(db)
  ).rows;
  const byExt = new Map(existing.flatMap((e) => (e.external_id === null ? [] : [[e.external_id, e] as const])));
  const named = new Set(unique.map((r) => r.extId));
  const taken = new Set<number>();
  return unique.map((r) => {
    const own = byExt.get(r.extId);
    if (own) return { ...r, match: 'id' as const, portalId: own.id, portalName: own.name };
    const key = sameNameKey(r.name);
    const same = key ? existing.filter((e) => !taken.has(e.id) && sameNameKey(e.name) === key) : [];
    const target =
      same.find((e) => e.external_id === null) ?? same.find((e) => e.external_id !== null && !named.has(e.external_id));
    if (!target) return { ...r, match: 'new' as const, portalId: null, portalName: r.name };
    taken.add(target.id);
    return { ...r, match: 'name' as const, portalId: target.id, portalName: target.name };
  });
}

/**
 * How many price cells `writePrices` would insert or change (decision 227): a cell with no row yet, or whose
 * value or currency IS DISTINCT FROM the row's. Ids below zero stand for a product, price type or payment
 * method the same upload creates first: no row has them, so their cells are new.
 */
export async function countPriceChanges(db: Db, rows: BulkPrice[]): Promise<number> {
  if (rows.length === 0) return 0;
  const cells = rows.map((r) => ({ p: r.productId, t: r.priceTypeId, s: r.paySystemId, v: r.value, c: r.currency }));
  const { rows: out } = await sql<{ n: string }>`
    SELECT count(*) AS n FROM jsonb_to_recordset(${json(cells)}) AS r(p int, t int, s int, v numeric, c text)
    LEFT JOIN product_prices pp ON pp.product_id = r.p AND pp.price_type_id = r.t AND pp.pay_system_id = r.s
    WHERE pp.product_id IS NULL OR (pp.value, pp.currency) IS DISTINCT FROM (r.v, r.c)`.execute(db);
  return Number(out[0]?.n ?? 0);
}

/**
 * How many stock rows `writeStock` would delete, insert or change (decision 227): each named product's rows of
 * warehouses it no longer has, and each positive amount with no row or another amount. Ids below zero: a
 * product or warehouse the upload creates first.
 */
export async function countStockChanges(db: Db, rows: BulkStock[]): Promise<number> {
  if (rows.length === 0) return 0;
  const productIds = [...new Set(rows.map((r) => r.productId).filter((id) => id > 0))];
  const flat = rows.flatMap((r) =>
    r.stock.filter((s) => s.amount > 0).map((s) => ({ p: r.productId, s: s.storeId, a: s.amount })),
  );
  const { rows: out } = await sql<{ deleted: string; written: string }>`
    SELECT
      (SELECT count(*) FROM product_stock ps
        WHERE ps.product_id = ANY(${productIds}::int[])
          AND (ps.product_id, ps.store_id) NOT IN (SELECT r.p, r.s FROM jsonb_to_recordset(${json(flat)}) AS r(p int, s int))
      ) AS deleted,
      (SELECT count(*) FROM jsonb_to_recordset(${json(flat)}) AS r(p int, s int, a numeric)
        LEFT JOIN product_stock ps ON ps.product_id = r.p AND ps.store_id = r.s
        WHERE ps.product_id IS NULL OR ps.amount IS DISTINCT FROM r.a
      ) AS written`.execute(db);
  return Number(out[0]?.deleted ?? 0) + Number(out[0]?.written ?? 0);
}
