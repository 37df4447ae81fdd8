import { toLongFilterKey, toShortFilterKey, shortFilterKeys } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { readBrowseState, toProductFilter, writeBrowseState } from './url-state';

describe('filter keys', () => {
  it('maps the prefixed names to the short ones and back', () => {
    expect(toShortFilterKey('arCatalogProductsFilter_BRAND')).toBe('F_BRAND');
    expect(toLongFilterKey('F_BRAND')).toBe('arCatalogProductsFilter_BRAND');
    expect(toShortFilterKey('myPrefix_MODEL', 'myPrefix_')).toBe('F_MODEL');
    expect(toLongFilterKey('F_MODEL', 'myPrefix_')).toBe('myPrefix_MODEL');
    expect(toShortFilterKey('category')).toBe('category');
    expect(shortFilterKeys({ arCatalogProductsFilter_KIND: ['Аналог'], search: 'x' })).toEqual({
      F_KIND: ['Аналог'],
      search: 'x',
    });
  });
});

describe('browse state in the URL', () => {
  it('reads defaults and falls back on invalid page and size', () => {
    const s = readBrowseState(new URLSearchParams('page=0&size=100000&sort=WEIGHT.UP'));
    expect(s).toEqual({ page: 1, size: 60, sort: { key: 'NAME', dir: 'ASC' }, filter: {} });
  });
  it('keeps size=-1: every product of the section (docs/spec/02-screens.md)', () => {
    expect(readBrowseState(new URLSearchParams('size=-1')).size).toBe(-1);
    expect(writeBrowseState(new URLSearchParams(), { size: -1 }).get('size')).toBe('-1');
  });

  it('round-trips filter, sort, page and size', () => {
    const params = writeBrowseState(new URLSearchParams(), {
      page: 3,
      size: 120,
      sort: { key: 'PRICE', dir: 'DESC' },
      filter: { F_BRAND: ['CLAAS', 'Kubota'], F_PRICE_MAX: ['5000'] },
    });
    const s = readBrowseState(params);
    expect(s.page).toBe(3);
    expect(s.size).toBe(120);
    expect(s.sort).toEqual({ key: 'PRICE', dir: 'DESC' });
    expect(toProductFilter(s.filter)).toEqual({ F_BRAND: ['CLAAS', 'Kubota'], F_PRICE_MAX: 5000 });
  });
});
