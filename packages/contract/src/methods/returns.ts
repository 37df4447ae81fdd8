import { z } from 'zod';
import {
  byIdInput,
  defineMethod,
  idSchema,
  listInput,
  listResult,
  okResult,
  permission,
  wireNumber,
} from '../method.js';
import { dealerCompanyFilter } from './staff-filter.js';
import { optionalText, required } from '../validation.js';
import { fileIdsField, fileSchema } from './files.js';

export const returnStatusSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  description: z.string(),
  /** MUI chip colour: default, info, warning, success, error. */
  color: z.string(),
});
export type ReturnStatus = z.infer<typeof returnStatusSchema>;

const personSchema = z.object({ id: z.number().int(), name: z.string(), email: z.string() });

/** Goods return of docs/spec/03-entities.md. */
export const goodReturnSchema = z.object({
  id: z.number().int(),
  dateCreate: z.string(),
  order: z.object({ id: z.number().int(), title: z.string() }),
  product: z.object({ id: z.number().int().nullable(), name: z.string(), article: z.string() }),
  quantity: z.number().int(),
  status: returnStatusSchema,
  photos: z.array(fileSchema),
  user: personSchema,
  /** The company of the order (its counterparty), else the dealer's profile company; shown to staff. */
  company: z.string(),
  packageNumber: z.string(),
  productDeliveryDate: z.string().nullable(),
  reason: z.string(),
  comment: z.string(),
  commentsCount: z.number().int(),
});
export type GoodReturn = z.infer<typeof goodReturnSchema>;

/** Return comment of docs/spec/03-entities.md. */
export const returnCommentSchema = z.object({
  id: z.number().int(),
  dateCreate: z.string(),
  text: z.string(),
  status: returnStatusSchema.nullable(),
  photos: z.array(fileSchema),
  goodReturn: z.object({ id: z.number().int(), authorEmail: z.string() }),
  user: personSchema.nullable(),
});
export type ReturnComment = z.infer<typeof returnCommentSchema>;

const isoDate = z
  .string({ error: 'validation.date' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'validation.date' })
  .refine((v) => !Number.isNaN(Date.parse(v)), { error: 'validation.date' });

export const returnQuantity = z
  .number({ error: 'validation.number' })
  .int({ error: 'validation.integer' })
  .min(1, { error: 'validation.quantityRange' })
  .max(10000, { error: 'validation.quantityRange' });

/** What a dealer fills in when filing a return; order and product are fixed after that. */
/** The product of a return: nothing chosen (0, empty) says «Выберите товар», not an id rule. */
const chosenProduct = wireNumber('validation.chooseProduct', /^\d{1,10}$/).pipe(
  z
    .number()
    .int({ error: 'validation.chooseProduct' })
    .positive({ error: 'validation.chooseProduct' })
    .max(2 ** 31 - 1, { error: 'validation.chooseProduct' }),
);

export const returnFields = z.strictObject({
  order: idSchema,
  product: chosenProduct,
  quantity: returnQuantity,
  packageNumber: optionalText(100).optional(),
  productDeliveryDate: isoDate.nullable().optional(),
  reason: required(2000),
  comment: optionalText(4000).optional(),
  photos: fileIdsField.optional(),
});
export type ReturnFields = z.infer<typeof returnFields>;

/**
 * docs/spec/07-calls.md `application-good-return/create {id, fields}`: `id` is the order the return is made over (the
 * dialog over the order detail); `fields.order` may say the same or be left out (decision 068).
 */
export const returnCreateInput = z
  .strictObject({ id: idSchema.optional(), fields: returnFields.partial({ order: true }) })
  .superRefine((input, ctx) => {
    if (input.id === undefined && input.fields.order === undefined)
      ctx.addIssue({ code: 'custom', path: ['fields', 'order'], message: 'validation.required' });
    else if (input.id !== undefined && input.fields.order !== undefined && input.id !== input.fields.order)
      ctx.addIssue({ code: 'custom', path: ['fields', 'order'], message: 'validation.invalid' });
  })
  .transform(({ id, fields }) => ({ id, fields: { ...fields, order: (fields.order ?? id)! } }));

export const returnUpdateFields = returnFields.omit({ order: true, product: true }).partial();

