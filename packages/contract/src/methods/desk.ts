import { z } from 'zod';
import { Role } from '../roles.js';
import {
  byIdInput,
  DECIMAL_TEXT,
  defineMethod,
  idSchema,
  listInput,
  listResult,
  onlyRoles,
  wireNumber,
} from '../method.js';
import { optionalText } from '../validation.js';
import { resolvedLineSchema } from './baskets.js';
import { fileRefResult, orderSchema } from './orders.js';
import { dealerCompanyFilter } from './staff-filter.js';

/**
 * The supplier's desk (decisions 100, 101 and 193): staff — administrators and employees, the supplier's
 * managers — process every dealer's orders. These are staff methods of their own, so docs/spec/06-roles.md stays as written
 * for `order/*` (dealers and administrators).
 */
const staff = onlyRoles(Role.ADMINS | Role.EMPLOYEES);

/**
 * Status moves staff may make at the desk (decision 193), by status code: from → the codes it may move to.
 * 1C, the master of statuses, is not bound. A status code outside this table moves freely, except out of a
 * terminal status (below).
 */
export const STAFF_STATUS_MOVES: Readonly<Record<string, readonly string[]>> = {
  N: ['A', 'P', 'S', 'F', 'C'],
  A: ['N', 'P', 'S', 'F', 'C'],
  P: ['N', 'A', 'S', 'F', 'C'],
  S: ['N', 'A', 'P', 'F'],
  F: ['N', 'A', 'P', 'S'],
  C: ['N', 'A', 'P'],
};

/**
 * Statuses left only with a confirmation and a reason the dealer is told (decision 193); the step from
 * «Отгружен» to «Выполнен» is the order's normal course and needs neither.
 */
export const CONFIRMED_STATUS_EXITS: readonly string[] = ['C', 'S', 'F'];

/** Whether a move from one status code to another needs the confirmation and a reason (decision 193). */
export function statusMoveNeedsReason(from: string, to: string): boolean {
  if (from === to || !CONFIRMED_STATUS_EXITS.includes(from)) return false;
  return !(from === 'S' && to === 'F');
}

/** Whether staff may move an order from one status code to another at the desk (decision 193). */
export function staffMayMoveStatus(from: string, to: string): boolean {
  const moves = STAFF_STATUS_MOVES[from];
  if (!moves || !Object.hasOwn(STAFF_STATUS_MOVES, to)) return true;
  return from === to || moves.includes(to);
}

/** A flag filter: a boolean, or Y/N as a route's query string carries it. */
const flag = z
  .union([z.boolean(), z.enum(['Y', 'N', 'true', 'false', '1', '0'])], { error: 'validation.invalid' })
  .transform((v) => v === true || v === 'Y' || v === 'true' || v === '1');

const sum = wireNumber('validation.number', DECIMAL_TEXT).pipe(
  z.number().min(0, { error: 'validation.notNegative' }).max(1e12, { error: 'validation.invalid' }),
);

export const deskOrderFilter = z.strictObject({
  /** Text in the dealer's login, name or e-mail (or the dealer's id); text in the company's name or ИНН. */
  ...dealerCompanyFilter,
  dealerId: idSchema.optional(),
  /** The company's id. */
  companyId: idSchema.optional(),
  status: z.union([idSchema, z.array(idSchema).max(50)]).optional(),
  isPayment: flag.optional(),
  isWarning: flag.optional(),
  isCanceled: flag.optional(),
  /** Orders with a dealer's correction waiting for a decision. */
  hasPending: flag.optional(),
  dateFrom: z.iso.date({ error: 'validation.date' }).optional(),
  dateTo: z.iso.date({ error: 'validation.date' }).optional(),
  sumFrom: sum.optional(),
  sumTo: sum.optional(),
  /** An order number, or a part number (any line of the order). */
  search: optionalText(100).optional(),
  /** «Мои дилеры»: orders of the dealers whose personal manager the caller is (decision 199). */
  mine: flag.optional(),
});
export type DeskOrderFilter = z.input<typeof deskOrderFilter>;

