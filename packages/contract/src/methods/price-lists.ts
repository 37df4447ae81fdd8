import { z } from 'zod';
import { byIdInput, defineMethod, listInput, listResult, okResult, signedIn } from '../method.js';

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

export const priceListMethods = {
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
