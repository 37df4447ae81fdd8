import { z } from 'zod';
import { replacementPartSchema } from './parts.js';
import { dealerCompanyFilter } from './staff-filter.js';
import {
  byIdInput,
  defineMethod,
  idSchema,
  listInput,
  listResult,
  okResult,
  onlyRoles,
  permission,
} from '../method.js';
import { Role } from '../roles.js';
import { optionalText, required } from '../validation.js';

/** docs/spec/04-states.md: on the site → SUCCESS, else processed → PROCESSING, else ERROR. */
export const WISH_STATUSES = ['SUCCESS', 'PROCESSING', 'ERROR'] as const;
export type WishStatus = (typeof WISH_STATUSES)[number];

export function wishStatus(isAvailableCatalog: boolean, isProcessed: boolean): WishStatus {
  if (isAvailableCatalog) return 'SUCCESS';
  return isProcessed ? 'PROCESSING' : 'ERROR';
}

/** Request for a product missing from the catalogue (docs/spec/03-entities.md). */
export const wishSchema = z.object({
  id: z.number().int(),
  dateCreate: z.string(),
  isAvailableCatalog: z.boolean(),
  isProcessed: z.boolean(),
  article: z.string(),
  /** The active catalogue product with the same normalised part number, looked up when read. */
  productId: z.number().int().nullable(),
  productName: z.string().nullable(),
  /** The number is replaced (decision 205): the current part(s) to order instead, with the chain. */
  replaced: z.array(replacementPartSchema).optional(),
  vin: z.string(),
  model: z.string(),
  count: z.number().int(),
  userId: z.number().int(),
  userName: z.string(),
  /** The dealer's company (their profile's), shown to staff beside the dealer. */
  company: z.string(),
  status: z.enum(WISH_STATUSES),
  sentAt: z.string().nullable(),
});
export type Wish = z.infer<typeof wishSchema>;

export const wishCount = z
  .number({ error: 'validation.number' })
  .int({ error: 'validation.integer' })
  .min(1, { error: 'validation.quantityRange' })
  .max(10000, { error: 'validation.quantityRange' });

export const wishLine = z.strictObject({ article: required(100), count: wishCount });

export const wishCreateInput = z.strictObject({
  items: z.array(wishLine).min(1, { error: 'validation.required' }).max(200, { error: 'validation.tooMany' }),
  vin: optionalText(50).optional(),
  model: optionalText(100).optional(),
});

export const wishUpdateFields = z.strictObject({
  article: required(100).optional(),
  count: wishCount.optional(),
  vin: optionalText(50).optional(),
  model: optionalText(100).optional(),
  /** Staff only: the request has been taken into work. */
  isProcessed: z.boolean().optional(),
});

const staff = Role.ADMINS | Role.EMPLOYEES;

export const wishesMethods = {
  'application-empty-product/list': defineMethod({
    name: 'application-empty-product/list',
    input: listInput(
      z.strictObject({
        status: z.enum(WISH_STATUSES).optional(),
        article: z.string().max(100).optional(),
        ...dealerCompanyFilter,
      }),
      ['ID', 'DATE_CREATE'],
    ),
    result: listResult(wishSchema),
    access: permission('wishes', 'fetch'),
  }),
  'application-empty-product/get': defineMethod({
    name: 'application-empty-product/get',
    input: byIdInput,
    result: wishSchema,
    access: permission('wishes', 'fetch'),
  }),
  /** Several part numbers at once, pasted like the quick order. */
  'application-empty-product/create': defineMethod({
    name: 'application-empty-product/create',
    input: wishCreateInput,
    result: z.object({ items: z.array(wishSchema) }),
    access: permission('wishes', 'create'),
  }),
  'application-empty-product/update': defineMethod({
    name: 'application-empty-product/update',
    input: z.strictObject({ id: idSchema, fields: wishUpdateFields }),
    result: wishSchema,
    access: permission('wishes', 'update'),
  }),
  'application-empty-product/delete': defineMethod({
    name: 'application-empty-product/delete',
    input: byIdInput,
    result: okResult,
    access: permission('wishes', 'delete'),
  }),
  'application-empty-product/get-fields': defineMethod({
    name: 'application-empty-product/get-fields',
    input: z.strictObject({}).optional(),
    result: z.object({
      fields: z.array(z.object({ code: z.string(), label: z.string(), type: z.string(), required: z.boolean() })),
    }),
    access: permission('wishes', 'fetch'),
  }),
  /** Sends the request to the supplier's managers. */
  'application-empty-product/send-email': defineMethod({
    name: 'application-empty-product/send-email',
    input: byIdInput,
    result: okResult,
    access: permission('wishes', 'fetch'),
  }),
  /** Staff: answer a request by adding the part to the catalogue (the request turns SUCCESS). */
  'application-empty-product/add-to-catalog': defineMethod({
    name: 'application-empty-product/add-to-catalog',
    input: z.strictObject({ id: idSchema, name: required(200) }),
    result: wishSchema,
    access: onlyRoles(staff),
  }),
};