export const deskDealerSchema = z.object({ id: z.number(), login: z.string(), name: z.string(), email: z.string() });

/** An order as the desk sees it: the dealer's order plus who the dealer is and what waits. */
export const deskOrderSchema = orderSchema.extend({
  dealer: deskDealerSchema,
  /** Dealer corrections waiting for a decision. */
  pendingCorrections: z.number(),
  /** The bill staff issued: when, and the attached file's name (empty = the generated bill). */
  billIssuedAt: z.string().nullable(),
  billFileName: z.string(),
  /** The attached commercial offer's file name (empty = none; decision 146). */
  offerFileName: z.string(),
});
export type DeskOrder = z.infer<typeof deskOrderSchema>;

const quantity = wireNumber('validation.number', DECIMAL_TEXT).pipe(
  z
    .number()
    .int({ error: 'validation.integer' })
    .min(0, { error: 'validation.notNegative' })
    .max(10000, { error: 'validation.quantityRange' }),
);

/** A line's price at the desk (decision 196), in the order's currency. */
const linePrice = wireNumber('validation.number', DECIMAL_TEXT).pipe(
  z.number().min(0, { error: 'validation.notNegative' }).max(1e9, { error: 'validation.invalid' }),
);
/** A discount off the dealer's price, per cent (decision 196). */
const discountPercent = wireNumber('validation.number', DECIMAL_TEXT).pipe(
  z.number().min(0, { error: 'validation.notNegative' }).max(100, { error: 'validation.invalid' }),
);
/** A part number or a name, as the manager types it to add a line (decision 196). */
const lineQuery = optionalText(100).pipe(z.string().min(1, { error: 'validation.required' }));

export const deskOrderChangeInput = z.strictObject({
  id: idSchema,
  status: idSchema.optional(),
  isPayment: z.boolean({ error: 'validation.invalid' }).optional(),
  isWarning: z.boolean({ error: 'validation.invalid' }).optional(),
  isCanceled: z.boolean({ error: 'validation.invalid' }).optional(),
  /**
   * A line by its id: its quantity (0 takes it out), its price or a discount off the dealer's price (decision
   * 196); a product to add; or a part number or name to add, resolved as the dealer's quick order resolves it
   * (refused when nothing or several parts match).
   */
  lines: z
    .array(
      z.union([
        z.strictObject({
          id: idSchema,
          quantity: quantity.optional(),
          price: linePrice.optional(),
          discountPercent: discountPercent.optional(),
        }),
        z.strictObject({ productId: idSchema, quantity }),
        z.strictObject({ article: lineQuery, quantity }),
      ]),
    )
    .max(1000)
    .optional(),
  /** A message for the dealer (shown in the history, told by notice and e-mail). */
  note: optionalText(2000).optional(),
  /** Leaving «Отменен», «Отгружен» or «Выполнен» (decision 193): the manager confirms it… */
  confirm: z.boolean({ error: 'validation.invalid' }).optional(),
  /** …and says why; the dealer is told the reason with the change. */
  reason: optionalText(1000).optional(),
});
export type DeskOrderChange = z.input<typeof deskOrderChangeInput>;

export const deskSummarySchema = z.object({
  /** Registrations waiting for moderation. */
  registrations: z.number(),
  /** Appeals («Обращения») with no staff answer yet. */
  appeals: z.number(),
  /** Returns with no staff answer yet. */
  returns: z.number(),
  /** Requests («Заявки по номерам деталей») with no staff answer yet. */
  requests: z.number(),
  /** Orders marked «Есть проблемы» and not cancelled. */
  problemOrders: z.number(),
  /** Orders with a dealer's correction waiting for a decision. */
  pendingCorrections: z.number(),
  /** New orders («Новый»), not yet taken. */
  newOrders: z.number(),
});
export type DeskSummary = z.infer<typeof deskSummarySchema>;

