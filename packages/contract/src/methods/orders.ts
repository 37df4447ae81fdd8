import { z } from 'zod';
import { CURRENCIES } from '../format.js';
import { Role } from '../roles.js';
import {
  byIdInput,
  DECIMAL_TEXT,
  defineMethod,
  idSchema,
  listInput,
  listResult,
  okResult,
  onlyRoles,
  permission,
  signedIn,
  wireNumber,
} from '../method.js';
import { optionalText } from '../validation.js';
import { basketSchema } from './baskets.js';
import { orderHistoryEntrySchema } from '../schemas/order-history.js';

const money = z.object({ value: z.number(), currency: z.enum(CURRENCIES) });
const exceptionSchema = z.object({ id: z.number(), name: z.string(), article: z.string() });

export const orderStatusSchema = z.object({
  id: z.number(),
  code: z.string(),
  type: z.string(),
  name: z.string(),
  color: z.string(),
  description: z.string(),
});
export type OrderStatus = z.infer<typeof orderStatusSchema>;

export const orderItemSchema = z.object({
  id: z.number(),
  productId: z.number().nullable(),
  name: z.string(),
  article: z.string(),
  unit: z.string(),
  quantity: z.number(),
  deliveredQuantity: z.number(),
  price: z.number(),
  sum: z.number(),
  currency: z.string(),
});
export type OrderItem = z.infer<typeof orderItemSchema>;

const ref = z.object({ id: z.number(), name: z.string() });

export const correctiveOrderSchema = z.object({
  id: z.number(),
  dateCreate: z.string(),
  userId: z.number(),
  orderId: z.number(),
  /** PENDING until the manager decides (decision 100); ACCEPTED applies the quantities; REFUSED leaves them. */
  status: z.enum(['PENDING', 'ACCEPTED', 'REFUSED']),
  /** Why it was refused (empty otherwise). */
  reason: z.string(),
  decidedAt: z.string().nullable(),
  products: z.array(
    z.object({
      id: z.number(),
      afterCount: z.number(),
      beforeCount: z.number(),
      productId: z.number().nullable(),
      name: z.string(),
      article: z.string(),
    }),
  ),
});
export type CorrectiveOrder = z.infer<typeof correctiveOrderSchema>;

/** An order as docs/spec/03-entities.md names its fields. */
export const orderSchema = z.object({
  id: z.number(),
  dateCreate: z.string(),
  isPayment: z.boolean(),
  isWarning: z.boolean(),
  isCanceled: z.boolean(),
  user: ref,
  price: z.number(),
  currency: z.string(),
  totals: z.array(money),
  status: orderStatusSchema,
  counterparty: ref.nullable(),
  payments: z.array(ref),
  shipments: z.array(ref.extend({ isPickup: z.boolean() })),
  deliveryAddress: z.string(),
  /** A pickup order's warehouse, as it was when the order was placed (decision 064). */
  pickupPoint: z
    .object({ id: z.number().nullable(), name: z.string(), address: z.string(), working: z.string() })
    .nullable(),
  bill: z.object({ id: z.number(), src: z.string(), description: z.string() }).nullable(),
  /**
   * docs/spec/03-entities.md: the commercial offer document staff attached (decision 146): the file's id, where the order's dealer
   * opens it, and its description (the file's name when staff gave none); omitted while the order has none.
   */
  commerceOffer: z.object({ id: z.number(), src: z.string(), description: z.string() }).optional(),
  /** docs/spec/03-entities.md: the order's properties (code, name, value) that are filled in; omitted when none is. */
  properties: z.array(z.object({ code: z.string(), name: z.string(), value: z.string() })).optional(),
  totalVolume: z.object({ valueM3: z.number(), exceptions: z.array(exceptionSchema) }),
  totalWeight: z.object({ valueKg: z.number(), exceptions: z.array(exceptionSchema) }),
  VINTehniki: z.string(),
  modelTehniki: z.string(),
  /** «Машина стоит» (decision 209): the dealer marked the order urgent, for the machine below. */
  urgent: z.boolean(),
  /** The dealer's machine the order was placed for, as it was then (decision 209); null when none was chosen. */
  machine: z
    .object({ id: z.number(), name: z.string(), model: z.string(), serial: z.string(), year: z.number().nullable() })
    .nullable(),
  userDescription: z.string(),
  lineCount: z.number(),
  /** Whether the dealer may still correct the order's lines (its status, paid and cancelled flags; decision 060). */
  canCorrect: z.boolean(),
  /** Why it may not (in the caller's language), empty while it may. */
  correctionRefusal: z.string(),
  /** Detail only (decision 061): whether the dealer may file a return on the order's goods now. */
  canReturn: z.boolean().optional(),
  /** Why not (not shipped, period over, cancelled), in the caller's language; empty while they may. */
  returnRefusal: z.string().optional(),
  /** The last day of the return period (ISO), once shipped. */
  returnUntil: z.string().nullable().optional(),
  items: z.array(orderItemSchema).optional(),
  corrections: z.array(correctiveOrderSchema).optional(),
  /** «Изменения»: every change of the order, oldest first (detail only). */
  history: z.array(orderHistoryEntrySchema).optional(),
  files: z.array(z.object({ id: z.number(), name: z.string(), size: z.number(), src: z.string() })).optional(),
  /** Placed in 1C (by phone, by a manager; decision 202): read-only on the portal, marked «Заказ из 1С». */
  from1C: z.boolean().optional(),
  /** The number 1C gave the order, when it has one. */
  number1C: z.string().optional(),
  /** How much of the order 1C has shipped (decision 202): none, partly, full. */
  shipState: z.enum(['none', 'partly', 'full']).optional(),
});
export type Order = z.infer<typeof orderSchema>;

