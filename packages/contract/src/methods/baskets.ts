import { z } from 'zod';
import { ORDER_QUANTITY_MAX } from '../constants.js';
import { CURRENCIES } from '../format.js';
import {
  byIdInput,
  DECIMAL_TEXT,
  defineMethod,
  idSchema,
  listInput,
  listResult,
  okResult,
  permission,
  wireNumber,
} from '../method.js';
import { optionalText, orderQuantity } from '../validation.js';
import { fieldSchema } from './companies.js';

const money = z.object({ value: z.number(), currency: z.enum(CURRENCIES) });
export type Money = z.infer<typeof money>;

/**
 * A quantity sent to update a line: a whole number up to 10000; below 1 deletes the line (docs/spec/04-states.md).
 * Strings of digits are accepted because forms send what the dealer typed.
 */
export const lineQuantity = wireNumber('validation.number', DECIMAL_TEXT).pipe(
  z.number().int({ error: 'validation.integer' }).max(ORDER_QUANTITY_MAX, { error: 'validation.quantityRange' }),
);

/** A warehouse, sent once per `basket-item/list` answer (lines refer to it by id). */
export const basketStoreSchema = z.object({
  id: z.number(),
  name: z.string(),
  isVirtual: z.boolean(),
});
export type BasketStore = z.infer<typeof basketStoreSchema>;

/** How much of a line's product one warehouse holds; the warehouse is named in the answer's `stores`. */
export const basketLineStoreSchema = z.object({
  id: z.number(),
  amount: z.number(),
});

export const basketSchema = z.object({
  id: z.number(),
  name: z.string(),
  createdAt: z.string(),
  currency: z.string(),
  /** Lines in the basket. */
  count: z.number(),
  /** Sums by currency. */
  totals: z.array(money),
  weightKg: z.number(),
  volumeM3: z.number(),
});
export type Basket = z.infer<typeof basketSchema>;

export const basketItemSchema = z.object({
  id: z.number(),
  basket: z.number().nullable(),
  order: z.number().nullable(),
  product: z.number(),
  productName: z.string(),
  article: z.string(),
  brand: z.string(),
  amount: z.number(),
  priceBuy: money.nullable(),
  sum: money.nullable(),
  measureCode: z.string(),
  measureName: z.string(),
  measureFactor: z.number(),
  availability: z.enum(['Y', 'D', 'N']),
  stock: z.number(),
  /** Warehouses that hold the product (amount > 0), by warehouse id. */
  stores: z.array(basketLineStoreSchema),
  weightKg: z.number().nullable(),
  volumeM3: z.number().nullable(),
  /** The least quantity of this line: its product group's minimum from the settings (docs/spec/09-constants.md), 0 = none. */
  minQuantity: z.number(),
  /** docs/spec/03-entities.md: the product's properties (code, name, value); omitted when it has none. */
  properties: z.array(z.object({ code: z.string(), name: z.string(), value: z.string() })).optional(),
  /** docs/spec/03-entities.md: the line's weight and volume (per unit and for the line); omitted when neither is known. */
  dimensions: z
    .object({
      weightKg: z.number().optional(),
      volumeM3: z.number().optional(),
      totalWeightKg: z.number().optional(),
      totalVolumeM3: z.number().optional(),
    })
    .optional(),
});
export type BasketItem = z.infer<typeof basketItemSchema>;

/** A product a part number may mean, with what the dealer needs to choose: price and availability. */
export const candidateSchema = z.object({
  productId: z.number(),
  name: z.string(),
  article: z.string(),
  brand: z.string(),
  price: money.nullable(),
  availability: z.enum(['Y', 'D', 'N']),
  stock: z.number(),
  /**
   * How the number matched: the product's own number, an analogue's, a prefix, or a replaced number's; `name`:
   * the words of the product's name (the desk's line by name, decision 196).
   */
  match: z.enum(['article', 'analogue', 'prefix', 'replacement', 'name']),
  /**
   * The warehouses holding it (amount > 0), in their order, with names in the answer's language (decision 214):
   * what a dealer's system needs to decide where from; left out when none holds any.
   */
  stores: z.array(z.object({ id: z.number(), code: z.string(), name: z.string(), amount: z.number() })).optional(),
});
export type Candidate = z.infer<typeof candidateSchema>;

export const resolvedLineSchema = z.object({
  /** Line (pasted text) or spreadsheet row number, from 1. */
  row: z.number(),
  article: z.string(),
  quantity: z.number().nullable(),
  status: z.enum(['found', 'several', 'notFound', 'invalid']),
  /**
   * A MESSAGES key: why an invalid line has no part number, or why the quantity of a line (found or not)
   * could not be read — then `quantity` is null and the dealer is asked for it (decision 191).
   */
  message: z.string().optional(),
  /** What was written as the quantity when it could not be read: «abc» in `LF3349 abc`. */
  quantityText: z.string().optional(),
  candidates: z.array(candidateSchema),
  /**
   * The number was replaced (decision 205): the numbers from it to this line's part (A → B → C), and how many
   * of the part stand for one of it. A set gives one line per part, each with the same row.
   */
  replaced: z.object({ chain: z.array(z.string()), ratio: z.number() }).optional(),
});
export type ResolvedLine = z.infer<typeof resolvedLineSchema>;