export const deskMethods = {
  'desk-order/list': defineMethod({
    name: 'desk-order/list',
    input: listInput(deskOrderFilter, ['ID', 'DATE_CREATE', 'PRICE', 'STATUS']),
    result: listResult(deskOrderSchema),
    access: staff,
  }),
  /** The order with its lines, corrections, history and files. */
  'desk-order/get': defineMethod({
    name: 'desk-order/get',
    input: byIdInput,
    result: deskOrderSchema,
    access: staff,
  }),
  /** Status, flags, lines and a note in one change: one transaction, one history line, the dealer told. */
  'desk-order/change': defineMethod({
    name: 'desk-order/change',
    input: deskOrderChangeInput,
    result: deskOrderSchema,
    access: staff,
  }),
  /**
   * Issue the bill: attach a file the administrator uploaded (files/save), or the generated one (no file).
   * An attached file wins; replacing it by the generated bill needs `replaceFile: true` (decision 131).
   */
  'desk-order/bill': defineMethod({
    name: 'desk-order/bill',
    input: z.strictObject({
      id: idSchema,
      fileId: idSchema.optional(),
      replaceFile: z.boolean().optional(),
      note: optionalText(2000).optional(),
    }),
    result: deskOrderSchema,
    access: staff,
  }),
  /**
   * Attach the order's commercial offer (docs/spec/03-entities.md `commerceOffer`, decision 146): a file the administrator
   * uploaded (files/save) with an optional description, replacing the one attached; `fileId: null` removes it.
   */
  'desk-order/offer': defineMethod({
    name: 'desk-order/offer',
    input: z.strictObject({
      id: idSchema,
      fileId: idSchema.nullable(),
      description: optionalText(255).optional(),
      note: optionalText(2000).optional(),
    }),
    result: deskOrderSchema,
    access: staff,
  }),
  /** Accept or refuse a dealer's correction waiting for a decision. */
  'desk-order/correction': defineMethod({
    name: 'desk-order/correction',
    input: z.strictObject({
      id: idSchema,
      decision: z.enum(['accept', 'refuse'], { error: 'validation.invalid' }),
      reason: optionalText(1000).optional(),
    }),
    result: deskOrderSchema,
    access: staff,
  }),
  /**
   * A part number or a name looked up for a line of the order (decision 196): as the dealer's quick order
   * resolves it (the part, a replaced number's current part, analogues, a prefix), else by name; with the
   * order dealer's prices. Nothing found: 400 with a Russian message.
   */
  'desk-order/find-line': defineMethod({
    name: 'desk-order/find-line',
    input: z.strictObject({ id: idSchema, query: lineQuery }),
    /** One line, or one per part of a set a replaced number stands for. */
    result: z.object({ lines: z.array(resolvedLineSchema) }),
    access: staff,
  }),
  /**
   * Bulk action on the list (decision 196): the same status for the selected orders, each by the rules of
   * decision 193 in its own transaction; answers which moved and which were refused, and why.
   */
  'desk-order/bulk-status': defineMethod({
    name: 'desk-order/bulk-status',
    input: z.strictObject({
      ids: z.array(idSchema).min(1, { error: 'validation.required' }).max(100, { error: 'validation.tooMany' }),
      status: idSchema,
      confirm: z.boolean({ error: 'validation.invalid' }).optional(),
      reason: optionalText(1000).optional(),
    }),
    result: z.object({
      done: z.array(z.number()),
      failed: z.array(z.object({ id: z.number(), message: z.string() })),
    }),
    access: staff,
  }),
  /** The selected orders (`ids`), or every order the filter finds (up to 10 000), as an .xlsx (decision 196). */
  'desk-order/export': defineMethod({
    name: 'desk-order/export',
    input: z.strictObject({
      ids: z.array(idSchema).max(10000, { error: 'validation.tooMany' }).optional(),
      filter: deskOrderFilter.optional(),
    }),
    result: fileRefResult,
    access: staff,
  }),
  /** What waits for staff (the admin dashboard). */
  'desk/summary': defineMethod({
    name: 'desk/summary',
    input: z.strictObject({}).optional(),
    result: deskSummarySchema,
    access: staff,
  }),
};
