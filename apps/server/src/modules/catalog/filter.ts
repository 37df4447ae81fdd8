import { FILTER_PROPERTY_CODES, FILTER_KEY_PREFIX, type FilterItem, type Language } from '@portal/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { cachedCount } from './cache.js';
import type { PriceContext } from './offers.js';
import { facetConditions, priceJoin, PROPERTY_NAMES, scopeCondition, type FilterValues } from './products.js';

const COLUMN: Record<(typeof FILTER_PROPERTY_CODES)[number], string> = {
  BRAND: 'brand',
  MODEL: 'prop_model',
  KIND: 'prop_kind',
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
 * The smart filter of spec §3 for the current filter, in one statement: each facet's values are counted
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
  const rows = await cachedCount(db, context?.catalogVersion ?? null, key, () =>
    countRows(db, f, searchIds, context, c),
  );
  return toItems(rows, f, language, prefix);
}

async function countRows(
  db: Db,
  f: FilterValues,
  searchIds: number[] | null,
  context: PriceContext | null,
  c: ReturnType<typeof facetConditions>,
): Promise<CountRow[]> {
  const result = await sql<CountRow>`
    WITH scoped AS (
      SELECT p.brand, p.prop_model, p.prop_kind, p.availability, pp.value AS price,
             ${c.brand} AS m_brand, ${c.model} AS m_model, ${c.kind} AS m_kind,
             ${c.available} AS m_available, coalesce(${c.price}, false) AS m_price
      FROM products p ${priceJoin(context)}
      WHERE ${scopeCondition(f, searchIds)}
    )
    SELECT 'BRAND' AS code, brand AS value, count(*) FILTER (WHERE m_model AND m_kind AND m_available AND m_price)::int AS n
      FROM scoped GROUP BY brand
    UNION ALL
    SELECT 'MODEL', prop_model, count(*) FILTER (WHERE m_brand AND m_kind AND m_available AND m_price)::int
      FROM scoped GROUP BY prop_model
    UNION ALL
    SELECT 'KIND', prop_kind, count(*) FILTER (WHERE m_brand AND m_model AND m_available AND m_price)::int
      FROM scoped GROUP BY prop_kind
    UNION ALL
    SELECT 'AVAILABLE', CASE WHEN availability = 'Y' THEN 'Y' ELSE 'N' END,
           count(*) FILTER (WHERE m_brand AND m_model AND m_kind AND m_price)::int
      FROM scoped GROUP BY 2
    UNION ALL
    SELECT 'PRICE_MIN', floor(min(price))::text, count(*)::int FROM scoped WHERE m_brand AND m_model AND m_kind AND m_available
    UNION ALL
    SELECT 'PRICE_MAX', ceil(max(price))::text, count(*)::int FROM scoped WHERE m_brand AND m_model AND m_kind AND m_available
  `.execute(db);
  return result.rows;
}

function toItems(rows: CountRow[], f: FilterValues, language: Language, prefix: string): FilterItem[] {
  const name = (code: string) => PROPERTY_NAMES[code]?.[language] ?? code;
  const items: FilterItem[] = [];
  for (const code of FILTER_PROPERTY_CODES) {
    const selected = new Set(f[code] ?? []);
    const values = rows
      .filter((r) => r.code === code && r.value)
      .sort((a, b) => (a.value ?? '').localeCompare(b.value ?? '', 'ru'));
    if (values.length === 0) continue;
    items.push({
      ID: code,
      ENCODED_ID: COLUMN[code],
      CODE: code,
      NAME: name(code),
      FILTER_HINT: '',
      PRICE: false,
      DISPLAY_TYPE: 'F',
      VALUES: values.map((r, i) => ({
        CONTROL_ID: `${prefix}${code}_${controlHash(r.value ?? '')}`,
        CONTROL_NAME: `${prefix}${code}`,
        SORT: (i + 1) * 10,
        VALUE: r.value ?? '',
        HTML_VALUE: r.value ?? '',
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
