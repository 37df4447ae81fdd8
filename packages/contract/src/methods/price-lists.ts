import { z } from 'zod';
import { byIdInput, defineMethod, idSchema, listInput, listResult, okResult, signedIn } from '../method.js';
import { productFilterSchema } from './catalog.js';

/**
 * Price lists (decision 212): the dealer's catalogue at their prices as .xlsx, .csv or YML, from
 * GET /pricelist/download (session cookie) or a secret link GET /pricelist/{token}.{format} (no sign-in).
 */
export const PRICE_LIST_FORMATS = ['xlsx', 'csv', 'yml'] as const;
export type PriceListFormat = (typeof PRICE_LIST_FORMATS)[number];

/** The prefix of every secret link's token, so a leaked one is recognisable. */
export const PRICE_LIST_TOKEN_PREFIX = 'dpl_';

/** Longest life of a secret link, in days. */
export const PRICE_LIST_LINK_MAX_DAYS = 365;

export const priceListLinkSchema = z.object({
  id: z.number().int(),
  /** The token's first characters, to tell links apart; the link itself is shown once, at creation. */
  prefix: z.string(),
  dateCreate: z.string(),
  dateExpire: z.string(),
  lastUsedAt: z.string().nullable(),
  dateRevoke: z.string().nullable(),
});
export type PriceListLink = z.infer<typeof priceListLinkSchema>;

/** A big price list built on the job queue (decision 232): its progress, then a link to the file until it expires. */
export const priceListJobSchema = z.object({
  id: z.number().int(),
  format: z.enum(PRICE_LIST_FORMATS),
  state: z.enum(['queued', 'running', 'done', 'failed']),
  /** Products the list holds, counted when it was asked for. */
  rowsTotal: z.number().int(),
  /** Products written so far. */
  rowsDone: z.number().int(),
  dateCreate: z.string(),
  /** Until when the file can be downloaded (set when it is done). */
  dateExpire: z.string().nullable(),
  /** Bytes of the file, when done. */
  size: z.number().int().nullable(),
  /** The download address (the owner's session decides), when done and not yet expired. */
  url: z.string().nullable(),
  error: z.string(),
});
export type PriceListJob = z.infer<typeof priceListJobSchema>;

export const priceListMethods = {
  /**
   * Asks for a price list: a list above the site's threshold of products becomes a job on the queue (`job`),
   * followed by `price-list-job/get`; a smaller one answers `job: null`, and the file is downloaded at once from
   * GET /pricelist/download with the same parameters.
   */
  'price-list-job/create': defineMethod({
    name: 'price-list-job/create',
    input: z.strictObject({
      format: z.enum(PRICE_LIST_FORMATS),
      /** The section (with its subtree); absent for the whole catalogue. */
      section: idSchema.optional(),
      inStock: z.boolean().optional(),
      /** The catalogue screen's filter (decision 214), without `category` and `id` (the section says that). */
      filter: productFilterSchema.optional(),
    }),
    result: z.object({ count: z.number().int(), job: priceListJobSchema.nullable() }),
    access: signedIn,
  }),
  /** One of the caller's own price-list jobs: its progress, and the link when the file is ready. */
  'price-list-job/get': defineMethod({
    name: 'price-list-job/get',
    input: byIdInput,
    result: priceListJobSchema,
    access: signedIn,
  }),

  /** The caller's own secret links, newest first. */
  'price-list-link/list': defineMethod({
    name: 'price-list-link/list',
    input: listInput(z.strictObject({})),
    result: listResult(priceListLinkSchema),
    access: signedIn,
  }),
  /** Creates a secret link living `days` days: the answer's `token` is the only time it is shown. */
  'price-list-link/create': defineMethod({
    name: 'price-list-link/create',
    input: z.strictObject({
      days: z
        .number({ error: 'validation.priceListDays' })
        .int({ error: 'validation.priceListDays' })
        .min(1, { error: 'validation.priceListDays' })
        .max(PRICE_LIST_LINK_MAX_DAYS, { error: 'validation.priceListDays' }),
    }),
    result: z.object({ link: priceListLinkSchema, token: z.string() }),
    access: signedIn,
  }),
  /** Revokes an own link; it answers 404 from then on. */
  'price-list-link/delete': defineMethod({
    name: 'price-list-link/delete',
    input: byIdInput,
    result: okResult,
    access: signedIn,
  }),
};
