import { z } from 'zod';
import { PRODUCT_SORT_KEYS, SHORT_FILTER_KEYS } from '../catalog-filter.js';
import { textFault } from '../control-characters.js';
import { CURRENCIES } from '../format.js';
import {
  byIdInput,
  DECIMAL_TEXT,
  defineMethod,
  idSchema,
  listInput,
  listResult,
  okResult,
  pageSchema,
  permission,
  signedIn,
  sizeSchema,
  WHOLE_NUMBER_TEXT,
  wireNumber,
} from '../method.js';

/** Longest search text accepted; a longer one is a VALIDATION error, not a slow query. */
export const MAX_SEARCH_LENGTH = 200;

// What C1 control characters (U+007F–U+009F) pasted text carries becomes a space, as tabs and line breaks do.
const C1_CONTROL = /[\u007f-\u009f]/g;

/**
 * A search as typed or pasted: tabs, line breaks and runs of spaces become one space. A C0 control character
 * (a NUL) or a lone surrogate is refused like in every other text field (decisions 052, 188), not searched
 * for as a space.
 */
export const searchText = z
  .string({ error: 'validation.invalid' })
  .max(MAX_SEARCH_LENGTH, { error: 'validation.tooLong' })
  .superRefine((s, ctx) => {
    const fault = textFault(s);
    if (fault) ctx.addIssue({ code: 'custom', message: fault, input: s });
  })
  .transform((s) => s.replace(C1_CONTROL, ' ').replace(/\s+/g, ' ').trim());

const filterValue = z.string({ error: 'validation.invalid' }).max(100, { error: 'validation.tooLong' });
/** One value or several (checkbox filters; `?F_BRAND=a&F_BRAND=b`). */
const filterValues = z
  .union([filterValue, z.array(filterValue).max(50, { error: 'validation.tooLong' })])
  .transform((v) => (Array.isArray(v) ? v : [v]));
const priceBound = wireNumber('validation.number', DECIMAL_TEXT).pipe(
  z.number().min(0, { error: 'validation.notNegative' }).max(1e9),
);
const availabilityValue = z.enum(['Y', 'N'], { error: 'validation.invalid' });

const checkboxes = filterValues.optional();
/** «Для моей техники» (decision 208): machine ids or `all` (every machine of the dealer). */
const machineValue = z
  .string({ error: 'validation.invalid' })
  .regex(/^(all|[1-9]\d{0,9})$/, { error: 'validation.invalid' });
const machines = z
  .union([machineValue, z.array(machineValue).max(50, { error: 'validation.tooLong' })])
  .transform((v) => (Array.isArray(v) ? v : [v]))
  .optional();
const price = priceBound.optional();
const availability = availabilityValue.optional();

/**
 * Both names of each smart-filter control: the short one and the one with the default prefix of docs/spec/03-entities.md
 * (`F_BRAND`, `arCatalogProductsFilter_BRAND`). Written out so the input type names every key.
 */
const filterKeysShape = {
  F_BRAND: checkboxes,
  F_MODEL: checkboxes,
  F_KIND: checkboxes,
  F_COLOR: checkboxes,
  F_PRICE_MIN: price,
  F_PRICE_MAX: price,
  F_AVAILABLE: availability,
  F_MACHINE: machines,
  arCatalogProductsFilter_BRAND: checkboxes,
  arCatalogProductsFilter_MODEL: checkboxes,
  arCatalogProductsFilter_KIND: checkboxes,
  arCatalogProductsFilter_COLOR: checkboxes,
  arCatalogProductsFilter_PRICE_MIN: price,
  arCatalogProductsFilter_PRICE_MAX: price,
  arCatalogProductsFilter_AVAILABLE: availability,
  arCatalogProductsFilter_MACHINE: machines,
} satisfies Record<(typeof SHORT_FILTER_KEYS)[number] | `arCatalogProductsFilter_${string}`, z.ZodType>;

/** The product filter: section, ids, search and the smart filter's keys; anything else is refused. */
export const productFilterSchema = z.strictObject({
  /** Section id; products of its subsections are included. */
  category: idSchema.optional(),
  /** An empty list gives an empty result without a query (docs/spec/05-validation.md). */
  id: z.array(idSchema).max(1000, { error: 'validation.tooLong' }).optional(),
  search: searchText.optional(),
  ...filterKeysShape,
});
export type ProductFilter = z.output<typeof productFilterSchema>;
export type ProductFilterInput = z.input<typeof productFilterSchema>;

