import type { z } from 'zod';
import { formatPrice, type Currency } from './format.js';
import type { Language } from './constants.js';
import type {
  availabilitySchema,
  CatalogDict,
  LeanProduct,
  LeanProductDetail,
  LeanProductList,
  Product,
  ProductDetail,
  ProductPrice,
} from './methods/catalog.js';

/** The lean catalogue answers (decision 160) back into the products the screens read: nothing is lost. */

type Availability = z.infer<typeof availabilitySchema>;

/** docs/spec/03-entities.md: Y when a real warehouse holds some, D when only a virtual one does (on order), else N. */
export function availabilityOfStock(amounts: Array<{ amount: number; isVirtual: boolean }>): {
  quantity: number;
  availability: Availability;
} {
  let real = 0;
  let virtual = 0;
  for (const s of amounts) {
    if (s.isVirtual) virtual += s.amount;
    else real += s.amount;
  }
  return { quantity: real + virtual, availability: real > 0 ? 'Y' : virtual > 0 ? 'D' : 'N' };
}

function priceEntryOf(dict: CatalogDict, paySystemId: number, value: number, currency: Currency, language: Language) {
  const entry: ProductPrice = {
    id: paySystemId,
    name: dict.priceType?.name ?? '',
    value,
    paySystemName: dict.paySystems?.find((p) => p.id === paySystemId)?.name ?? '',
    currency,
    text: formatPrice(value, currency, language),
  };
  return entry;
}

/** One product of a lean answer as the screens read it (every field of `Product`). */
export function expandProduct(p: LeanProduct, dict: CatalogDict, language: Language): Product {
  const unitName = p.unit ?? dict.unit ?? '';
  const unit: { id: string; symbol: string; name?: string } = dict.units?.[unitName] ?? { id: '', symbol: unitName };
  const factor = p.measureFactor ?? 1;
  const stores = (dict.stores ?? []).flatMap((s) => {
    const amount = p.stock?.[String(s.id)];
    return amount === undefined
      ? []
      : [{ id: s.id, code: s.code, name: s.name, unit: unit.symbol, amount, isVirtual: s.isVirtual === true }];
  });
  const { quantity, availability } = availabilityOfStock(stores);
  const currency = p.currency ?? dict.currency ?? 'RUB';
  const names = dict.propertyNames ?? {};
  // In the product's own order (a property code is never a number, so the object keeps it).
  const codes = Object.keys(p.properties ?? {});
  return {
    id: p.id,
    name: p.name,
    article: p.article,
    brand: p.brand,
    previewText: p.previewText ?? '',
    unit: { id: unit.id, name: unit.name ?? unit.symbol, symbol: unit.symbol },
    measureFactor: factor,
    displaySymbol: factor === 1 ? unit.symbol : `${unit.symbol} ×${factor}`,
    baseDeterminant: factor,
    remainsName: dict.remains?.[availability] ?? '',
    ...(p.price !== undefined ? { priceBuy: { value: p.price, currency } } : {}),
    ...(p.priceInfo !== undefined
      ? { priceInfo: { value: p.priceInfo, currency: p.infoCurrency ?? dict.currency ?? 'RUB' } }
      : {}),
    sectionId: p.sectionId ?? dict.sectionId ?? null,
    photo: (p.photo ?? []).flatMap((i, n) => {
      const photo = dict.photos?.[i];
      return photo ? [{ id: n + 1, ...photo }] : [];
    }),
    properties: codes.map((code) => ({ id: code, code, name: names[code] ?? code, value: p.properties![code]! })),
    weightKg: p.weightKg ?? null,
    volumeM3: p.volumeM3 ?? null,
    price:
      p.price !== undefined && dict.paySystemId !== undefined
        ? priceEntryOf(dict, dict.paySystemId, p.price, currency, language)
        : null,
    needsPaySystem: dict.needsPaySystem === true,
    quantity,
    availability,
    stores,
    isFavorite: p.isFavorite === true,
    ...(p.match ? { match: p.match } : {}),
    ...(p.minQuantity ? { minQuantity: p.minQuantity } : {}),
  };
}

/** A lean list answer (`product/list`, `favorite/list`) with its products expanded. */
export function expandProducts(answer: LeanProductList, language: Language): { count: number; items: Product[] } {
  return { count: answer.count, items: answer.items.map((p) => expandProduct(p, answer.dict, language)) };
}

/** A lean `product/get` answer expanded: the product with its prices, analogues, similar items and trail. */
export function expandProductDetail(answer: LeanProductDetail, language: Language): ProductDetail {
  const { detailText, prices, analogues, similar, breadcrumbs, dict, ...product } = answer;
  return {
    ...expandProduct(product, dict, language),
    detailText: detailText ?? '',
    prices: (prices ?? []).map((p) =>
      priceEntryOf(dict, p.paySystemId, p.value, p.currency ?? dict.currency ?? 'RUB', language),
    ),
    analogues: (analogues ?? []).map((a) => ({ ...a, productId: a.productId ?? null, name: a.name ?? null })),
    similar: (similar ?? []).map((p) => expandProduct(p, dict, language)),
    breadcrumbs: breadcrumbs ?? [],
  };
}

/**
 * The methods that also answer in plain entities (decision 213) and how their lean answer becomes one: the
 * server applies it when the caller asks for `shape: 'entities'` (an API key does by default), so both shapes
 * come from one query and cannot disagree.
 */
export const plainAnswers = {
  'product/list': (answer: LeanProductList, language: Language) => expandProducts(answer, language),
  'product/get': (answer: LeanProductDetail, language: Language) => expandProductDetail(answer, language),
  'favorite/list': (answer: LeanProductList, language: Language) => expandProducts(answer, language),
} as const;

/** The answer a caller gets: the lean one, or its plain entities when `shape` (or an API key) asks for them. */
export function answerInShape(
  method: string,
  answer: unknown,
  shape: 'dict' | 'entities',
  language: Language,
): unknown {
  if (shape !== 'entities' || !Object.hasOwn(plainAnswers, method)) return answer;
  const expand = plainAnswers[method as keyof typeof plainAnswers] as (a: unknown, l: Language) => unknown;
  return expand(answer, language);
}
