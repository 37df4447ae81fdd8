import { sql, type Selectable } from 'kysely';
import type { Db } from '../../db/database.js';
import { countAndPage, type PageInput } from '../../rest/paging.js';
import type { WebhookDeliveriesTable, WebhooksTable } from './tables.js';
import './tables.js';

export type WebhookRow = Selectable<WebhooksTable> & {
  last_delivery_at: Date | null;
  last_status: number | null;
};
export type DeliveryRow = Selectable<WebhookDeliveriesTable> & { url: string };

const withLastDelivery = (db: Db) =>
  db
    .selectFrom('webhooks as w')
    .selectAll('w')
    .select((eb) => [
      eb
        .selectFrom('webhook_deliveries as d')
        .whereRef('d.webhook_id', '=', 'w.id')
        .where('d.attempts', '>', 0)
        .select(sql<Date>`max(d.delivered_at)`.as('x'))
        .as('last_delivery_at'),
      eb
        .selectFrom('webhook_deliveries as d')
        .whereRef('d.webhook_id', '=', 'w.id')
        .where('d.attempts', '>', 0)
        .orderBy('d.id', 'desc')
        .limit(1)
        .select('d.http_status')
        .as('last_status'),
    ]);

/** One user's endpoints, newest first. */
export async function listWebhooks(db: Db, userId: number, input: PageInput) {
  return countAndPage(
    db.selectFrom('webhooks as w').where('w.user_id', '=', userId),
    () => withLastDelivery(db).where('w.user_id', '=', userId).orderBy('w.id', 'desc'),
    input,
  ) as Promise<{ count: number; rows: WebhookRow[] }>;
}

/** The user's own endpoint; another user's answers like a missing one. */
export async function ownWebhook(db: Db, userId: number, id: number): Promise<WebhookRow | null> {
  const row = await withLastDelivery(db).where('w.id', '=', id).where('w.user_id', '=', userId).executeTakeFirst();
  return (row as WebhookRow | undefined) ?? null;
}

export async function countWebhooks(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('webhooks')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertWebhook(
  db: Db,
  values: { userId: number; url: string; events: string[]; secret: string },
): Promise<number> {
  const row = await db
    .insertInto('webhooks')
    .values({ user_id: values.userId, url: values.url, events: values.events, secret: values.secret })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Changes an endpoint; turning it on again clears its failures and the portal's «disabled» mark. */
export async function updateWebhook(
  db: Db,
  id: number,
  change: { url?: string; events?: string[]; active?: boolean },
): Promise<void> {
  await db
    .updateTable('webhooks')
    .set({
      ...(change.url !== undefined ? { url: change.url } : {}),
      ...(change.events !== undefined ? { events: change.events } : {}),
      ...(change.active !== undefined ? { active: change.active } : {}),
      ...(change.active === true ? { failures: 0, disabled_at: null } : {}),
    })
    .where('id', '=', id)
    .execute();
}

export async function deleteWebhook(db: Db, id: number): Promise<void> {
  await db.deleteFrom('webhooks').where('id', '=', id).execute();
}

/** The user's active endpoints subscribed to an event. */
export async function subscribers(db: Db, userId: number, event: string): Promise<Array<{ id: number }>> {
  return db
    .selectFrom('webhooks')
    .select('id')
    .where('user_id', '=', userId)
    .where('active', '=', true)
    .where(sql<boolean>`${event} = ANY(events)`)
    .orderBy('id')
    .execute();
}

export async function insertDelivery(
  db: Db,
  values: { webhookId: number; event: string; payload: unknown },
): Promise<DeliveryRow> {
  const row = await db
    .insertInto('webhook_deliveries')
    .values({ webhook_id: values.webhookId, event: values.event, payload: JSON.stringify(values.payload) })
    .returningAll()
    .executeTakeFirstOrThrow();
  const hook = await db
    .selectFrom('webhooks')
    .select('url')
    .where('id', '=', values.webhookId)
    .executeTakeFirstOrThrow();
  return { ...row, url: hook.url };
}

/** A delivery with its endpoint, for the worker. */
export async function deliveryToSend(db: Db, id: number) {
  return db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhooks as w', 'w.id', 'd.webhook_id')
    .select([
      'd.id',
      'd.event',
      'd.payload',
      'd.state',
      'd.created_at',
      'w.id as webhook_id',
      'w.user_id',
      'w.url',
      'w.secret',
      'w.active',
    ])
    .where('d.id', '=', id)
    .executeTakeFirst();
}

/** One attempt's outcome on the delivery. */
export async function recordAttempt(
  db: Db,
  id: number,
  outcome: { state: 'ok' | 'retrying' | 'failed'; httpStatus: number | null; error: string },
): Promise<void> {
  await db
    .updateTable('webhook_deliveries')
    .set((eb) => ({
      state: outcome.state,
      attempts: eb('attempts', '+', 1),
      http_status: outcome.httpStatus,
      error: outcome.error,
      delivered_at: sql`now()`,
    }))
    .where('id', '=', id)
    .execute();
}

/** A delivery that will not be sent (its endpoint was turned off). */
export async function dropDelivery(db: Db, id: number, error: string): Promise<void> {
  await db
    .updateTable('webhook_deliveries')
    .set({ state: 'failed', error })
    .where('id', '=', id)
    .where('state', 'in', ['queued', 'retrying'])
    .execute();
}

/** An accepted delivery: the endpoint's failures start again from zero. */
export async function clearFailures(db: Db, webhookId: number): Promise<void> {
  await db.updateTable('webhooks').set({ failures: 0 }).where('id', '=', webhookId).where('failures', '>', 0).execute();
}

/**
 * A failed attempt counted on the endpoint, under its row lock; it is turned off once `disableAfter` attempts in
 * a row failed. Answers whether this attempt turned it off (so the dealer is told once).
 */
export async function countFailure(db: Db, webhookId: number, disableAfter: number): Promise<boolean> {
  const row = await db
    .updateTable('webhooks')
    .set((eb) => ({
      failures: eb('failures', '+', 1),
      active: sql<boolean>`CASE WHEN active AND failures + 1 >= ${disableAfter} THEN false ELSE active END`,
      disabled_at: sql<Date>`CASE WHEN active AND failures + 1 >= ${disableAfter} THEN now() ELSE disabled_at END`,
    }))
    .where('id', '=', webhookId)
    .returning([sql<boolean>`disabled_at IS NOT NULL AND NOT active AND failures = ${disableAfter}`.as('turned_off')])
    .executeTakeFirst();
  return Boolean(row?.turned_off);
}

/** The delivery log of one user's endpoints (or of one of them), newest first. */
export async function listDeliveries(db: Db, userId: number, webhookId: number | undefined, input: PageInput) {
  let base = db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhooks as w', 'w.id', 'd.webhook_id')
    .where('w.user_id', '=', userId);
  if (webhookId !== undefined) base = base.where('d.webhook_id', '=', webhookId);
  return countAndPage(base, (q) => q.selectAll('d').select('w.url').orderBy('d.id', 'desc'), input) as Promise<{
    count: number;
    rows: DeliveryRow[];
  }>;
}