export const sectionSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  description: z.string(),
  photo: z.object({ src: z.string() }),
  elementCnt: z.number().int(),
  level: z.number().int(),
  /** '0' for a top-level section (docs/spec/03-entities.md). */
  parentId: z.string(),
  sort: z.number().int(),
});
export type Section = z.infer<typeof sectionSchema>;

export const crumbSchema = z.object({ id: z.number().int(), name: z.string() });

export const sectionDetailSchema = sectionSchema.extend({
  children: z.array(sectionSchema),
  /** Ancestors from the top level down, the section itself excluded. */
  breadcrumbs: z.array(crumbSchema),
});

export const currencySchema = z.enum(CURRENCIES);

/** A price entry (docs/spec/03-entities.md): one payment method's price for the user's price type. */
export const productPriceSchema = z.object({
  /** Pay system id. */
  id: z.number().int(),
  /** Price type name. */
  name: z.string(),
  value: z.number(),
  paySystemName: z.string(),
  currency: currencySchema,
  /** Formatted: thousands spaces, two decimals only when fractional, currency symbol. */
  text: z.string(),
});
export type ProductPrice = z.infer<typeof productPriceSchema>;

export const storeAmountSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  unit: z.string(),
  amount: z.number(),
  isVirtual: z.boolean(),
});

export const productPhotoSchema = z.object({
  id: z.number().int(),
  src: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});

export const productPropertySchema = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  value: z.string(),
});

export const MATCH_KINDS = [
  'REPLACED',
  'ARTICLE',
  'ARTICLE_ZEROS',
  'ARTICLE_PREFIX',
  'ARTICLE_PART',
  'ANALOGUE',
  'TEXT',
] as const;
export type MatchKind = (typeof MATCH_KINDS)[number];

/** Why a search found a product: its own number, an analogue's number (with the relation) or its text. */
export const matchSchema = z.object({
  kind: z.enum(MATCH_KINDS),
  /** The number that matched (the product's own or the analogue's). */
  article: z.string().optional(),
  brand: z.string().optional(),
  /** For ANALOGUE: the matched number is this product's original (OEM) or a replacement (ANALOGUE). */
  relation: z.enum(['OEM', 'ANALOGUE']).optional(),
  /** For TEXT: a word was corrected (typo tolerance). */
  fuzzy: z.boolean().optional(),
  /** For REPLACED: the numbers from the one searched to this product (decision 205). */
  chain: z.array(z.string()).optional(),
});
export type ProductMatch = z.infer<typeof matchSchema>;

export const availabilitySchema = z.enum(['Y', 'D', 'N']);

export const productSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  article: z.string(),
  brand: z.string(),
  previewText: z.string(),
  /** docs/spec/03-entities.md: the unit with its id (the OKEI code, 796 for pieces). */
  unit: z.object({ id: z.string(), name: z.string(), symbol: z.string() }),
  measureFactor: z.number(),
  /** docs/spec/03-entities.md «displayed symbol»: the unit as the quantity field shows it («уп. 10 шт» when packed by 10). */
  displaySymbol: z.string(),
  /** docs/spec/03-entities.md «base determinant»: how many base units one ordered unit holds (the measurement factor's base). */
  baseDeterminant: z.number(),
  /** docs/spec/03-entities.md «remains name»: the availability in words, in the page's language. */
  remainsName: z.string(),
  /** docs/spec/03-entities.md buy price: what the user pays per unit (omitted when there is no price). */
  priceBuy: z.object({ value: z.number(), currency: z.string() }).optional(),
  /** The info price of docs/spec/03-entities.md: the base price type's price (same payment method); omitted when absent or equal to priceBuy. */
  priceInfo: z.object({ value: z.number(), currency: z.string() }).optional(),
  sectionId: z.number().int().nullable(),
  photo: z.array(productPhotoSchema),
  properties: z.array(productPropertySchema),
  weightKg: z.number().nullable(),
  volumeM3: z.number().nullable(),
  /** The price for the user's price type and active payment method. */
  price: productPriceSchema.nullable(),
  /** The user has no active payment method: the price shown is the first method's; prompt for a choice. */
  needsPaySystem: z.boolean(),
  quantity: z.number(),
  availability: availabilitySchema,
  stores: z.array(storeAmountSchema),
  isFavorite: z.boolean(),
  match: matchSchema.optional(),
  /** docs/spec/09-constants.md: the least quantity of a tea or coffee product to buy (decision 140); only when it has one. */
  minQuantity: z.number().int().optional(),
});
export type Product = z.infer<typeof productSchema>;