/** Checkout fields (docs/spec/04-states.md order/create {fields}). The basket is the dealer's active one. */
export const orderFieldsInput = z.strictObject({
  basket: idSchema,
  company: idSchema,
  paySystem: idSchema,
  shipping: idSchema,
  address: optionalText(1000).optional().default(''),
  /** The pickup warehouse (a «Склады» entry) when the shipping is a pickup (decision 064). */
  storage: idSchema.optional(),
  vin: z
    .string({ error: 'validation.invalid' })
    .trim()
    .toUpperCase()
    .regex(/^([A-HJ-NPR-Z0-9]{17})?$/, { error: 'validation.vin' })
    .optional()
    .default(''),
  model: optionalText().optional().default(''),
  comment: optionalText(2000).optional().default(''),
  files: z.array(idSchema).max(10).optional().default([]),
  /** One of the dealer's machines (decision 208): its VIN and model fill `vin` and `model` when those are empty. */
  machine: idSchema.optional(),
  /** «Машина стоит» (decision 209): urgent, with the machine that is down (`machine` is then required). */
  urgent: z.boolean({ error: 'validation.invalid' }).optional().default(false),
});
export type OrderFields = z.input<typeof orderFieldsInput>;

const formFieldSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.string(),
  required: z.boolean(),
  value: z.string(),
  options: z.array(
    z.object({
      value: z.string(),
      title: z.string(),
      isPickup: z.boolean().optional(),
      /** A pickup warehouse's address and hours. */
      description: z.string().optional(),
    }),
  ),
});

/** The checkout summary: the basket priced for a payment method, the way order/create will price it. */
export const orderPreviewSchema = z.object({
  basket: z.number(),
  paySystem: z.number(),
  items: z.array(
    z.object({
      /** Basket line id. */
      id: z.number(),
      productId: z.number(),
      name: z.string(),
      article: z.string(),
      unit: z.string(),
      quantity: z.number(),
      price: z.number().nullable(),
      sum: z.number().nullable(),
      currency: z.string(),
      /** Why the line cannot be ordered (it stops the checkout): out of the catalogue, or no price. */
      problem: z.enum(['unavailable', 'noPrice']).nullable(),
    }),
  ),
  totals: z.array(money),
  /** The order's sum: the currency most of the sum is in; others are listed in totals. */
  price: z.number(),
  currency: z.string(),
  weightKg: z.number(),
  volumeM3: z.number(),
  /**
   * Why order/create will refuse this basket with this payment method under the thresholds of docs/spec/09-constants.md
   * (decision 140): lines below their group's minimum, a price-type change below its minimum. Empty: none.
   */
  refusals: z.array(z.string()),
});
export type OrderPreview = z.infer<typeof orderPreviewSchema>;

