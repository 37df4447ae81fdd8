import {
  colorName,
  FILTER_DISPLAY_TYPES,
  FILTER_PROPERTY_CODES,
  FILTER_KEY_PREFIX,
  type FilterItem,
  type Language,
} from '@portal/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { cachedCount } from './cache.js';
import type { PriceContext } from './offers.js';
import { facetConditions, priceJoin, PROPERTY_NAMES, scopeCondition, type FilterValues } from './products.js';

const COLUMN: Record<(typeof FILTER_PROPERTY_CODES)[number], string> = {
  BRAND: 'brand',
  MODEL: 'prop_model',
  KIND: 'prop_kind',
  COLOR: 'prop_color',
};

/** A stable control id for a value (FNV-1a), the same whatever else the filter shows. */
function controlHash(value: string): string {
  let h = 0x811c9dc5;
  for (const ch of value) {
    h ^= ch.codePointAt(0)!;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(36);
}

interface CountRow {
  code: string;
  value: string | null;
  n: number;
}

/**
 * The smart filter of docs/spec/03-entities.md for the current filter, in one statement: each facet's values are counted
 * with every other facet's selection applied but not its own (so a ticked brand does not hide the other
 * brands), the price range likewise. Without a scope (section, ids or search) there is nothing to count.
 */
export async function smartFilter(
  db: Db,
  f: FilterValues,
  searchIds: number[] | null,
  context: PriceContext | null,
  language: Language,
  prefix: string = FILTER_KEY_PREFIX,
): Promise<FilterItem[]> {
  if (f.category === undefined && !f.ids && !searchIds) return [];
  const c = facetConditions(f);
  // Every input of the statement is in the key; the version was read before it runs (cache.ts).
  const key = JSON.stringify(['filter', f, searchIds, context?.priceTypeId ?? null, context?.paySystemId ?? null]);
  const version = context?.catalogVersion ?? null;
  // The items too are kept under the version (decision 250): built from the counts, the filter (ticked values,
  // the price bounds), the language and the prefix only, and sorting the values by name cost more than
  // reading the counts from the cache.
  return cachedCount(db, version, `${key}\u0000items\u0000${language}\u0000${prefix}`, async () =>
    toItems(await cachedCount(db, version, key, () => countRows(db, f, searchIds, context, c)), f, language, prefix),
  );
}

/** Values sorted as `localeCompare(…, 'ru')` sorts them, without building a collator per comparison. */
const byRussianName = new Intl.Collator('ru');

/** How far the price range walks the price index before it counts the hard way (see priceRange). */
const PRICE_WALK_LIMIT = 20_000;

async function countRows(
  db: Db,
  f: FilterValues,
  searchIds: number[] | null,
  context: PriceContext | null,
  c: ReturnType<typeof facetConditions>,
): Promise<CountRow[]> {
  // Without a price bound no count needs a price, so the facets are counted from the products alone and
  // only the range looks at prices (priceRange); with one, every count joins the actor's prices.
  if (f.priceMin !== undefined || f.priceMax !== undefined || !context) {
    return (
      await sql<CountRow>`
    WITH scoped AS (
      SELECT p.brand, p.prop_model, p.prop_kind, p.prop_color, p.availability, pp.value AS price,
             ${c.brand} AS m_brand, ${c.model} AS m_model, ${c.kind} AS m_kind, ${c.color} AS m_color,
             ${c.available} AS m_available, coalesce(${c.price}, false) AS m_price
      FROM products p ${priceJoin(context)}
      WHERE ${scopeCondition(f, searchIds)}
    )
    SELECT 'BRAND' AS code, brand AS value,
           count(*) FILTER (WHERE m_model AND m_kind AND m_color AND m_available AND m_price)::int AS n
      FROM scoped GROUP BY brand
    UNION ALL
    SELECT 'MODEL', prop_model, count(*) FILTER (WHERE m_brand AND m_kind AND m_color AND m_available AND m_price)::int
      FROM scoped GROUP BY prop_model
    UNION ALL
    SELECT 'KIND', prop_kind, count(*) FILTER (WHERE m_brand AND m_model AND m_color AND m_available AND m_price)::int
      FROM scoped GROUP BY prop_kind
    UNION ALL
    SELECT 'COLOR', prop_color, count(*) FILTER (WHERE m_brand AND m_model AND m_kind AND m_available AND m_price)::int
      FROM scoped GROUP BY prop_color
    UNION ALL
    SELECT 'AVAILABLE', CASE WHEN availability = 'Y' THEN 'Y' ELSE 'N' END,
           count(*) FILTER (WHERE m_brand AND m_model AND m_kind AND m_color AND m_price)::int
      FROM scoped GROUP BY 2
    UNION ALL
    SELECT 'PRICE_MIN', floor(min(price))::text, count(*)::int FROM scoped
      WHERE m_brand AND m_model AND m_kind AND m_color AND m_available
    UNION ALL
    SELECT 'PRICE_MAX', ceil(max(price))::text, count(*)::int FROM scoped
      WHERE m_brand AND m_model AND m_kind AND m_color AND m_available
  `.execute(db)
    ).rows;
  }
  // One pass over the scope's products, grouped by the four facet values (a section of 32,000 products
  // gives about a hundred groups, 7 ms); each group says which facet selections it meets, and the counts
  // are summed from the groups.
  const [groups, range] = await Promise.all([
    sql<
      { brand: string; model: string; kind: string; color: string; available: 'Y' | 'N'; n: number } & Record<
        Facet,
        boolean
      >
    >`
      SELECT p.brand, p.prop_model AS model, p.prop_kind AS kind, p.prop_color AS color,
             CASE WHEN p.availability = 'Y' THEN 'Y' ELSE 'N' END AS available,
             ${c.brand} AS m_brand, ${c.model} AS m_model, ${c.kind} AS m_kind, ${c.color} AS m_color,
             ${c.available} AS m_available, count(*)::int AS n
      FROM products p WHERE ${scopeCondition(f, searchIds)}
      GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10`.execute(db),
    priceRange(db, f, searchIds, context, c),
  ]);
  const sums = new Map<string, CountRow>();
  const add = (code: string, value: string | null, n: number) => {
    const key = `${code}\u0000${value ?? ''}`;
    const row = sums.get(key) ?? { code, value, n: 0 };
    row.n += n;
    sums.set(key, row);
  };
  for (const g of groups.rows) {
    // A facet's own selection does not narrow its own counts (a ticked brand keeps the other brands).
    add('BRAND', g.brand, g.m_model && g.m_kind && g.m_color && g.m_available ? g.n : 0);
    add('MODEL', g.model, g.m_brand && g.m_kind && g.m_color && g.m_available ? g.n : 0);
    add('KIND', g.kind, g.m_brand && g.m_model && g.m_color && g.m_available ? g.n : 0);
    add('COLOR', g.color, g.m_brand && g.m_model && g.m_kind && g.m_available ? g.n : 0);
    add('AVAILABLE', g.available, g.m_brand && g.m_model && g.m_kind && g.m_color ? g.n : 0);
    const all = g.m_brand && g.m_model && g.m_kind && g.m_color && g.m_available ? g.n : 0;
    add('PRICE_MIN', range.lo, all);
    add('PRICE_MAX', range.hi, all);
  }
  return [...sums.values()];
}

type Facet = 'm_brand' | 'm_model' | 'm_kind' | 'm_color' | 'm_available';

/**
 * The lowest and highest price among the products the facets allow. A section holds a few per cent of a
 * million products, so walking the price index from either end finds its cheapest and dearest product
 * after a few dozen entries (1.5 ms), where joining every product of the section to its price took 170 ms.
 * The walk is bounded; a selection it does not meet within the bound is priced the hard way.
 */
async function priceRange(
  db: Db,
  f: FilterValues,
  searchIds: number[] | null,
  context: PriceContext,
  c: ReturnType<typeof facetConditions>,
): Promise<{ lo: string | null; hi: string | null }> {
  const allowed = sql`EXISTS (SELECT 1 FROM products p WHERE p.id = x.product_id AND ${scopeCondition(f, searchIds)}
    AND ${c.brand} AND ${c.model} AND ${c.kind} AND ${c.color} AND ${c.available})`;
  const walk = (direction: 'ASC' | 'DESC') => sql`(
    SELECT x.value FROM (
      SELECT value, product_id FROM product_prices
      WHERE price_type_id = ${context.priceTypeId} AND pay_system_id = ${context.paySystemId}
      ORDER BY value ${sql.raw(direction)} LIMIT ${PRICE_WALK_LIMIT}
    ) x WHERE ${allowed} ORDER BY x.value ${sql.raw(direction)} LIMIT 1)`;
  const { rows } = await sql<{ lo: string | null; hi: string | null }>`
    SELECT floor(${walk('ASC')})::text AS lo, ceil(${walk('DESC')})::text AS hi`.execute(db);
  const found = rows[0];
  if (found?.lo != null && found.hi != null) return found;
  const full = await sql<{ lo: string | null; hi: string | null }>`
    SELECT floor(min(pp.value))::text AS lo, ceil(max(pp.value))::text AS hi
    FROM products p ${priceJoin(context)}
    WHERE ${scopeCondition(f, searchIds)} AND ${c.brand} AND ${c.model} AND ${c.kind} AND ${c.color}
      AND ${c.available}`.execute(db);
  return full.rows[0] ?? { lo: null, hi: null };
}

function toItems(rows: CountRow[], f: FilterValues, language: Language, prefix: string): FilterItem[] {
  const name = (code: string) => PROPERTY_NAMES[code]?.[language] ?? code;
  const items: FilterItem[] = [];
  for (const code of FILTER_PROPERTY_CODES) {
    const selected = new Set(f[code] ?? []);
    // A colour is its hex code (VALUE, the swatch) and its name (HTML_VALUE), sorted by name (decision 147).
    const label = (v: string) => (code === 'COLOR' ? colorName(v, language) : v);
    const values = rows
      .filter((r) => r.code === code && r.value)
      .sort((a, b) => byRussianName.compare(label(a.value ?? ''), label(b.value ?? '')));
    if (values.length === 0) continue;
    items.push({
      ID: code,
      ENCODED_ID: COLUMN[code],
      CODE: code,
      NAME: name(code),
      FILTER_HINT: '',
      PRICE: false,
      DISPLAY_TYPE: FILTER_DISPLAY_TYPES[code],
      VALUES: values.map((r, i) => ({
        CONTROL_ID: `${prefix}${code}_${controlHash(r.value ?? '')}`,
        CONTROL_NAME: `${prefix}${code}`,
        SORT: (i + 1) * 10,
        VALUE: r.value ?? '',
        HTML_VALUE: label(r.value ?? ''),
        ELEMENT_COUNT: r.n,
        CHECKED: selected.has(r.value ?? ''),
      })),
    });
  }
  const min = rows.find((r) => r.code === 'PRICE_MIN');
  const max = rows.find((r) => r.code === 'PRICE_MAX');
  if (min?.value && max?.value) {
    items.push({
      ID: 'PRICE',
      ENCODED_ID: 'PRICE',
      CODE: 'PRICE',
      NAME: name('PRICE'),
      FILTER_HINT: '',
      PRICE: true,
      DISPLAY_TYPE: 'A',
      VALUES: [
        {
          CONTROL_ID: `${prefix}PRICE_MIN`,
          CONTROL_NAME: `${prefix}PRICE_MIN`,
          SORT: 10,
          CURRENCY: 'RUB',
          VALUE: min.value,
          HTML_VALUE: String(f.priceMin ?? ''),
          ELEMENT_COUNT: min.n,
        },
        {
          CONTROL_ID: `${prefix}PRICE_MAX`,
          CONTROL_NAME: `${prefix}PRICE_MAX`,
          SORT: 20,
          CURRENCY: 'RUB',
          VALUE: max.value,
          HTML_VALUE: String(f.priceMax ?? ''),
          ELEMENT_COUNT: max.n,
        },
      ],
    });
  }
  const yes = language === 'en' ? 'Yes' : 'Да';
  const no = language === 'en' ? 'No' : 'Нет';
  const availability = rows.filter((r) => r.code === 'AVAILABLE');
  if (availability.length) {
    items.push({
      ID: 'AVAILABLE',
      ENCODED_ID: 'AVAILABLE',
      CODE: 'AVAILABLE',
      NAME: name('AVAILABLE'),
      FILTER_HINT: '',
      PRICE: false,
      DISPLAY_TYPE: 'K',
      VALUES: (['Y', 'N'] as const).map((v, i) => ({
        CONTROL_ID: `${prefix}AVAILABLE_${v}`,
        CONTROL_NAME: `${prefix}AVAILABLE`,
        SORT: (i + 1) * 10,
        VALUE: v,
        HTML_VALUE: v === 'Y' ? yes : no,
        ELEMENT_COUNT: availability.find((r) => r.value === v)?.n ?? 0,
        CHECKED: f.available === v,
      })),
    });
  }
  return items;
}
