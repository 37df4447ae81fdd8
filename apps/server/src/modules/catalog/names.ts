import { expressionBuilder, sql, type Expression } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import './tables.js';

/** Price types and payment methods as other modules show or check them (users, orders, the session). */

/** The names of these price types, by id. */
export async function priceTypeNames(db: Db, ids: Iterable<number | null>): Promise<Map<number, string>> {
  const wanted = [...new Set([...ids].filter((id): id is number => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db.selectFrom('price_types').select(['id', 'name']).where('id', 'in', wanted).execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** The names of these payment methods, by id, active or not. */
export async function paySystemNames(db: Db, ids: Iterable<number | null>): Promise<Map<number, string>> {
  const wanted = [...new Set([...ids].filter((id): id is number => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db.selectFrom('pay_systems').select(['id', 'name']).where('id', 'in', wanted).execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** The payment method with this id if a dealer may choose it now (it is active). */
export const activePaySystem = (db: Db, id: number) =>
  db
    .selectFrom('pay_systems')
    .select(['id', 'code', 'name', 'name_en'])
    .where('id', '=', id)
    .where('active', '=', true)
    .executeTakeFirst();

/** The payment methods a dealer may choose, in the site's order, with their English names. */
export const activePaySystemsEn = (db: Db) =>
  db.selectFrom('pay_systems').select(['id', 'name', 'name_en']).where('active', '=', true).orderBy('sort').execute();

/** What an order needs of these products to add or change its lines: name, unit, factor, sizes, stock. */
export const productsForOrderLines = async (db: Db, ids: number[]) =>
  ids.length === 0
    ? []
    : db
        .selectFrom('products')
        .select(['id', 'name', 'article', 'unit', 'active', 'measure_factor', 'weight_kg', 'volume_m3'])
        .select(sql<number>`stock_real + stock_virtual`.as('stock'))
        .where('id', '=', sql<number>`ANY(${ids}::int[])`)
        .execute();

/** What a basket line shows of its product: name, unit, factor, sizes, properties, whether it is still sold. */
const BASKET_LINE_COLUMNS = [
  'id',
  'name',
  'article',
  'brand',
  'unit',
  'measure_factor',
  'weight_kg',
  'volume_m3',
  'properties',
  'active',
] as const;

/**
 * The product columns a basket line shows, as a LATERAL subquery of one primary-key probe per line
 * (`.innerJoinLateral(() => lineProductOf(sql\`i.product_id\`).as('p'), (j) => j.onTrue())`, or
 * `JOIN LATERAL ${lineProductOf(sql\`i.product_id\`)} p ON true`): the basket's lines are listed, sorted and
 * counted in one query with their products, so a keyed read after the page would not do (decision 151).
 * `LIMIT 1` keeps PostgreSQL from flattening it into a plain join: a basket filled a moment ago has no
 * statistics yet, and the planner then merged its 1,000 lines with the whole products index (2.7 s at
 * 1,000,000 products, docs/performance.md «Parts know-how at 1,000,000 products»).
 */
export const lineProductOf = (productId: Expression<number>) =>
  expressionBuilder<Database, never>()
    .selectFrom('products')
    .select([...BASKET_LINE_COLUMNS, 'stock_by_store'])
    .where('id', '=', productId)
    .limit(1);

/**
 * The product keys an order line is searched and exported by (part number key, 1C id), as a subquery another
 * module joins on its product id, in the builder or in a raw `sql` template (`LEFT JOIN ${productKeys()} p`).
 */
export const productKeys = () =>
  expressionBuilder<Database, never>().selectFrom('products').select(['id', 'article_key', 'external_id']);

/** The prices of one price type and payment method, as a subquery to join on the product id (a basket's sums). */
export const productPrices = (priceTypeId: number, paySystemId: number) =>
  expressionBuilder<Database, never>()
    .selectFrom('product_prices')
    .select(['product_id', 'currency', 'value'])
    .where('price_type_id', '=', priceTypeId)
    .where('pay_system_id', '=', paySystemId);

/** What a basket needs of these products to take them as lines: name, unit, factor, sizes, properties. */
export const productsForBasket = async (db: Db, ids: number[]) =>
  ids.length === 0
    ? []
    : db
        .selectFrom('products')
        .select(BASKET_LINE_COLUMNS)
        .where('id', '=', sql<number>`ANY(${ids}::int[])`)
        .execute();

/**
 * The active products carrying one of these normalised part numbers, oldest first (a pasted list's lines).
 * One probe of the B-tree per number (LATERAL … OFFSET 0): as `article_key = ANY(…)` PostgreSQL answered 700
 * numbers from the trigram index instead, whose lists for «000» and the like span most of the catalogue
 * (EXPLAIN ANALYZE at 20,000 products: 40–80 ms against 2 ms; docs/performance.md «Parts know-how at
 * 1,000,000 products»).
 */
export async function activeProductsByArticleKeys(db: Db, keys: string[]) {
  const { rows } = await sql<{ id: number; name: string; article: string; brand: string; article_key: string }>`
    SELECT p.id, p.name, p.article, p.brand, p.article_key
    FROM (SELECT DISTINCT key FROM unnest(${keys}::text[]) AS k(key)) k
    CROSS JOIN LATERAL (
      SELECT id, name, article, brand, article_key FROM products
      WHERE active AND article_key = k.key
      OFFSET 0
    ) p
    ORDER BY p.id`.execute(db);
  return rows;
}

/**
 * Up to `limit` active products per key whose part number starts with it, by part number (a basket's pasted
 * lines): the `text_pattern_ops` range lets the index answer a prefix for each key.
 */
export async function activeProductsByArticlePrefixes(db: Db, keys: string[], limit: number) {
  const { rows } = await sql<{ key: string; id: number; name: string; article: string; brand: string }>`
    SELECT k.key, p.id, p.name, p.article, p.brand
    FROM unnest(${keys}::text[]) AS k(key)
    CROSS JOIN LATERAL (
      SELECT id, name, article, brand FROM products
      WHERE active AND article_key ~>=~ k.key AND article_key ~<~ (k.key || chr(65535))
      ORDER BY article_key LIMIT ${limit}
    ) p`.execute(db);
  return rows;
}

/**
 * Up to `limit` active products whose name holds every word of the text, shortest name first (the desk adds a
 * line by name when no part number matches, decision 196).
 */
export async function activeProductsByNameWords(db: Db, text: string, limit: number) {
  const words = text
    .toLowerCase()
    .split(/\s+/)
    .filter((w) => w.length > 0)
    .slice(0, 6)
    .map((w) => `%${w.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  if (words.length === 0) return [];
  let q = db.selectFrom('products').select(['id', 'name', 'article', 'brand']).where('active', '=', true);
  for (const w of words) q = q.where(sql<boolean>`lower(name) LIKE ${w}`);
  return q
    .orderBy(sql`length(name)`)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** The active products that list one of these normalised part numbers as an analogue, with the number. */
export const activeAnaloguesByArticleKeys = (db: Db, keys: string[]) =>
  db
    .selectFrom('product_analogues as a')
    .innerJoin('products as p', 'p.id', 'a.product_id')
    .select(['a.article_key', 'p.id', 'p.name', 'p.article', 'p.brand'])
    .where('p.active', '=', true)
    .where('a.article_key', '=', sql<string>`ANY(${keys}::text[])`)
    .orderBy('p.id')
    .execute();

export const priceTypeExists = async (db: Db, id: number) =>
  (await db.selectFrom('price_types').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;

/** The price type of users who have none (the first default one, as the price context picks it). */
export const defaultPriceTypeId = async (db: Db): Promise<number | null> =>
  (
    await db
      .selectFrom('price_types')
      .select('id')
      .where('is_default', '=', true)
      .orderBy('sort')
      .orderBy('id')
      .limit(1)
      .executeTakeFirst()
  )?.id ?? null;

/** Any payment method, active or not (an administrator may assign an inactive one). */
export const paySystemExists = async (db: Db, id: number) =>
  (await db.selectFrom('pay_systems').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;

/** The choices of the user form: every price type and payment method. */
export const userFormChoices = (db: Db) =>
  Promise.all([
    db.selectFrom('price_types').select(['id', 'name']).orderBy('sort').orderBy('id').execute(),
    db.selectFrom('pay_systems').select(['id', 'name']).orderBy('sort').orderBy('id').execute(),
  ]);

/** The payment method columns an order row shows (names in both languages), as a subquery to join on. */
export const orderPaySystems = () =>
  expressionBuilder<Database, never>().selectFrom('pay_systems').select(['id', 'name', 'name_en']);
