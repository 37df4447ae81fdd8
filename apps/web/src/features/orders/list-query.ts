import { pageFromQuery, sizeFromQuery } from '../../lib/list-params';

export const ORDER_SORT_KEYS = ['ID', 'DATE_CREATE', 'PRICE', 'STATUS'] as const;
export type OrderSortKey = (typeof ORDER_SORT_KEYS)[number];
const NUMERIC = new Set(['status', 'company', 'number']);
const RESERVED = new Set(['page', 'size', 'sort']);

/**
 * The `order/list` call of the `/order/` route (docs/spec/02-screens.md): `page`, `size` (default 10 rows, docs/spec/09-constants.md data
 * tables), `sort` as `KEY.DIR` (`?sort=PRICE.DESC`), and every other query parameter passed as a filter —
 * the server answers 400 with a clear message for one it does not know.
 */
export function orderListQuery(params: URLSearchParams) {
  const filter: Record<string, string | number | string[]> = {};
  for (const key of new Set(params.keys())) {
    if (RESERVED.has(key)) continue;
    const values = params.getAll(key).filter((v) => v !== '');
    if (values.length === 0) continue;
    if (NUMERIC.has(key) && values.every((v) => /^\d+$/.test(v))) {
      filter[key] = values.length > 1 && key === 'status' ? (values.map(Number) as never) : Number(values[0]);
    } else filter[key] = values.length > 1 ? values : values[0]!;
  }
  const [key = '', dir = ''] = (params.get('sort') ?? '').toUpperCase().split('.');
  const sort = (ORDER_SORT_KEYS as readonly string[]).includes(key)
    ? { key: key as OrderSortKey, dir: dir === 'ASC' ? ('ASC' as const) : ('DESC' as const) }
    : { key: 'ID' as const, dir: 'DESC' as const };
  return {
    page: pageFromQuery(params.get('page')),
    size: sizeFromQuery(params.get('size'), 10),
    filter,
    sort,
  };
}