export const analogueSchema = z.object({
  article: z.string(),
  brand: z.string(),
  /** OEM: the original number this product replaces; ANALOGUE: a replacement for this product. */
  kind: z.enum(['OEM', 'ANALOGUE']),
  productId: z.number().int().nullable(),
  name: z.string().nullable(),
});

export const productDetailSchema = productSchema.extend({
  detailText: z.string(),
  /** Every payment method's price for the user's price type. */
  prices: z.array(productPriceSchema),
  analogues: z.array(analogueSchema),
  similar: z.array(productSchema),
  breadcrumbs: z.array(crumbSchema),
});
export type ProductDetail = z.infer<typeof productDetailSchema>;

export const filterValueSchema = z.object({
  CONTROL_ID: z.string(),
  CONTROL_NAME: z.string(),
  SORT: z.number().int(),
  CURRENCY: z.string().optional(),
  VALUE: z.string(),
  HTML_VALUE: z.string(),
  ELEMENT_COUNT: z.number().int(),
  CHECKED: z.boolean().optional(),
});

/** One control of the smart filter (docs/spec/03-entities.md). DISPLAY_TYPE: F checkbox, K radio, P list, R colour; price: A range. */
export const filterItemSchema = z.object({
  ID: z.string(),
  ENCODED_ID: z.string(),
  CODE: z.string(),
  NAME: z.string(),
  FILTER_HINT: z.string(),
  PRICE: z.boolean(),
  DISPLAY_TYPE: z.enum(['F', 'K', 'P', 'R', 'A']),
  VALUES: z.array(filterValueSchema),
});
export type FilterItem = z.infer<typeof filterItemSchema>;

export const priceQuantityStoresSchema = z.object({
  id: z.number().int(),
  price: productPriceSchema.nullable(),
  prices: z.array(productPriceSchema),
  needsPaySystem: z.boolean(),
  quantity: z.number(),
  availability: availabilitySchema,
  stores: z.array(storeAmountSchema),
});

export const suggestionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  article: z.string(),
  brand: z.string(),
  sectionId: z.number().int().nullable(),
  match: matchSchema,
});

/**
 * The catalogue answers on the wire (decision 160): what repeats from product to product — the price
 * type, the payment methods, the warehouses, the units, the property and remains labels, the photos — is named
 * once in the answer's `dict`; a product carries ids and numbers. No nulls, no empty arrays, no `false` flags:
 * a key that would carry one is left out. `expandProducts` / `expandProductDetail` (lean-products.ts) give the screens the full
 * product (`Product`, `ProductDetail`) back, with nothing lost.
 */
export const leanProductSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  article: z.string(),
  brand: z.string(),
  /** Omitted when empty. */
  previewText: z.string().optional(),
  /** The unit's name as stored (a key of `dict.units`); omitted when it is `dict.unit`. */
  unit: z.string().optional(),
  /** Base units per ordered unit; omitted when 1. */
  measureFactor: z.number().optional(),
  /** Omitted when the product has no section or its section is `dict.sectionId`. */
  sectionId: z.number().int().optional(),
  /** Indexes into `dict.photos`, in the product's order; the photo id is its position from 1. */
  photo: z.array(z.number().int()).optional(),
  /** Property code → value (the value of a colour by its name); the labels are `dict.propertyNames`. */
  properties: z.record(z.string(), z.string()).optional(),
  weightKg: z.number().optional(),
  volumeM3: z.number().optional(),
  /** The price for `dict.priceType` and `dict.paySystemId`; omitted when there is none. */
  price: z.number().optional(),
  /** The price's currency when it is not `dict.currency`. */
  currency: z.enum(CURRENCIES).optional(),
  /** The info price of docs/spec/03-entities.md (the base price type's, same payment method), only when it differs from `price`. */
  priceInfo: z.number().optional(),
  /** The info price's currency when it is not `dict.currency`. */
  infoCurrency: z.string().optional(),
  /** Warehouse id → amount, only warehouses holding a stock row; names in `dict.stores`. */
  stock: z.record(z.string(), z.number()).optional(),
  isFavorite: z.literal(true).optional(),
  match: matchSchema.optional(),
  minQuantity: z.number().int().optional(),
});
export type LeanProduct = z.infer<typeof leanProductSchema>;

