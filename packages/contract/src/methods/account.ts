import { z } from 'zod';
import { ALL_ROLES } from '../roles.js';
import { byIdInput, defineMethod, idSchema, listInput, listResult, onlyRoles } from '../method.js';

/**
 * The dealer's account with the supplier (decision 200): settlements per company and contract from 1C, the
 * ledger and the акт сверки, shipments and closing documents. Every signed-in role may call them; the server
 * shows a dealer only their own companies (a foreign one answers like a missing one), staff every company.
 */

const day = z.iso.date({ error: 'validation.date' });
const contractId = z.string({ error: 'validation.invalid' }).trim().max(200, { error: 'validation.tooLong' });

export const DOCUMENT_TYPES = ['shipment', 'bill', 'invoice', 'payment', 'return', 'order', 'other'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

const billSchema = z.object({
  number: z.string(),
  date: z.string().nullable(),
  sum: z.number(),
  due: z.string().nullable(),
  overdue: z.boolean(),
});

export const contractSchema = z.object({
  id: z.string(),
  number: z.string(),
  name: z.string(),
  currency: z.string(),
  signedOn: z.string().nullable(),
  limit: z.number(),
  used: z.number(),
  available: z.number(),
  debt: z.number(),
  overdue: z.number(),
  deferralDays: z.number(),
  figuresOn: z.string().nullable(),
  bills: z.array(billSchema),
});
export type AccountContract = z.infer<typeof contractSchema>;

export const settlementSchema = z.object({
  counterparty: z.object({ id: z.number(), name: z.string(), inn: z.string() }),
  contracts: z.array(contractSchema),
  totals: z.object({ limit: z.number(), debt: z.number(), overdue: z.number(), available: z.number() }),
});
export type Settlement = z.infer<typeof settlementSchema>;

const ledgerEntry = z.object({
  id: z.number(),
  date: z.string(),
  type: z.enum(DOCUMENT_TYPES),
  number: z.string(),
  operation: z.string(),
  orderId: z.number().nullable(),
  debit: z.number(),
  credit: z.number(),
  balance: z.number(),
});
export type LedgerEntry = z.infer<typeof ledgerEntry>;

const periodInput = {
  counterparty: idSchema,
  contract: contractId.optional(),
  from: day,
  to: day,
};
const checkPeriod = (v: { from: string; to: string }, ctx: z.RefinementCtx) => {
  if (v.from > v.to) ctx.addIssue({ code: 'custom', path: ['to'], message: 'validation.dateOrder' });
};

export const documentFileSchema = z.object({
  id: z.number(),
  name: z.string(),
  size: z.number(),
  contentType: z.string(),
  src: z.string(),
});

const lineSchema = z.object({
  productId: z.number().nullable(),
  article: z.string(),
  name: z.string(),
  quantity: z.number(),
  price: z.number().nullable(),
  sum: z.number().nullable(),
});

export const accountDocumentSchema = z.object({
  id: z.number(),
  type: z.enum(DOCUMENT_TYPES),
  operation: z.string(),
  number: z.string(),
  date: z.string(),
  sum: z.number(),
  currency: z.string(),
  counterparty: z.object({ id: z.number(), name: z.string() }),
  orderId: z.number().nullable(),
  /** The 1C number of an order placed in 1C this document belongs to. */
  orderFrom1C: z.string(),
  carrier: z.string(),
  tracking: z.string(),
  status: z.string(),
  files: z.array(documentFileSchema),
  lines: z.array(lineSchema),
});
export type AccountDocument = z.infer<typeof accountDocumentSchema>;

const documentFilter = z.strictObject({
  order: idSchema.optional(),
  counterparty: idSchema.optional(),
});

export const accountMethods = {
  'settlement/list': defineMethod({
    name: 'settlement/list',
    input: z
      .strictObject({
        counterparty: idSchema.optional(),
        /** The companies of this dealer (staff: the dealer's card, decision 202; a dealer: only themselves). */
        user: idSchema.optional(),
      })
      .optional(),
    result: z.object({ items: z.array(settlementSchema) }),
    access: onlyRoles(ALL_ROLES),
  }),
  'settlement/ledger': defineMethod({
    name: 'settlement/ledger',
    input: z
      .strictObject({
        ...periodInput,
        page: listInput(z.strictObject({})).shape.page,
        size: listInput(z.strictObject({})).shape.size,
      })
      .superRefine(checkPeriod),
    result: listResult(ledgerEntry).extend({ opening: z.number(), closing: z.number() }),
    access: onlyRoles(ALL_ROLES),
  }),
  'settlement/act': defineMethod({
    name: 'settlement/act',
    input: z.strictObject({ ...periodInput, xlsx: z.boolean().optional() }).superRefine(checkPeriod),
    result: z.object({
      counterparty: z.object({ id: z.number(), name: z.string(), inn: z.string() }),
      supplier: z.string(),
      from: z.string(),
      to: z.string(),
      opening: z.number(),
      debit: z.number(),
      credit: z.number(),
      closing: z.number(),
      items: z.array(ledgerEntry),
      file: documentFileSchema.nullable(),
    }),
    access: onlyRoles(ALL_ROLES),
  }),
  'shipment/list': defineMethod({
    name: 'shipment/list',
    input: listInput(documentFilter),
    result: listResult(accountDocumentSchema),
    access: onlyRoles(ALL_ROLES),
  }),
  'document/list': defineMethod({
    name: 'document/list',
    input: listInput(
      documentFilter.extend({ type: z.enum(DOCUMENT_TYPES, { error: 'validation.invalid' }).optional() }),
    ),
    result: listResult(accountDocumentSchema),
    access: onlyRoles(ALL_ROLES),
  }),
  'document/file': defineMethod({
    name: 'document/file',
    input: byIdInput,
    result: documentFileSchema,
    access: onlyRoles(ALL_ROLES),
  }),
};
