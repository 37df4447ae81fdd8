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

/** The scheduled price-list e-mail (decision 219): when, what and in which format; `off` sends nothing. */
export const PRICE_LIST_MAIL_SCHEDULES = ['off', 'daily', 'weekly'] as const;
export const PRICE_LIST_MAIL_CONTENTS = ['full', 'changes'] as const;
export const PRICE_LIST_MAIL_FORMATS = ['xlsx', 'csv'] as const;

export const priceListMailSchema = z.object({
  schedule: z.enum(PRICE_LIST_MAIL_SCHEDULES),
  /** ISO weekday of a weekly e-mail: 1 = Monday … 7 = Sunday. */
  weekday: z.number().int(),
  /** The whole list, or only the new, removed and changed products since the last e-mail. */
  content: z.enum(PRICE_LIST_MAIL_CONTENTS),
  format: z.enum(PRICE_LIST_MAIL_FORMATS),
  /** When the last e-mail went; null before the first. */
  lastSentAt: z.string().nullable(),
  /** The address the e-mail goes to (the user's own). */
  email: z.string(),
});
export type PriceListMail = z.infer<typeof priceListMailSchema>;

export const priceListMethods = {
  /** The caller's own price-list e-mail settings (`off` until chosen). */
  'price-list-mail/get': defineMethod({
    name: 'price-list-mail/get',
    input: z.strictObject({}),
    result: priceListMailSchema,
    access: signedIn,
  }),
  /** Saves the caller's own price-list e-mail settings. */
  'price-list-mail/update': defineMethod({
    name: 'price-list-mail/update',
    input: z.strictObject({
      schedule: z.enum(PRICE_LIST_MAIL_SCHEDULES, { error: 'validation.priceListMailSchedule' }),
      weekday: z
        .number({ error: 'validation.priceListMailWeekday' })
        .int({ error: 'validation.priceListMailWeekday' })
        .min(1, { error: 'validation.priceListMailWeekday' })
        .max(7, { error: 'validation.priceListMailWeekday' })
        .optional(),
      content: z.enum(PRICE_LIST_MAIL_CONTENTS, { error: 'validation.priceListMailContent' }),
      format: z.enum(PRICE_LIST_MAIL_FORMATS, { error: 'validation.priceListMailFormat' }),
    }),
    result: priceListMailSchema,
    access: signedIn,
  }),

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
