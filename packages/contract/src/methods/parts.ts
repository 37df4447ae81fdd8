import { z } from 'zod';
import { byIdInput, defineMethod, idSchema, onlyRoles, permission } from '../method.js';
import { Role } from '../roles.js';
import { optionalText, required } from '../validation.js';

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

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'validation.date' })
  .refine((s) => !Number.isNaN(Date.parse(s)), { error: 'validation.date' });

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
