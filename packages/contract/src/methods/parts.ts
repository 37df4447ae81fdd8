import { z } from 'zod';
import { ORDER_QUANTITY_MAX } from '../constants.js';
import { CURRENCIES } from '../format.js';
import {
  byIdInput,
  defineMethod,
  emptyInput,
  idSchema,
  listInput,
  listResult,
  okResult,
  onlyRoles,
  permission,
  signedIn,
} from '../method.js';
import { Role } from '../roles.js';
import { optionalText, required } from '../validation.js';
import { basketItemSchema } from './baskets.js';

/** Replacement numbers (decision 205). REPLACED: one-way, order the new one; INTERCHANGEABLE: two-way. */
export const REPLACEMENT_KINDS = ['REPLACED', 'INTERCHANGEABLE'] as const;
export type ReplacementKind = (typeof REPLACEMENT_KINDS)[number];

/** A current part an old number leads to; `chain` runs from the old number to it (A → B → C). */
export const replacementPartSchema = z.object({
  productId: z.number().int(),
  name: z.string(),
  article: z.string(),
  brand: z.string(),
  /** How many of this part stand for one of the old number (a set: 1 old = 2 × A + 1 × B). */
  ratio: z.number().int(),
  chain: z.array(z.string()),
});
export type ReplacementPart = z.infer<typeof replacementPartSchema>;

export const replacementLinkSchema = z.object({
  id: z.number().int(),
  oldArticle: z.string(),
  oldBrand: z.string(),
  /** The active product carrying the number, when the catalogue has one. */
  oldProductId: z.number().int().nullable(),
  newArticle: z.string(),
  newBrand: z.string(),
  newProductId: z.number().int().nullable(),
  kind: z.enum(REPLACEMENT_KINDS),
  ratio: z.number().int(),
  /** `YYYY-MM-DD`, or null: always. */
  effectiveFrom: z.string().nullable(),
  source: z.enum(['MANUAL', 'XLSX', '1C']),
});
export type ReplacementLink = z.infer<typeof replacementLinkSchema>;

export const productReplacementsSchema = z.object({
  id: z.number().int(),
  article: z.string(),
  /** What replaces this product's number now: empty when it is current. */
  current: z.array(replacementPartSchema),
  /** The older numbers that lead to this one (the chain backwards), nearest first. */
  older: z.array(z.object({ article: z.string(), brand: z.string() })),
  /** Every link naming the number on either side. */
  links: z.array(replacementLinkSchema),
});
export type ProductReplacements = z.infer<typeof productReplacementsSchema>;

// A day of the calendar: Date.parse takes 2026-02-31 as 3 March, and the database would refuse it with a 500.
const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'validation.date' })
  .refine((s) => !Number.isNaN(Date.parse(s)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s), {
    error: 'validation.date',
  });

/** One link the back office states on a product's card: this product is the old number (or interchangeable). */
export const replacementInputSchema = z.strictObject({
  article: required(100),
  brand: optionalText(100).optional().default(''),
  kind: z.enum(REPLACEMENT_KINDS),
  ratio: z
    .number({ error: 'validation.replacementRatio' })
    .int({ error: 'validation.replacementRatio' })
    .min(1, { error: 'validation.replacementRatio' })
    .max(10000, { error: 'validation.replacementRatio' })
    .optional()
    .default(1),
  effectiveFrom: isoDate.nullable().optional().default(null),
});
export type ReplacementInput = z.input<typeof replacementInputSchema>;

export const partsMethods = {
  'product/replacements': defineMethod({
    name: 'product/replacements',
    input: byIdInput,
    result: productReplacementsSchema,
    access: permission('product', 'fetch'),
  }),
  /** The back office: the links this product's card states (MANUAL), replaced as a whole. */
  'product/replacements-update': defineMethod({
    name: 'product/replacements-update',
    input: z.strictObject({ id: idSchema, links: z.array(replacementInputSchema).max(50) }),
    result: productReplacementsSchema,
    access: onlyRoles(Role.ADMINS),
  }),
  /**
   * The back office's spreadsheet of links (an uploaded .xlsx, `files/save` first): one link a row; the numbers
   * of the «old» column get the file's links instead of their earlier spreadsheet ones. Refused rows are listed.
   */
  'product/replacements-import': defineMethod({
    name: 'product/replacements-import',
    input: z.strictObject({ fileId: idSchema }),
    result: z.object({
      rows: z.number().int(),
      written: z.number().int(),
      refused: z.array(
        z.object({ row: z.number().int(), oldArticle: z.string(), newArticle: z.string(), message: z.string() }),
      ),
    }),
    access: onlyRoles(Role.ADMINS),
  }),
};

