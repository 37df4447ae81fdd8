import { z } from 'zod';
import { defineMethod, idSchema, listInput, listResult, onlyRoles } from '../method.js';
import { Role } from '../roles.js';

/** What one file of an exchange changed (decision 097); absent counts are zero. */
export const exchangeStatsSchema = z.object({
  sections: z.number().int(),
  products: z.number().int(),
  created: z.number().int(),
  hidden: z.number().int(),
  prices: z.number().int(),
  stocks: z.number().int(),
  offers: z.number().int(),
  skipped: z.number().int(),
  orders: z.number().int(),
  exported: z.number().int(),
  /** The account's documents (decision 200), each kind apart (decision 197: the history counts every kind). */
  ordersFrom1C: z.number().int(),
  shipments: z.number().int(),
  bills: z.number().int(),
  invoices: z.number().int(),
  payments: z.number().int(),
  returns: z.number().int(),
  documents: z.number().int(),
  settlements: z.number().int(),
  /** Documents that could not be placed (listed in the session's `unmatched`). */
  unknown: z.number().int(),
});
export type ExchangeStats = z.infer<typeof exchangeStatsSchema>;

/** How a 1C price type or warehouse of the file is taken (decision 187): by Ид, by name, or created. */
export const exchangeMatchSchema = z.object({
  externalId: z.string(),
  name: z.string(),
  match: z.enum(['id', 'name', 'new']),
  /** The portal's price type or warehouse it lands on (its own name when it is new). */
  portalName: z.string(),
});

/**
 * What a file WILL do, computed from its parsed records against the catalogue before anything is written
 * (decision 197): the dry run of a manual upload, and kept for 1C's own exchanges too.
 */
export const exchangeReportSchema = z.object({
  /** A full catalogue (hides what it does not name) or a partial one. */
  full: z.boolean(),
  products: z.object({
    total: z.number().int(),
    added: z.number().int(),
    changed: z.number().int(),
    unchanged: z.number().int(),
    /** Hidden by the full catalogue's switch (not named); products the file marks deleted are among `changed`. */
    hidden: z.number().int(),
    markedDeleted: z.number().int(),
  }),
  sections: z.object({
    total: z.number().int(),
    added: z.number().int(),
    addedNames: z.array(z.string()),
    /** Sections with visible products now and none after (hidden from dealers then). */
    emptied: z.number().int(),
    emptiedNames: z.array(z.string()),
  }),
  priceTypes: z.array(exchangeMatchSchema),
  stores: z.array(exchangeMatchSchema),
  offers: z.object({
    total: z.number().int(),
    unknownProducts: z.number().int(),
    /**
     * Price and stock cells the apply will write or change (decision 227): compared with the catalogue in a
     * manual upload's dry run, filled from the apply for 1C's own exchanges. Absent in reports kept before.
     */
    prices: z.number().int().optional(),
    stocks: z.number().int().optional(),
  }),
  /** Portal price types whose dealers get no price from this file's offers, with how many dealers have each. */
  withoutPrice: z.array(z.object({ priceTypeName: z.string(), dealers: z.number().int() })),
});
export type ExchangeReport = z.infer<typeof exchangeReportSchema>;

/** A document 1C sent that the portal could not place (decision 200): kept and listed, never dropped silently. */
export const exchangeUnmatchedSchema = z.object({
  runId: z.number().int().nullable(),
  externalId: z.string(),
  kind: z.string(),
  number: z.string(),
  reason: z.string(),
});

export const exchangeFileSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.enum(['catalog', 'sale']),
  status: z.enum(['running', 'done', 'failed']),
  error: z.string().nullable(),
  stats: exchangeStatsSchema,
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  /** What the file will do / was to do (decision 197); null for a file not parsed yet or a sale file. */
  report: exchangeReportSchema.nullable(),
});