export const catalogDictSchema = z.object({
  /** The user's price type: every `price` of the answer is in it. */
  priceType: z.object({ id: z.number().int(), name: z.string() }).optional(),
  /** The payment method of every `price` of the answer. */
  paySystemId: z.number().int().optional(),
  /** The payment methods the answer names (the card's `prices` name several). */
  paySystems: z.array(z.object({ id: z.number().int(), name: z.string() })).optional(),
  /** The user has no active payment method: the prices are the first method's; prompt for a choice. */
  needsPaySystem: z.literal(true).optional(),
  /** The currency of the prices that name none. */
  currency: z.enum(CURRENCIES).optional(),
  /** The warehouses in their order (sort, id); `isVirtual` only when true. */
  stores: z
    .array(
      z.object({ id: z.number().int(), code: z.string(), name: z.string(), isVirtual: z.literal(true).optional() }),
    )
    .optional(),
  /**
   * Each unit named by the answer (its stored name): the OKEI code, the symbol in the page's language and, when
   * it differs from the symbol, the full name («Пара (2 шт.)», decision 187).
   */
  units: z.record(z.string(), z.object({ id: z.string(), symbol: z.string(), name: z.string().optional() })).optional(),
  /** The unit of the products that name none. */
  unit: z.string().optional(),
  /** The section of the products that name none. */
  sectionId: z.number().int().optional(),
  photos: z.array(z.object({ src: z.string(), width: z.number().int(), height: z.number().int() })).optional(),
  /** Property code → label, in the order the screens show them. */
  propertyNames: z.record(z.string(), z.string()).optional(),
  /** Availability → its words (docs/spec/03-entities.md «remains name»). */
  remains: z.partialRecord(availabilitySchema, z.string()).optional(),
});
export type CatalogDict = z.infer<typeof catalogDictSchema>;

export const leanProductListSchema = listResult(leanProductSchema).extend({ dict: catalogDictSchema });
export type LeanProductList = z.infer<typeof leanProductListSchema>;

export const leanProductDetailSchema = leanProductSchema.extend({
  detailText: z.string().optional(),
  /** Every active payment method's price for the user's price type. */
  prices: z
    .array(z.object({ paySystemId: z.number().int(), value: z.number(), currency: z.enum(CURRENCIES).optional() }))
    .optional(),
  analogues: z
    .array(
      analogueSchema
        .omit({ productId: true, name: true })
        .extend({ productId: z.number().int().optional(), name: z.string().optional() }),
    )
    .optional(),
  similar: z.array(leanProductSchema).optional(),
  breadcrumbs: z.array(crumbSchema).optional(),
  dict: catalogDictSchema,
});
export type LeanProductDetail = z.infer<typeof leanProductDetailSchema>;

/**
 * Which shape a catalogue answer takes (decision 213): `dict`, the lean shape of decision 160 the web reads, or
 * `entities`, docs/spec/03-entities.md's plain products (price entries with the payment method's name, stock
 * per warehouse with names, photos with their size, the section id) for dealers' systems. A call with an API
 * key gets `entities` unless it asks for `dict`; a session call gets `dict` unless it asks for `entities`.
 */
export const ANSWER_SHAPES = ['dict', 'entities'] as const;
export type AnswerShape = (typeof ANSWER_SHAPES)[number];
export const answerShapeSchema = z.enum(ANSWER_SHAPES, { error: 'validation.invalid' });

/** `product/list`, `favorite/list` in plain entities (decision 213): what `expandProducts` gives. */
export const productListSchema = listResult(productSchema);
export type ProductList = z.infer<typeof productListSchema>;

export const namedSchema = z.object({ id: z.number().int(), name: z.string() });

export const paymentSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  /** The caller's active payment method. */
  isActive: z.boolean(),
});

export const shippingSchema = z.object({ id: z.number().int(), name: z.string(), isPickup: z.boolean() });