/**
 * Alternatives where stock is short (decision 206): a basket line (or a quick-order line) whose quantity is more
 * than the warehouses hold now (virtual warehouses — «под заказ» — do not count) is offered the in-stock parts
 * that may stand for it: the number's replacement first, then its interchangeable numbers and analogues.
 */
export const ALTERNATIVE_KINDS = ['REPLACEMENT', 'INTERCHANGEABLE', 'ANALOGUE'] as const;
export type AlternativeKind = (typeof ALTERNATIVE_KINDS)[number];

const alternativePrice = z.object({ value: z.number(), currency: z.enum(CURRENCIES) });

export const alternativeSchema = z.object({
  productId: z.number().int(),
  name: z.string(),
  article: z.string(),
  brand: z.string(),
  kind: z.enum(ALTERNATIVE_KINDS),
  /** A replacement's numbers from the line's number to this part (A → B → C); empty for the others. */
  chain: z.array(z.string()),
  /** How many of this part stand for one of the line's (a replacement's ratio; 1 for the others). */
  ratio: z.number().int(),
  price: alternativePrice.nullable(),
  /** What the warehouses hold now (virtual warehouses left out). */
  stock: z.number(),
  /** The part's measurement factor: quantities are its multiples. */
  measureFactor: z.number(),
});
export type Alternative = z.infer<typeof alternativeSchema>;

export const shortLineSchema = z.object({
  /** The basket line; null for a line asked by product (quick order, import). */
  line: z.number().int().nullable(),
  product: z.number().int(),
  amount: z.number().int(),
  /** What the warehouses hold now of the line's product (virtual warehouses left out). */
  stock: z.number(),
  /** What cannot be supplied from stock: amount − stock. */
  missing: z.number(),
  /** The line's product's measurement factor: what stays of a split line is its multiple. */
  measureFactor: z.number(),
  /** In-stock alternatives, best first: the replacement, then by what covers the need, by price (at most 5). */
  alternatives: z.array(alternativeSchema),
});
export type ShortLine = z.infer<typeof shortLineSchema>;

/** Most quick-order lines asked at once. */
export const MAX_ALTERNATIVE_LINES = 1000;

export const alternativeMethods = {
  /**
   * The short lines and their alternatives: of one basket line (`id`), of a whole basket (`basket`: only its
   * short lines are answered), or of products with quantities (`lines`: the quick order and the import).
   */
  'basket-item/alternatives': defineMethod({
    name: 'basket-item/alternatives',
    // One object with one of its three fields (not a union), so an unknown field is refused by its name.
    input: z
      .strictObject({
        id: idSchema.optional(),
        basket: idSchema.optional(),
        lines: z
          .array(z.strictObject({ product: idSchema, amount: z.number().int().min(1).max(ORDER_QUANTITY_MAX) }))
          .min(1)
          .max(MAX_ALTERNATIVE_LINES)
          .optional(),
      })
      .refine((v) => [v.id, v.basket, v.lines].filter((x) => x !== undefined).length === 1, {
        error: 'validation.invalid',
        path: ['basket'],
      }),
    result: z.object({ items: z.array(shortLineSchema) }),
    access: permission('basket', 'fetch'),
  }),
  /** The line's product is replaced by the alternative, its quantity × ratio (added to a line it already has). */
  'basket-item/swap': defineMethod({
    name: 'basket-item/swap',
    input: z.strictObject({ id: idSchema, product: idSchema }),
    result: z.object({ removed: z.number().int(), item: basketItemSchema }),
    access: permission('basket', 'update'),
  }),
  /** The line keeps what is in stock; the rest goes to the alternative (× ratio). */
  'basket-item/split': defineMethod({
    name: 'basket-item/split',
    input: z.strictObject({ id: idSchema, product: idSchema }),
    result: z.object({ item: basketItemSchema, added: basketItemSchema }),
    access: permission('basket', 'update'),
  }),
};

