import {
  CATALOG_PAGE_SIZES,
  DEFAULT_PAGE_SIZE,
  SHORT_FILTER_KEYS,
  parseSortParam,
  type ProductFilterInput,
  type ProductSortKey,
} from '@portal/contract';
import { pageFromQuery, sizeFromQuery } from '../../lib/list-params';

export type ViewMode = 'tile' | 'list' | 'table';
export const VIEWS: ViewMode[] = ['tile', 'list', 'table'];

export interface BrowseState {
  page: number;
  size: number;
  sort: { key: ProductSortKey; dir: 'ASC' | 'DESC' };
  /** Smart-filter values by short key (`F_BRAND` → ['CLAAS']). */
  filter: Record<string, string[]>;
}

/**
 * The catalogue screen lives in its URL (a link reproduces it): `?page=2&size=120&sort=PRICE.DESC&F_BRAND=CLAAS`.
 * Invalid page and size fall back to 1 and 60 (docs/spec/05-validation.md); `size=-1` shows every product.
 */
export function readBrowseState(params: URLSearchParams): BrowseState {
  const filter: Record<string, string[]> = {};
  for (const key of SHORT_FILTER_KEYS) {
    const values = params.getAll(key).filter(Boolean);
    if (values.length) filter[key] = values;
  }
  return {
    page: pageFromQuery(params.get('page')),
    // 60, 120, 240 or -1 (every product of the section, docs/spec/02-screens.md: `/catalog/{id}/?size=-1`).
    size: sizeFromQuery(params.get('size'), DEFAULT_PAGE_SIZE, CATALOG_PAGE_SIZES),
    sort: parseSortParam(params.get('sort')),
    filter,
  };
}

/** The filter product/list expects: checkbox keys as arrays, the price as numbers, availability as Y/N. */
export function toProductFilter(filter: Record<string, string[]>): ProductFilterInput {
  const out: Record<string, unknown> = {};
  for (const [key, values] of Object.entries(filter)) {
    if (key === 'F_PRICE_MIN' || key === 'F_PRICE_MAX') {
      const n = Number(values[0]);
      if (Number.isFinite(n) && n >= 0) out[key] = n;
    } else if (key === 'F_AVAILABLE') {
      if (values[0] === 'Y' || values[0] === 'N') out[key] = values[0];
    } else out[key] = values;
  }
  return out as ProductFilterInput;
}

export function writeBrowseState(params: URLSearchParams, patch: Partial<BrowseState>): URLSearchParams {
  const next = new URLSearchParams(params);
  if (patch.page !== undefined) {
    if (patch.page > 1) next.set('page', String(patch.page));
    else next.delete('page');
  }
  if (patch.size !== undefined) {
    if (patch.size !== DEFAULT_PAGE_SIZE) next.set('size', String(patch.size));
    else next.delete('size');
  }
  if (patch.sort) {
    const value = `${patch.sort.key}.${patch.sort.dir}`;
    if (value !== 'NAME.ASC') next.set('sort', value);
    else next.delete('sort');
  }
  if (patch.filter) {
    for (const key of SHORT_FILTER_KEYS) next.delete(key);
    for (const [key, values] of Object.entries(patch.filter)) for (const v of values) next.append(key, v);
  }
  return next;
}
