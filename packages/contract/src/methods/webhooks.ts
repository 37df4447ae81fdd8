import { z } from 'zod';
import { byIdInput, defineMethod, idSchema, listInput, listResult, okResult, signedIn } from '../method.js';

/**
 * Webhooks of a dealer's own systems (decision 225): the events a dealer may subscribe an endpoint to. Each
 * delivery is a POST of JSON `{id, event, createdAt, data}` signed with the endpoint's secret; the headers are
 * `WEBHOOK_HEADERS`.
 */
export const WEBHOOK_EVENTS = [
  'order.status',
  'order.shipped',
  'order.document',
  'price-list.ready',
  'account.shipment',
  'account.document',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
/** What a delivery may carry: a subscribed event, or the `ping` of `webhook/test`. */
export type WebhookDeliveryEvent = WebhookEvent | 'ping';

/**
 * The headers of every delivery (decision 225). The signature is `v1=` and the hex HMAC-SHA256 of
 * `<timestamp>.<body>` under the endpoint's secret; a receiver recomputes it over the raw body and refuses a
 * timestamp older than `WEBHOOK_TOLERANCE_SECONDS` (a replayed delivery).
 */
export const WEBHOOK_HEADERS = {
  event: 'x-portal-event',
  delivery: 'x-portal-delivery',
  timestamp: 'x-portal-timestamp',
  signature: 'x-portal-signature',
} as const;
export const WEBHOOK_TOLERANCE_SECONDS = 300;
/** The prefix of an endpoint's secret, so a leaked one is recognisable. */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';

export const WEBHOOK_DELIVERY_STATES = ['queued', 'ok', 'retrying', 'failed'] as const;
export type WebhookDeliveryState = (typeof WEBHOOK_DELIVERY_STATES)[number];

export const webhookSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  /** Off by the dealer, or by the portal after repeated failures (`dateDisabled` set then). */
  active: z.boolean(),
  /** Failed attempts in a row since the last accepted delivery. */
  failures: z.number().int(),
  dateCreate: z.string(),
  /** When the portal turned the endpoint off after repeated failures; null otherwise. */
  dateDisabled: z.string().nullable(),
  lastDeliveryAt: z.string().nullable(),
  lastStatus: z.number().int().nullable(),
});
export type Webhook = z.infer<typeof webhookSchema>;

export const webhookDeliverySchema = z.object({
  id: z.number().int(),
  webhookId: z.number().int(),
  url: z.string(),
  event: z.string(),
  state: z.enum(WEBHOOK_DELIVERY_STATES),
  attempts: z.number().int(),
  /** The HTTP status of the last answer; null when there was none (refused connection, timeout). */
  httpStatus: z.number().int().nullable(),
  /** What went wrong on the last attempt, as the portal saw it. */
  error: z.string(),
  dateCreate: z.string(),
  dateDelivered: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

const webhookUrl = z
  .string({ error: 'validation.webhookUrl' })
  .trim()
  .min(1, { error: 'validation.required' })
  .max(2000, { error: 'validation.tooLong' })
  .refine((v) => URL.canParse(v), { error: 'validation.webhookUrl' });
const webhookEvents = z
  .array(z.enum(WEBHOOK_EVENTS, { error: 'validation.webhookEvents' }), { error: 'validation.webhookEvents' })
  .min(1, { error: 'validation.webhookEvents' })
  .max(WEBHOOK_EVENTS.length, { error: 'validation.webhookEvents' });

export const webhooksMethods = {
  /** The caller's own endpoints, newest first. */
  'webhook/list': defineMethod({
    name: 'webhook/list',
    input: listInput(z.strictObject({})),
    result: listResult(webhookSchema),
    access: signedIn,
  }),
  /** Registers an endpoint: the answer's `secret` is the only time it is shown. */
  'webhook/create': defineMethod({
    name: 'webhook/create',
    input: z.strictObject({ url: webhookUrl, events: webhookEvents }),
    result: z.object({ webhook: webhookSchema, secret: z.string() }),
    access: signedIn,
  }),
  /** Changes an endpoint's address or events, or turns it on or off (on again resets its failures). */
  'webhook/update': defineMethod({
    name: 'webhook/update',
    input: z.strictObject({
      id: idSchema,
      url: webhookUrl.optional(),
      events: webhookEvents.optional(),
      active: z.boolean({ error: 'validation.invalid' }).optional(),
    }),
    result: webhookSchema,
    access: signedIn,
  }),
  /** Deletes an endpoint and its delivery log; deliveries still queued are dropped. */
  'webhook/delete': defineMethod({
    name: 'webhook/delete',
    input: byIdInput,
    result: okResult,
    access: signedIn,
  }),
  /** Sends a `ping` delivery to the endpoint now (through the queue) and answers it as it is queued. */
  'webhook/test': defineMethod({
    name: 'webhook/test',
    input: byIdInput,
    result: webhookDeliverySchema,
    access: signedIn,
  }),
  /** The delivery log of the caller's endpoints (one endpoint's with `filter.webhook`), newest first. */
  'webhook-delivery/list': defineMethod({
    name: 'webhook-delivery/list',
    input: listInput(z.strictObject({ webhook: idSchema.optional() })),
    result: listResult(webhookDeliverySchema),
    access: signedIn,
  }),
};