/** A line of an order that may be returned: delivered minus what other returns already claim. */
export const returnableProductSchema = z.object({
  orderItemId: z.number().int(),
  productId: z.number().int().nullable(),
  name: z.string(),
  article: z.string(),
  delivered: z.number().int(),
  available: z.number().int(),
  /** Why this line cannot be returned (the order's reason, or all of it already claimed); null = it can. */
  refusal: z.string().nullable(),
});

export const returnableOrderSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  dateCreate: z.string(),
  available: z.number().int(),
  /** The last day of its return period (ISO). */
  returnUntil: z.string(),
});

export const commentFields = z
  .strictObject({
    goodReturn: idSchema,
    text: optionalText(4000).optional(),
    /** Status code: the comment moves the return to it. */
    status: z.string().max(50).optional(),
    photos: fileIdsField.optional(),
  })
  .refine((v) => Boolean(v.text?.trim()) || Boolean(v.status), {
    error: 'validation.commentEmpty',
    path: ['text'],
  });

export const returnsMethods = {
  'application-good-return/list': defineMethod({
    name: 'application-good-return/list',
    input: listInput(
      z.strictObject({ order: idSchema.optional(), status: z.string().max(50).optional(), ...dealerCompanyFilter }),
      ['ID', 'DATE_CREATE'],
    ),
    result: listResult(goodReturnSchema),
    access: permission('returns', 'fetch'),
  }),
  'application-good-return/get': defineMethod({
    name: 'application-good-return/get',
    input: byIdInput,
    result: goodReturnSchema,
    access: permission('returns', 'fetch'),
  }),
  'application-good-return/create': defineMethod({
    name: 'application-good-return/create',
    input: returnCreateInput,
    result: goodReturnSchema,
    access: permission('returns', 'create'),
  }),
  'application-good-return/update': defineMethod({
    name: 'application-good-return/update',
    input: z.strictObject({ id: idSchema, fields: returnUpdateFields }),
    result: goodReturnSchema,
    access: permission('returns', 'update'),
  }),
  'application-good-return/delete': defineMethod({
    name: 'application-good-return/delete',
    input: byIdInput,
    result: okResult,
    access: permission('returns', 'delete'),
  }),
  /** Statuses, the caller's orders with something left to return and, for one order, its returnable lines. */
  'application-good-return/get-fields': defineMethod({
    name: 'application-good-return/get-fields',
    input: z.strictObject({ order: idSchema.optional() }).optional(),
    result: z.object({
      statuses: z.array(returnStatusSchema),
      orders: z.array(returnableOrderSchema),
      products: z.array(returnableProductSchema),
      /** For the order asked about: why its goods cannot be returned (null = they can), and until when. */
      refusal: z.string().nullable(),
      returnUntil: z.string().nullable(),
    }),
    access: permission('returns', 'fetch'),
  }),
  'application-good-return-comment/list': defineMethod({
    name: 'application-good-return-comment/list',
    input: listInput(z.strictObject({ goodreturn: idSchema.optional() }), ['ID', 'DATE_CREATE']),
    result: listResult(returnCommentSchema),
    access: permission('comment', 'fetch'),
  }),
  'application-good-return-comment/get': defineMethod({
    name: 'application-good-return-comment/get',
    input: byIdInput,
    result: returnCommentSchema,
    access: permission('comment', 'fetch'),
  }),
  /** Creates a comment, or updates one when `id` is given (docs/spec/07-calls.md). */
  'application-good-return-comment/create': defineMethod({
    name: 'application-good-return-comment/create',
    input: z.strictObject({ id: idSchema.optional(), fields: commentFields }),
    result: returnCommentSchema,
    access: permission('comment', 'create'),
  }),
  'application-good-return-comment/delete': defineMethod({
    name: 'application-good-return-comment/delete',
    input: byIdInput,
    result: okResult,
    access: permission('comment', 'delete'),
  }),
  'application-good-return-comment/get-fields': defineMethod({
    name: 'application-good-return-comment/get-fields',
    input: z.strictObject({}).optional(),
    result: z.object({ statuses: z.array(returnStatusSchema) }),
    access: permission('comment', 'fetch'),
  }),
};