/**
 * Expected arrivals (decision 207): what is expected of a product, per warehouse and date, from 1C's offers
 * (`ОжидаемыеПоступления`) or the back office; shown as «12 шт. в наличии, 40 ожидается 12.12».
 */
export const arrivalSchema = z.object({
  /** `YYYY-MM-DD`. */
  date: z.string(),
  quantity: z.number(),
  /** The warehouse, when the source named one. */
  store: z.number().int().nullable(),
  storeName: z.string(),
  /** Who stated it: 1C's offers, or the back office (`product/arrivals-update` replaces only `MANUAL` rows). */
  source: z.enum(['MANUAL', '1C']),
});
export type Arrival = z.infer<typeof arrivalSchema>;

export const productArrivalsSchema = z.object({
  product: z.number().int(),
  /** What the warehouses hold now (virtual warehouses left out). */
  stock: z.number(),
  arrivals: z.array(arrivalSchema),
  /** The caller asked to be told when it is in stock, and has not been told yet. */
  subscribed: z.boolean(),
});
export type ProductArrivals = z.infer<typeof productArrivalsSchema>;

export const arrivalInputSchema = z.strictObject({
  store: idSchema.nullable().optional().default(null),
  date: isoDate,
  quantity: z
    .number({ error: 'validation.number' })
    .positive({ error: 'validation.quantityRange' })
    .max(1e9, { error: 'validation.quantityRange' }),
});
export type ArrivalInput = z.input<typeof arrivalInputSchema>;

/** A dealer's «сообщить о поступлении»: open until the product is in stock, then told once and ended. */
export const arrivalSubscriptionSchema = z.object({
  id: z.number().int(),
  product: z.number().int(),
  article: z.string(),
  name: z.string(),
  brand: z.string(),
  dateCreate: z.string(),
  /** When the dealer was told; null: still waiting. */
  notifiedAt: z.string().nullable(),
});
export type ArrivalSubscription = z.infer<typeof arrivalSubscriptionSchema>;

export const MAX_ARRIVAL_PRODUCTS = 1000;

export const arrivalMethods = {
  /** The expected arrivals of products (a list page, a card, a basket's lines), and whether the caller waits for them. */
  'product/arrivals': defineMethod({
    name: 'product/arrivals',
    input: z.strictObject({ ids: z.array(idSchema).min(1).max(MAX_ARRIVAL_PRODUCTS) }),
    result: z.object({ items: z.array(productArrivalsSchema) }),
    access: permission('product', 'fetch'),
  }),
  /** The back office: the product's expected arrivals set by hand (its `MANUAL` rows, replaced as a whole). */
  'product/arrivals-update': defineMethod({
    name: 'product/arrivals-update',
    input: z.strictObject({ id: idSchema, arrivals: z.array(arrivalInputSchema).max(50) }),
    result: productArrivalsSchema,
    access: onlyRoles(Role.ADMINS),
  }),
  /** The warehouses an arrival set by hand may name (the back office's editor), in their order. */
  'product/arrival-stores': defineMethod({
    name: 'product/arrival-stores',
    input: emptyInput,
    result: z.object({
      items: z.array(z.object({ id: z.number().int(), name: z.string(), isVirtual: z.boolean() })),
    }),
    access: onlyRoles(Role.ADMINS),
  }),
  'arrival-subscription/list': defineMethod({
    name: 'arrival-subscription/list',
    input: listInput(z.strictObject({ waiting: z.boolean().optional() }), ['DATE_CREATE']),
    result: listResult(arrivalSubscriptionSchema),
    access: signedIn,
  }),
  /** Asks to be told when the product is in stock; asking again while waiting answers the same request. */
  'arrival-subscription/create': defineMethod({
    name: 'arrival-subscription/create',
    input: z.strictObject({ product: idSchema }),
    result: arrivalSubscriptionSchema,
    access: signedIn,
  }),
  'arrival-subscription/delete': defineMethod({
    name: 'arrival-subscription/delete',
    input: byIdInput,
    result: okResult,
    access: signedIn,
  }),
};
