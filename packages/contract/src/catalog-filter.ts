import { FILTER_KEY_PREFIX, SHORT_FILTER_KEY_PREFIX } from './constants.js';

/**
 * The catalogue's smart filter (docs/spec/03-entities.md). Filter controls carry long names with a configurable prefix
 * (`arCatalogProductsFilter_BRAND`); the URL and `product/list` use the short form (`F_BRAND`).
 */

/** Properties that drive the filter, in panel order (how each is drawn: FILTER_DISPLAY_TYPES). */
export const FILTER_PROPERTY_CODES = ['BRAND', 'MODEL', 'KIND', 'COLOR'] as const;
export type FilterPropertyCode = (typeof FILTER_PROPERTY_CODES)[number];

/**
 * How each property is drawn (docs/spec/03-entities.md DISPLAY_TYPE): F checkboxes (several values), P a list (one value),
 * R colour swatches (one value; VALUE a CSS colour). A machine model is one per machine: a list; a part's
 * colour (the product property COLOR, a hex code, decision 147) is a swatch.
 */
export const FILTER_DISPLAY_TYPES: Record<FilterPropertyCode, 'F' | 'P' | 'R'> = {
  BRAND: 'F',
  MODEL: 'P',
  KIND: 'F',
  COLOR: 'R',
};

/**
 * The colours a product's COLOR property may name, by hex code (decision 147): what the filter's swatch and
 * the product card call it. A code not listed here is shown as the code itself.
 */
export const PRODUCT_COLORS: Record<string, { ru: string; en: string }> = {
  '#2E7D32': { ru: 'Зелёный', en: 'Green' },
  '#C62828': { ru: 'Красный', en: 'Red' },
  '#1565C0': { ru: 'Синий', en: 'Blue' },
  '#F9A825': { ru: 'Жёлтый', en: 'Yellow' },
  '#6A1B9A': { ru: 'Фиолетовый', en: 'Violet' },
  '#EF6C00': { ru: 'Оранжевый', en: 'Orange' },
  '#212121': { ru: 'Чёрный', en: 'Black' },
  '#9E9E9E': { ru: 'Серый', en: 'Grey' },
  '#FAFAFA': { ru: 'Белый', en: 'White' },
};

/** A colour as the COLOR property keeps it: a hex code (`#c62828`, `C62828`) or a known colour's name; else null. */
export function colorCode(text: string): string | null {
  const t = text.trim();
  if (/^#?[0-9a-f]{6}$/i.test(t)) return `#${t.replace('#', '').toUpperCase()}`;
  const name = t.toLowerCase().replace(/ё/g, 'е');
  const found = Object.entries(PRODUCT_COLORS).find(([, n]) =>
    [n.ru, n.en].some((x) => x.toLowerCase().replace(/ё/g, 'е') === name),
  );
  return found ? found[0] : null;
}

/** A colour's name in a language, by its hex code (any case); the code itself when it is not a known colour. */
export function colorName(hex: string, language: 'ru' | 'en' = 'ru'): string {
  return PRODUCT_COLORS[hex.toUpperCase()]?.[language] ?? hex;
}

/** Every short filter key product/list and product/get-filter accept besides category, id and search. */
export const SHORT_FILTER_KEYS = [
  ...FILTER_PROPERTY_CODES.map((c) => `${SHORT_FILTER_KEY_PREFIX}${c}` as const),
  'F_PRICE_MIN',
  'F_PRICE_MAX',
  'F_AVAILABLE',
  /** «Для моей техники» (decision 208): the dealer's machine ids, or `all`; narrows through the MODEL facet. */
  'F_MACHINE',
] as const;
export type ShortFilterKey = (typeof SHORT_FILTER_KEYS)[number];

/** `arCatalogProductsFilter_BRAND` → `F_BRAND`; a key without the prefix is returned as it is. */
export function toShortFilterKey(key: string, prefix: string = FILTER_KEY_PREFIX): string {
  return prefix && key.startsWith(prefix) ? SHORT_FILTER_KEY_PREFIX + key.slice(prefix.length) : key;
}

/** `F_BRAND` → `arCatalogProductsFilter_BRAND`; a key without the short prefix is returned as it is. */
export function toLongFilterKey(key: string, prefix: string = FILTER_KEY_PREFIX): string {
  return key.startsWith(SHORT_FILTER_KEY_PREFIX) ? prefix + key.slice(SHORT_FILTER_KEY_PREFIX.length) : key;
}

/** Renames every prefixed key of a filter object to its short name (values untouched). */
export function shortFilterKeys<T>(filter: Record<string, T>, prefix: string = FILTER_KEY_PREFIX): Record<string, T> {
  const out: Record<string, T> = {};
  for (const [k, v] of Object.entries(filter)) out[toShortFilterKey(k, prefix)] = v;
  return out;
}

/** Sorts the catalogue offers; the web shows each as ascending and descending options. */
export const PRODUCT_SORT_KEYS = ['NAME', 'PRICE', 'ARTICLE', 'BRAND', 'AVAILABLE'] as const;
export type ProductSortKey = (typeof PRODUCT_SORT_KEYS)[number];

/** `NAME.ASC` (the URL form) ↔ `{NAME: 'ASC'}`; anything unknown gives the default sort. */
export function parseSortParam(value: string | null | undefined): { key: ProductSortKey; dir: 'ASC' | 'DESC' } {
  const [key = '', dir = ''] = (value ?? '').toUpperCase().split('.');
  const known = (PRODUCT_SORT_KEYS as readonly string[]).includes(key);
  return known ? { key: key as ProductSortKey, dir: dir === 'DESC' ? 'DESC' : 'ASC' } : { key: 'NAME', dir: 'ASC' };
}
