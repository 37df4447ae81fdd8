import type { WebhookDeliveryEvent, WebhookEvent } from '@portal/contract';
import type { Db } from '../../db/database.js';
import { enqueue } from '../../ops/jobs/queue.js';
import type { AccountEvent } from '../account/index.js';
import type { OrderEvent } from '../orders/index.js';
import type { PriceListJobRow } from '../pricelists/index.js';
import * as q from './queries.js';

export const WEBHOOK_JOB = 'webhook.deliver';
/** Attempts of one delivery: with the 30 s base of the queue's backoff, about an hour of retries. */
export const WEBHOOK_ATTEMPTS = 8;

/**
 * Queues a delivery of the event to each of the user's active endpoints that asked for it, in the caller's
 * transaction (the outbox of decision 080): it exists exactly when the change that caused it was committed, and
 * the request that made the change never waits for a receiver (decision 225).
 */
export async function emitWebhookEvent(trx: Db, userId: number, event: WebhookEvent, data: unknown): Promise<void> {
  for (const hook of await q.subscribers(trx, userId, event)) await queueDelivery(trx, hook.id, event, data);
}

export async function queueDelivery(
  trx: Db,
  webhookId: number,
  event: WebhookDeliveryEvent,
  data: unknown,
): Promise<q.DeliveryRow> {
  const delivery = await q.insertDelivery(trx, { webhookId, event, payload: data });
  await enqueue(trx, WEBHOOK_JOB, { delivery: delivery.id }, { maxAttempts: WEBHOOK_ATTEMPTS });
  return delivery;
}

const statusOf = (s: { code: string; name: string; nameEn: string }) => ({
  code: s.code,
  name: s.name,
  nameEn: s.nameEn,
});

/**
 * The order listener (registered by the app from above, orders/order-events.ts): a status move is
 * `order.status`, the first shipment `order.shipped`, a bill or a commercial offer `order.document`.
 */
export function orderWebhooks(publicUrl: string) {
  return async (trx: Db, event: OrderEvent): Promise<void> => {
    const link = `${publicUrl}/order/${event.orderId}/`;
    for (const change of event.changes) {
      if (change.field === 'status') {
        const data = {
          orderId: event.orderId,
          status: statusOf(change.after),
          previous: statusOf(change.before),
          link,
        };
        await emitWebhookEvent(trx, event.userId, 'order.status', data);
        if (event.shipped) await emitWebhookEvent(trx, event.userId, 'order.shipped', data);
      }
      if (
        (change.field === 'bill' || change.field === 'offer') &&
        !(change.field === 'offer' && change.fileId === null)
      ) {
        await emitWebhookEvent(trx, event.userId, 'order.document', {
          orderId: event.orderId,
          document: change.field,
          fileName: change.fileName,
          link,
        });
      }
    }
  };
}

/**
 * The price-list listener (registered by the app from above, decision 232): a big list built on the queue is
 * `price-list.ready`, with the address its owner downloads it from until it expires.
 */
export function priceListWebhooks(publicUrl: string) {
  return async (trx: Db, job: PriceListJobRow): Promise<void> => {
    await emitWebhookEvent(trx, job.user_id, 'price-list.ready', {
      jobId: job.id,
      format: job.format,
      products: job.rows_done,
      size: job.size === null ? null : Number(job.size),
      link: `${publicUrl}/pricelist/jobs/${job.id}`,
      expiresAt: job.expires_at ? new Date(job.expires_at).toISOString() : null,
    });
  };
}

/**
 * The account listener (registered from above, decision 215): a shipment 1C recorded is `account.shipment`, a
 * bill, an invoice or another closing document `account.document` (decision 202), each once, when first sent.
 */
export function accountWebhooks(publicUrl: string) {
  return async (trx: Db, event: AccountEvent): Promise<void> => {
    await emitWebhookEvent(trx, event.userId, event.kind === 'shipment' ? 'account.shipment' : 'account.document', {
      document: event.documentKind,
      number: event.number,
      date: event.date,
      sum: event.sum,
      currency: event.currency,
      orderId: event.orderId,
      ...(event.kind === 'shipment' ? { tracking: event.tracking } : {}),
      link: event.orderId !== null ? `${publicUrl}/order/${event.orderId}/` : `${publicUrl}/account/documents/`,
    });
  };
}