export const pricingSchema = z.object({
  userId: z.number().int(),
  login: z.string(),
  fullName: z.string(),
  priceTypeId: z.number().int().nullable(),
  paySystemId: z.number().int().nullable(),
  priceTypes: z.array(namedSchema),
  paySystems: z.array(namedSchema),
  /** Only an administrator changes price types. */
  canChangePriceType: z.boolean(),
});
export type Pricing = z.infer<typeof pricingSchema>;

export const pricingUpdateInput = z.strictObject({
  id: idSchema,
  priceTypeId: idSchema.nullable().optional(),
  paySystemId: idSchema.nullable().optional(),
});

export const catalogMethods = {
  'section/list': defineMethod({
    name: 'section/list',
    input: listInput(
      z.strictObject({
        level: wireNumber('validation.number', WHOLE_NUMBER_TEXT).pipe(z.number().int().min(1).max(10)).optional(),
        parentId: wireNumber('validation.number', WHOLE_NUMBER_TEXT).pipe(z.number().int().min(0)).optional(),
        id: z.array(idSchema).max(1000).optional(),
      }),
      ['SORT', 'NAME'],
    ),
    result: listResult(sectionSchema),
    access: permission('catalog', 'fetch'),
  }),
  'section/get': defineMethod({
    name: 'section/get',
    input: byIdInput,
    result: sectionDetailSchema,
    access: permission('catalog', 'fetch'),
  }),
  'product/list': defineMethod({
    name: 'product/list',
    input: listInput(productFilterSchema, PRODUCT_SORT_KEYS).extend({ shape: answerShapeSchema.optional() }),
    result: leanProductListSchema,
    entities: productListSchema,
    access: permission('product', 'fetch'),
  }),
  'product/get': defineMethod({
    name: 'product/get',
    input: byIdInput.extend({ shape: answerShapeSchema.optional() }),
    result: leanProductDetailSchema,
    entities: productDetailSchema,
    access: permission('product', 'fetch'),
  }),
  'product/get-filter': defineMethod({
    name: 'product/get-filter',
    input: listInput(productFilterSchema),
    result: z.object({ items: z.array(filterItemSchema) }),
    access: permission('filter', 'fetch'),
  }),
  'product/suggest': defineMethod({
    name: 'product/suggest',
    input: z.strictObject({ search: searchText, size: z.number().int().min(1).max(20).optional() }),
    result: z.object({ items: z.array(suggestionSchema) }),
    access: permission('product', 'fetch'),
  }),
  'product/price-quantity-stores': defineMethod({
    name: 'product/price-quantity-stores',
    input: z.strictObject({ id: idSchema, page: pageSchema.optional(), size: sizeSchema.optional() }),
    result: priceQuantityStoresSchema,
    access: permission('prices', 'fetch'),
  }),
  'product/get-kolichestvo-zakazannykh-tovarov': defineMethod({
    name: 'product/get-kolichestvo-zakazannykh-tovarov',
    input: byIdInput,
    result: z.object({ items: z.array(z.object({ date: z.string(), quantity: z.number() })) }),
    access: permission('product', 'fetch'),
  }),
  'favorite/list': defineMethod({
    name: 'favorite/list',
    input: listInput(z.strictObject({}), PRODUCT_SORT_KEYS).extend({ shape: answerShapeSchema.optional() }),
    result: leanProductListSchema,
    entities: productListSchema,
    access: permission('favorite', 'fetch'),
  }),
  'favorite/create': defineMethod({
    name: 'favorite/create',
    input: byIdInput,
    result: z.object({ id: z.number().int(), value: z.boolean() }),
    access: permission('favorite', 'create'),
  }),
  'favorite/delete': defineMethod({
    name: 'favorite/delete',
    input: byIdInput,
    result: okResult,
    access: permission('favorite', 'delete'),
  }),
  'payment/list': defineMethod({
    name: 'payment/list',
    input: listInput(z.strictObject({})),
    result: listResult(paymentSchema),
    access: permission('payment', 'fetch'),
  }),
  'shipping/list': defineMethod({
    name: 'shipping/list',
    input: listInput(z.strictObject({})),
    result: listResult(shippingSchema),
    access: permission('shipping', 'fetch'),
  }),
  'user/pricing-get': defineMethod({
    name: 'user/pricing-get',
    input: byIdInput,
    result: pricingSchema,
    access: signedIn,
  }),
  'user/pricing-update': defineMethod({
    name: 'user/pricing-update',
    input: pricingUpdateInput,
    result: pricingSchema,
    access: signedIn,
  }),
};