export const resolveResult = z.object({
  lines: z.array(resolvedLineSchema),
  found: z.number(),
  several: z.number(),
  notFound: z.number(),
  invalid: z.number(),
  /** Sheet the lines came from (imports), and how many rows were skipped as empty. */
  sheet: z.string().optional(),
  skipped: z.number().optional(),
});
export type ResolveResult = z.infer<typeof resolveResult>;

export const MAX_RESOLVE_LINES = 20000;

/** A part number and its quantity as a dealer's system sends them to `basket/resolve` (decision 214). */
export const resolveItemSchema = z.strictObject({
  article: z.string({ error: 'validation.required' }).max(100, { error: 'validation.tooLong' }),
  /** 1…10,000; 1 when left out. */
  quantity: orderQuantity.optional(),
});

const addLine = z.strictObject({ product: idSchema, quantity: orderQuantity });
export const addResult = z.object({
  added: z.number(),
  updated: z.number(),
  failed: z.array(z.object({ product: z.number(), name: z.string(), reason: z.string() })),
  basket: basketSchema,
});
export type AddResult = z.infer<typeof addResult>;

export const basketMethods = {
  'basket/list': defineMethod({
    name: 'basket/list',
    input: listInput(z.strictObject({}), ['ID', 'DATE_CREATE']),
    result: listResult(basketSchema),
    access: permission('basket', 'fetch'),
  }),
  'basket/get': defineMethod({
    name: 'basket/get',
    input: byIdInput,
    result: basketSchema,
    access: permission('basket', 'fetch'),
  }),
  'basket/create': defineMethod({
    name: 'basket/create',
    input: z.strictObject({ name: optionalText(100).optional() }).optional(),
    result: basketSchema,
    access: permission('basket', 'create'),
  }),
  'basket/delete': defineMethod({
    name: 'basket/delete',
    input: byIdInput,
    result: okResult,
    access: permission('basket', 'delete'),
  }),
  'basket/get-fields': defineMethod({
    name: 'basket/get-fields',
    input: z.strictObject({ id: idSchema.optional() }).optional(),
    result: z.object({ fields: z.array(fieldSchema) }),
    access: permission('basket', 'fetch'),
  }),
  'basket/repeat': defineMethod({
    name: 'basket/repeat',
    input: z.strictObject({ basket: idSchema.optional(), order: idSchema }),
    result: addResult,
    access: permission('basket', 'update'),
  }),
  'basket/add': defineMethod({
    name: 'basket/add',
    input: z.strictObject({ id: idSchema, fields: z.array(addLine).min(1).max(20000) }),
    result: addResult,
    access: permission('basket', 'update'),
  }),
  /**
   * Resolves part numbers (quick order; a dealer's system's batch lookup, decision 214): one call for up to
   * 20,000 lines, as pasted `text` (a number and a quantity a line) or as `items` — exactly one of the two.
   */
  'basket/resolve': defineMethod({
    name: 'basket/resolve',
    input: z.strictObject({
      text: z.string().max(2_000_000, { error: 'validation.tooLong' }).optional(),
      items: z.array(resolveItemSchema).max(MAX_RESOLVE_LINES, { error: 'validation.tooLong' }).optional(),
    }),
    result: resolveResult,
    access: permission('basket', 'fetch'),
  }),
  'basket-item/list': defineMethod({
    name: 'basket-item/list',
    input: listInput(
      z.union([z.strictObject({ basket: idSchema }), z.strictObject({ order: idSchema })], {
        error: 'validation.invalid',
      }),
      ['ID', 'NAME'],
    ),
    // The warehouses the lines refer to, once per answer rather than once per line.
    result: listResult(basketItemSchema).extend({ stores: z.array(basketStoreSchema) }),
    access: permission('basket', 'fetch'),
  }),
  'basket-item/get': defineMethod({
    name: 'basket-item/get',
    input: byIdInput,
    result: basketItemSchema,
    access: permission('basket', 'fetch'),
  }),
  'basket-item/create': defineMethod({
    name: 'basket-item/create',
    input: z.strictObject({ basket: idSchema, product: idSchema, amount: orderQuantity }),
    result: basketItemSchema,
    access: permission('basket', 'create'),
  }),
  'basket-item/update': defineMethod({
    name: 'basket-item/update',
    input: z.strictObject({ id: idSchema, amount: lineQuantity }),
    result: z.object({ deleted: z.boolean(), item: basketItemSchema.nullable() }),
    access: permission('basket', 'update'),
  }),
  'basket-item/delete': defineMethod({
    name: 'basket-item/delete',
    input: byIdInput,
    result: okResult,
    access: permission('basket', 'delete'),
  }),
  'product/get-articles-xls': defineMethod({
    name: 'product/get-articles-xls',
    input: z.strictObject({ fileId: idSchema }),
    result: resolveResult,
    access: permission('basket', 'fetch'),
  }),
};