export const fileRefResult = z.object({ path: z.string(), name: z.string(), size: z.number() });

const billLineSchema = z.object({ code: z.string(), label: z.string(), value: z.string() });

export const billSchema = z.object({
  id: z.number(),
  title: z.string(),
  subtitle: z.string(),
  stamp: z.string(),
  /** Rows of requisites: `code` names the row for the layout, `label` is in the page's language. */
  supplier: z.array(billLineSchema),
  buyer: z.array(billLineSchema),
  data: z.array(billLineSchema),
  note: z.string(),
  signers: z.array(z.object({ name: z.string(), position: z.string(), signature: z.string() })),
  items: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      article: z.string(),
      quantity: z.number(),
      unit: z.string(),
      price: z.number(),
      sum: z.number(),
      currency: z.string(),
    }),
  ),
  totals: z.array(z.object({ currency: z.string(), value: z.number(), vat: z.number(), words: z.string() })),
  /** The file staff attached as the bill (it wins over the generated one); null = the generated bill. */
  file: z.object({ path: z.string(), name: z.string() }).nullable(),
});
export type Bill = z.infer<typeof billSchema>;

export const actSchema = z.object({
  id: z.number(),
  orderId: z.number(),
  dateCreate: z.string(),
  subtotal: z.number(),
  currency: z.string(),
  payments: z.array(z.object({ date: z.string(), value: z.number() })),
});

const correctionInput = z.strictObject({
  id: idSchema,
  products: z
    .array(
      z.strictObject({
        id: idSchema,
        count: wireNumber('validation.number', DECIMAL_TEXT).pipe(
          z
            .number()
            .int({ error: 'validation.integer' })
            .min(0, { error: 'validation.notNegative' })
            .max(10000, { error: 'validation.quantityRange' }),
        ),
        delete: z.boolean().optional(),
      }),
    )
    .min(1, { error: 'validation.required' })
    .max(10000),
});

/** An order flag in a filter: a boolean, or Y/N (true/false) as a route query string carries it. */
const flagFilter = z
  .union([z.boolean(), z.enum(['Y', 'N', 'true', 'false', '1', '0'])], { error: 'validation.invalid' })
  .transform((v) => v === true || v === 'Y' || v === 'true' || v === '1');

export const orderFilter = z.strictObject({
  status: z.union([idSchema, z.array(idSchema)]).optional(),
  dateFrom: z.iso.date({ error: 'validation.date' }).optional(),
  dateTo: z.iso.date({ error: 'validation.date' }).optional(),
  company: idSchema.optional(),
  number: idSchema.optional(),
  article: optionalText(100).optional(),
  /** The order flags of docs/spec/04-states.md: paid, has problems, cancelled. */
  isPayment: flagFilter.optional(),
  isWarning: flagFilter.optional(),
  isCanceled: flagFilter.optional(),
  /** Orders placed in 1C (decision 202): only them (true) or only the portal's (false). */
  from1C: flagFilter.optional(),
  /** How much 1C has shipped (decision 202). */
  shipState: z.enum(['none', 'partly', 'full'], { error: 'validation.invalid' }).optional(),
});

