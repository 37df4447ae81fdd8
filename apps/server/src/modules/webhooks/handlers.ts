import type { Webhook, WebhookDelivery, WebhookEvent, webhooksMethods } from '@portal/contract';
import { AppError, invalidFields } from '../../rest/app-error.js';
import { inTransaction, requireActor, type Handlers, type RestContext } from '../../rest/context.js';
import { recordAudit } from '../audit/index.js';
import { hostRefused, literalInternal, systemLookup } from './address.js';
import { queueDelivery } from './events.js';
import * as q from './queries.js';
import { newSecret, urlRefused } from './signing.js';

/** Endpoints one user may hold: a 1C, a shop, a script or two. */
export const MAX_WEBHOOKS = 10;

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

const view = (r: q.WebhookRow): Webhook => ({
  id: r.id,
  url: r.url,
  events: r.events as WebhookEvent[],
  active: r.active,
  failures: r.failures,
  dateCreate: new Date(r.created_at).toISOString(),
  dateDisabled: iso(r.disabled_at),
  lastDeliveryAt: iso(r.last_delivery_at),
  lastStatus: r.last_status,
});

const deliveryView = (r: q.DeliveryRow): WebhookDelivery => ({
  id: r.id,
  webhookId: r.webhook_id,
  url: r.url,
  event: r.event,
  state: r.state,
  attempts: r.attempts,
  httpStatus: r.http_status,
  error: r.error,
  dateCreate: new Date(r.created_at).toISOString(),
  dateDelivered: iso(r.delivered_at),
});

/**
 * An endpoint's address: https to a host on the internet (decision 225), and a name that resolves only there
 * (decision 231; the delivery checks it again, against a name that moves inside later).
 */
async function checkUrl(ctx: RestContext, url: string | undefined): Promise<void> {
  if (url === undefined) return;
  const { allowLocal, lookup } = ctx.config.webhooks;
  if (urlRefused(url, allowLocal))
    throw invalidFields(ctx.language, {
      url: literalInternal(url, allowLocal) ? 'validation.webhookUrlInternal' : 'validation.webhookUrl',
    });
  const refused = await hostRefused(url, allowLocal, lookup ?? systemLookup);
  if (refused === 'internal') throw invalidFields(ctx.language, { url: 'validation.webhookUrlInternal' });
  if (refused === 'unknown') throw invalidFields(ctx.language, { url: 'validation.webhookUrlUnknown' });
}

/** The caller's own endpoint; another user's answers exactly like a missing one. */
async function ownWebhook(ctx: RestContext, id: number): Promise<q.WebhookRow> {
  const row = await q.ownWebhook(ctx.db, requireActor(ctx).id, id);
  if (!row) throw new AppError('NOT_FOUND', 'error.webhookNotFound');
  return row;
}

/** Webhooks of the dealer's own systems (decision 225): only ever the caller's own endpoints. */
export const webhooksHandlers: Handlers<typeof webhooksMethods> = {
  async 'webhook/list'(input, ctx) {
    const { count, rows } = await q.listWebhooks(ctx.db, requireActor(ctx).id, input);
    return { count, items: rows.map(view) };
  },

  async 'webhook/create'(input, ctx) {
    const actor = requireActor(ctx);
    await checkUrl(ctx, input.url);
    const secret = newSecret();
    const id = await inTransaction(ctx, async (trx) => {
      if ((await q.countWebhooks(trx, actor.id)) >= MAX_WEBHOOKS)
        throw new AppError('CONFLICT', 'error.webhookTooMany', { args: [MAX_WEBHOOKS] });
      const created = await q.insertWebhook(trx, {
        userId: actor.id,
        url: input.url,
        events: [...new Set(input.events)],
        secret,
      });
      await recordAudit(trx, ctx, {
        entity: 'webhook',
        id: created,
        action: 'create',
        after: { url: input.url, events: input.events, userId: actor.id },
      });
      return created;
    });
    const row = await q.ownWebhook(ctx.db, actor.id, id);
    return { webhook: view(row!), secret };
  },

  async 'webhook/update'(input, ctx) {
    const actor = requireActor(ctx);
    const before = await ownWebhook(ctx, input.id);
    await checkUrl(ctx, input.url);
    await inTransaction(ctx, async (trx) => {
      await q.updateWebhook(trx, before.id, {
        ...(input.url !== undefined ? { url: input.url } : {}),
        ...(input.events !== undefined ? { events: [...new Set(input.events)] } : {}),
        ...(input.active !== undefined ? { active: input.active } : {}),
      });
      await recordAudit(trx, ctx, {
        entity: 'webhook',
        id: before.id,
        action: 'update',
        before: { url: before.url, events: before.events, active: before.active },
        after: { url: input.url, events: input.events, active: input.active },
      });
    });
    return view((await q.ownWebhook(ctx.db, actor.id, before.id))!);
  },

  async 'webhook/delete'(input, ctx) {
    const row = await ownWebhook(ctx, input.id);
    await inTransaction(ctx, async (trx) => {
      await q.deleteWebhook(trx, row.id);
      await recordAudit(trx, ctx, {
        entity: 'webhook',
        id: row.id,
        action: 'delete',
        before: { url: row.url, events: row.events },
      });
    });
    return { ok: true };
  },

  async 'webhook/test'(input, ctx) {
    const row = await ownWebhook(ctx, input.id);
    const delivery = await inTransaction(ctx, (trx) =>
      queueDelivery(trx, row.id, 'ping', { webhookId: row.id, message: 'ping' }),
    );
    return deliveryView(delivery);
  },

  async 'webhook-delivery/list'(input, ctx) {
    const actor = requireActor(ctx);
    const { count, rows } = await q.listDeliveries(ctx.db, actor.id, input.filter?.webhook, input);
    return { count, items: rows.map(deliveryView) };
  },
};
