import { describe, expect, it } from 'vitest';
import {
  colorCode,
  colorName,
  parseSortParam,
  shortFilterKeys,
  toLongFilterKey,
  toShortFilterKey,
} from './catalog-filter.js';
import { productFilterSchema } from './methods/catalog.js';

describe('smart filter keys', () => {
  it('maps the configurable prefix to F_ and back', () => {
    expect(toShortFilterKey('arCatalogProductsFilter_BRAND')).toBe('F_BRAND');
    expect(toLongFilterKey('F_PRICE_MIN')).toBe('arCatalogProductsFilter_PRICE_MIN');
    expect(toShortFilterKey('shop_MODEL', 'shop_')).toBe('F_MODEL');
    expect(toLongFilterKey('F_MODEL', 'shop_')).toBe('shop_MODEL');
    expect(toShortFilterKey('search')).toBe('search');
    expect(shortFilterKeys({ arCatalogProductsFilter_AVAILABLE: 'Y', category: 3 })).toEqual({
      F_AVAILABLE: 'Y',
      category: 3,
    });
  });
  it('accepts both key forms and refuses unknown ones', () => {
    expect(productFilterSchema.parse({ F_BRAND: 'CLAAS' })).toEqual({ F_BRAND: ['CLAAS'] });
    expect(productFilterSchema.parse({ arCatalogProductsFilter_BRAND: ['a', 'b'] })).toEqual({
      arCatalogProductsFilter_BRAND: ['a', 'b'],
    });
    expect(productFilterSchema.safeParse({ F_COLOUR: ['red'] }).success).toBe(false);
    expect(productFilterSchema.safeParse({ F_PRICE_MIN: -1 }).success).toBe(false);
  });
  it('turns tabs and line breaks of a search into spaces and refuses a huge one', () => {
    expect(productFilterSchema.parse({ search: ' 6005\t-028\n743\u0085 ' }).search).toBe('6005 -028 743');
    expect(productFilterSchema.safeParse({ search: 'x'.repeat(10_000) }).success).toBe(false);
  });
  it('refuses a search with a NUL or a lone surrogate, as every text field (decisions 052, 188)', () => {
    const issues = (search: string) =>
      productFilterSchema.safeParse({ search }).error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues('фил\u0000ьтр')).toEqual([['search', 'validation.controlCharacter']]);
    expect(issues('6005\u0007')).toEqual([['search', 'validation.controlCharacter']]);
    expect(issues('фильтр\ud800')).toEqual([['search', 'validation.illFormedText']]);
    expect(productFilterSchema.parse({ search: 'фильтр 😀' }).search).toBe('фильтр 😀');
  });
  it('reads sorts from the URL form, falling back to NAME.ASC', () => {
    expect(parseSortParam('PRICE.DESC')).toEqual({ key: 'PRICE', dir: 'DESC' });
    expect(parseSortParam('price.asc')).toEqual({ key: 'PRICE', dir: 'ASC' });
    expect(parseSortParam('WEIGHT.DESC')).toEqual({ key: 'NAME', dir: 'ASC' });
    expect(parseSortParam(null)).toEqual({ key: 'NAME', dir: 'ASC' });
  });
  it('reads a colour as its hex code and names it (decision 147)', () => {
    expect(productFilterSchema.parse({ F_COLOR: '#c62828' })).toEqual({ F_COLOR: ['#c62828'] });
    expect(colorCode('#c62828')).toBe('#C62828');
    expect(colorCode('1565c0')).toBe('#1565C0');
    expect(colorCode(' Жёлтый ')).toBe('#F9A825');
    expect(colorCode('желтый')).toBe('#F9A825');
    expect(colorCode('Red')).toBe('#C62828');
    expect(colorCode('Бордо')).toBeNull();
    expect(colorName('#c62828')).toBe('Красный');
    expect(colorName('#C62828', 'en')).toBe('Red');
    expect(colorName('#123456')).toBe('#123456');
  });
});
