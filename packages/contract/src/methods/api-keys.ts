import { z } from 'zod';
import { byIdInput, defineMethod, idSchema, listInput, listResult, okResult, signedIn } from '../method.js';
import { required } from '../validation.js';

/**
 * API keys for a dealer's own systems (decision 210): `read` reads the catalogue, orders and baskets;
 * `order` may also fill baskets and place orders. A key never manages keys, the profile or a session.
 */
export const API_KEY_SCOPES = ['read', 'order'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** The methods a key may call, by scope; anything else answers 403 to a key (default deny). */
export const API_KEY_READ_METHODS = [
  'section/list',
  'section/get',
  'product/list',
  'product/get',
  'product/get-filter',
  'product/suggest',
  'product/price-quantity-stores',
  'payment/list',
  'shipping/list',
  'order-status/list',
  'order/list',
  'order/get',
  'bill/get',
  'act/list',
  'act/get',
  'basket/list',
  'basket/get',
  'basket/resolve',
  'basket-item/list',
  'basket-item/get',
  'user/pricing-get',
  // The dealer's machines (decision 208): a system reads them to ask for the parts that fit (F_MACHINE).
  'machine/list',
  'machine/get',
  'machine/models',
  // Parts know-how (decisions 205–207): a system resolves old numbers, sees what stands for a short line and
  // when the rest arrives, as the dealer does on the screen. The back office's editors stay out (staff only).
  'product/replacements',
  'product/arrivals',
  'basket-item/alternatives',
  'arrival-subscription/list',
] as const;

export const API_KEY_ORDER_METHODS = [
  ...API_KEY_READ_METHODS,
  'basket/create',
  'basket/add',
  'basket-item/create',
  'basket-item/update',
  'basket-item/delete',
  'order/create',
  // Keeping the machine list is the ordering side's: an order «Машина стоит» names one (decision 209).
  'machine/create',
  'machine/update',
  'machine/delete',
  // The dealer's own writes of parts know-how: a short line swapped or split (decision 206), and
  // «сообщить о поступлении» asked or withdrawn (decision 207).
  'basket-item/swap',
  'basket-item/split',
  'arrival-subscription/create',
  'arrival-subscription/delete',
] as const;

const allowed: Record<ApiKeyScope, ReadonlySet<string>> = {
  read: new Set(API_KEY_READ_METHODS),
  order: new Set(API_KEY_ORDER_METHODS),
};

/** Whether a key of this scope may call the method. */
export const keyMayCall = (scope: ApiKeyScope, method: string): boolean => allowed[scope].has(method);

/** The prefix every key starts with, so a leaked key is recognisable in a log or a repository scan. */
export const API_KEY_PREFIX = 'dpk_';

export const apiKeySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  scope: z.enum(API_KEY_SCOPES),
  /** The key's first characters, to tell keys apart; the key itself is shown once, at creation. */
  prefix: z.string(),
  userId: z.number().int(),
  userLogin: z.string(),
  dateCreate: z.string(),
  lastUsedAt: z.string().nullable(),
  dateRevoke: z.string().nullable(),
  /** Calls made with the key (each one is in its log). */
  calls: z.number().int(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

export const apiKeyCallSchema = z.object({
  id: z.number().int(),
  method: z.string(),
  status: z.number().int(),
  ip: z.string(),
  dateCreate: z.string(),
});
export type ApiKeyCall = z.infer<typeof apiKeyCallSchema>;

export const apiKeysMethods = {
  /** Own keys; staff may ask for one user's keys, or everyone's. */
  'api-key/list': defineMethod({
    name: 'api-key/list',
    input: listInput(
      z.strictObject({ userId: idSchema.optional(), active: z.boolean({ error: 'validation.invalid' }).optional() }),
    ),
    result: listResult(apiKeySchema),
    access: signedIn,
  }),
  /** Creates a key: the answer's `token` is the only time the key is shown. */
  'api-key/create': defineMethod({
    name: 'api-key/create',
    input: z.strictObject({
      name: required(100),
      scope: z.enum(API_KEY_SCOPES, { error: 'validation.apiKeyScope' }),
    }),
    result: z.object({ key: apiKeySchema, token: z.string() }),
    access: signedIn,
  }),
  /** Revokes a key (own, or any dealer's for staff); a revoked key answers 401 from then on. */
  'api-key/delete': defineMethod({
    name: 'api-key/delete',
    input: byIdInput,
    result: okResult,
    access: signedIn,
  }),
  /** The last calls made with a key (own, or any for staff), newest first. */
  'api-key/calls': defineMethod({
    name: 'api-key/calls',
    input: listInput(z.strictObject({ key: idSchema })).extend({ filter: z.strictObject({ key: idSchema }) }),
    result: listResult(apiKeyCallSchema),
    access: signedIn,
  }),
};