export const orderMethods = {
  'order/list': defineMethod({
    name: 'order/list',
    input: listInput(orderFilter, ['ID', 'DATE_CREATE', 'PRICE', 'STATUS']),
    result: listResult(orderSchema),
    access: permission('order', 'fetch'),
  }),
  'order/get': defineMethod({
    name: 'order/get',
    input: byIdInput,
    result: orderSchema,
    access: permission('order', 'fetch'),
  }),
  'order/get-fields': defineMethod({
    name: 'order/get-fields',
    input: z.strictObject({}).optional(),
    result: z.object({ fields: z.array(formFieldSchema) }),
    access: permission('order', 'create'),
  }),
  'order/create': defineMethod({
    name: 'order/create',
    input: z.strictObject({
      fields: orderFieldsInput,
      /** One key per checkout screen: a repeated submit with it returns the same order. */
      idempotencyKey: z.string().min(8).max(100).optional(),
    }),
    result: z.object({
      id: z.number(),
      order: orderSchema,
      basket: basketSchema.nullable(),
      /** The credit rule's warning (decision 201): the order is placed beyond the credit or with overdue debt. */
      creditWarning: z.string().optional(),
    }),
    access: permission('order', 'create'),
  }),
  /** The checkout summary for the form's payment method: lines, sums and totals as order/create will fix them. */
  'order/preview': defineMethod({
    name: 'order/preview',
    input: z.strictObject({ basket: idSchema, paySystem: idSchema }),
    result: orderPreviewSchema,
    access: permission('order', 'create'),
  }),
  'order/file': defineMethod({
    name: 'order/file',
    input: byIdInput,
    result: fileRefResult,
    access: permission('order', 'fetch'),
  }),
  /** Back office: an employee or administrator moves an order to another status. */
  'order/set-status': defineMethod({
    name: 'order/set-status',
    input: z.strictObject({
      id: idSchema,
      status: idSchema,
      /** Leaving «Отменен», «Отгружен» or «Выполнен» takes a confirmation and a reason (decision 193). */
      confirm: z.boolean({ error: 'validation.invalid' }).optional(),
      reason: optionalText(1000).optional(),
    }),
    result: orderSchema,
    access: onlyRoles(Role.ADMINS | Role.EMPLOYEES),
  }),
  'order-status/list': defineMethod({
    name: 'order-status/list',
    input: z.strictObject({}).optional(),
    result: z.object({ items: z.array(orderStatusSchema) }),
    access: signedIn,
  }),
  'bill/get': defineMethod({
    name: 'bill/get',
    input: byIdInput,
    result: billSchema,
    access: permission('bill', 'fetch'),
  }),
  'bill/file': defineMethod({
    name: 'bill/file',
    input: byIdInput,
    result: fileRefResult,
    access: permission('bill', 'fetch'),
  }),
  'act/list': defineMethod({
    name: 'act/list',
    input: listInput(z.strictObject({ order: idSchema.optional() }), ['ID']),
    result: listResult(actSchema),
    access: permission('act', 'fetch'),
  }),
  'act/get': defineMethod({
    name: 'act/get',
    input: byIdInput,
    result: actSchema,
    access: permission('act', 'fetch'),
  }),
  'corrective-order/list': defineMethod({
    name: 'corrective-order/list',
    input: listInput(z.strictObject({ order: idSchema.optional() }), ['ID']),
    result: listResult(correctiveOrderSchema),
    access: permission('corrective', 'fetch'),
  }),
  'corrective-order/get': defineMethod({
    name: 'corrective-order/get',
    input: byIdInput,
    result: correctiveOrderSchema,
    access: permission('corrective', 'fetch'),
  }),
  /** {id: order id, products: [{id: order line id, count, delete}]} */
  'corrective-order/create': defineMethod({
    name: 'corrective-order/create',
    input: correctionInput,
    result: correctiveOrderSchema,
    access: permission('corrective', 'create'),
  }),
  /** {id: corrective order id, products}: a correction not yet accepted is replaced. */
  'corrective-order/update': defineMethod({
    name: 'corrective-order/update',
    input: correctionInput,
    result: correctiveOrderSchema,
    access: permission('corrective', 'update'),
  }),
  'corrective-order/delete': defineMethod({
    name: 'corrective-order/delete',
    input: byIdInput,
    result: okResult,
    access: permission('corrective', 'delete'),
  }),
};
