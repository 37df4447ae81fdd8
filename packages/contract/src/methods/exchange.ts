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
});
export type ExchangeStats = z.infer<typeof exchangeStatsSchema>;

export const exchangeFileSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.enum(['catalog', 'sale']),
  status: z.enum(['running', 'done', 'failed']),
  error: z.string().nullable(),
  stats: exchangeStatsSchema,
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
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
});
export type ExchangeSession = z.infer<typeof exchangeSessionSchema>;

export const exchangeStepSchema = z.object({
  state: z.enum(['progress', 'success', 'failure']),
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
  /** One bounded step of an uploaded exchange; called again while it answers `progress`. */
  'exchange/continue': defineMethod({
    name: 'exchange/continue',
    input: z.strictObject({ id: idSchema }),
    result: exchangeStepSchema,
    access: admins,
  }),
};