export const exchangeSessionSchema = z.object({
  id: z.number().int(),
  /** `1c`: the protocol; `manual`: an administrator's upload. */
  source: z.enum(['1c', 'manual']),
  userName: z.string(),
  ip: z.string(),
  startedAt: z.string(),
  lastSeenAt: z.string(),
  /** running: calls still coming (or a file still being imported); failed: a file failed. */
  status: z.enum(['running', 'done', 'failed']),
  /** Files received, including those not imported (pictures, archives). */
  received: z.array(z.object({ name: z.string(), size: z.number() })),
  runs: z.array(exchangeFileSchema),
  totals: exchangeStatsSchema,
  /**
   * A manual upload is reviewed before it applies (decision 197): `pending` — its report is being computed or
   * waits for the administrator; `confirmed` — applied after the confirmation; `discarded` — nothing written.
   * null: 1C's own exchange, applied as it came.
   */
  review: z.enum(['pending', 'confirmed', 'discarded']).nullable(),
  /** The session's documents that could not be placed (at most 200, the first ones). */
  unmatched: z.array(exchangeUnmatchedSchema),
});
export type ExchangeSession = z.infer<typeof exchangeSessionSchema>;

export const exchangeStepSchema = z.object({
  /** review: the report is ready and the upload waits for `exchange/confirm` or `exchange/discard`. */
  state: z.enum(['progress', 'review', 'success', 'failure']),
  message: z.string(),
  session: exchangeSessionSchema,
});

/**
 * A 1C price type and the portal cell its prices go to (decision 095): a portal price type and a payment
 * method (null = every payment method of that price type); priceTypeId null = the 1C price type is not used.
 */
export const priceMappingSchema = z.object({
  id: z.number().int(),
  externalId: z.string(),
  externalName: z.string(),
  priceTypeId: z.number().int().nullable(),
  paySystemId: z.number().int().nullable(),
});
export type PriceMapping = z.infer<typeof priceMappingSchema>;

const option = z.object({ id: z.number().int(), name: z.string() });

const admins = onlyRoles(Role.ADMINS);

export const exchangeMethods = {
  'exchange/list': defineMethod({
    name: 'exchange/list',
    input: listInput(z.strictObject({ source: z.enum(['1c', 'manual']).optional() })),
    result: listResult(exchangeSessionSchema),
    access: admins,
  }),
  'exchange/get': defineMethod({
    name: 'exchange/get',
    input: z.strictObject({ id: idSchema }),
    result: exchangeSessionSchema,
    access: admins,
  }),
  /** Multipart: import.xml and/or offers.xml (or a zip of them) for a supplier without a live 1C. */
  'exchange/upload': defineMethod({
    name: 'exchange/upload',
    input: z.strictObject({}).optional(),
    result: exchangeSessionSchema,
    access: admins,
    upload: true,
  }),
  /**
   * 1C's price types met so far, where their prices go, the portal's price types and payment methods, and the
   * 1C price types no dealer sees.
   */
  'exchange/price-mapping/list': defineMethod({
    name: 'exchange/price-mapping/list',
    input: z.strictObject({}).optional(),
    result: z.object({
      items: z.array(priceMappingSchema),
      priceTypes: z.array(option),
      paySystems: z.array(option),
      /**
       * The 1C price types in use whose portal price type no active dealer has (decision 187): their prices
       * reach nobody, so the page says so.
       */
      withoutDealers: z.array(
        z.object({ id: z.number().int(), externalId: z.string(), externalName: z.string(), priceTypeName: z.string() }),
      ),
    }),
    access: admins,
  }),
  /** Points a 1C price type at a portal price type and payment method; takes effect at the next exchange. */
  'exchange/price-mapping/update': defineMethod({
    name: 'exchange/price-mapping/update',
    input: z.strictObject({ id: idSchema, priceTypeId: idSchema.nullable(), paySystemId: idSchema.nullable() }),
    result: priceMappingSchema,
    access: admins,
  }),
  /**
   * Applies a reviewed upload (decision 197): the runs go on from their parsed records; `exchange/continue`
   * follows them. Only while its review is pending and its report is ready (409 otherwise).
   */
  'exchange/confirm': defineMethod({
    name: 'exchange/confirm',
    input: z.strictObject({ id: idSchema }),
    result: exchangeSessionSchema,
    access: admins,
  }),
  /** Drops a reviewed upload without writing anything (its parsed records go). */
  'exchange/discard': defineMethod({
    name: 'exchange/discard',
    input: z.strictObject({ id: idSchema }),
    result: exchangeSessionSchema,
    access: admins,
  }),
  /** One bounded step of an uploaded exchange; called again while it answers `progress`. */
  'exchange/continue': defineMethod({
    name: 'exchange/continue',
    input: z.strictObject({ id: idSchema }),
    result: exchangeStepSchema,
    access: admins,
  }),
};
