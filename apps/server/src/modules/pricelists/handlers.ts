import type { PriceListFormat, PriceListJob, PriceListLink, PriceListMail, priceListMethods } from '@portal/contract';
import { enqueue } from '../../ops/jobs/queue.js';
import { AppError, invalidFields } from '../../rest/app-error.js';
import { inTransaction, requireActor, type Handlers } from '../../rest/context.js';
import { recordAudit } from '../audit/index.js';
import { priceContextOf, priceListCount, priceListFilter, sectionSubtree } from '../catalog/index.js';
import { PRICE_LIST_JOB, PRICE_LIST_JOB_ATTEMPTS } from './build.js';
import * as q from './queries.js';
import { newLinkToken } from './tokens.js';

/** Live links one user may hold: one per system that fetches the list, not one per download. */
export const MAX_ACTIVE_LINKS = 10;

/**
 * Price-list jobs one user may have queued or running at once: the queue's concurrency bounds the machine
 * (decision 232), this bounds one dealer's share of it (decision 245).
 */
export const MAX_ACTIVE_JOBS = 2;

/** JSON with object keys sorted, so that one request's scope compares equal however its filter was spelled. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

const requestKey = (format: string, scope: unknown) =>
  canonical({ format, scope: typeof scope === 'string' ? JSON.parse(scope) : scope });

const view = (r: q.PriceListLinkRow): PriceListLink => ({
  id: r.id,
  prefix: r.prefix,
  dateCreate: new Date(r.created_at).toISOString(),
  dateExpire: new Date(r.expires_at).toISOString(),
  lastUsedAt: r.last_used_at ? new Date(r.last_used_at).toISOString() : null,
  dateRevoke: r.revoked_at ? new Date(r.revoked_at).toISOString() : null,
});

const jobView = (r: q.PriceListJobRow): PriceListJob => {
  const live = r.state === 'done' && r.storage_key !== null && r.expires_at !== null && r.expires_at > new Date();
  return {
    id: r.id,
    format: r.format as PriceListFormat,
    state: r.state,
    rowsTotal: r.rows_total,
    rowsDone: r.rows_done,
    dateCreate: new Date(r.created_at).toISOString(),
    dateExpire: r.expires_at ? new Date(r.expires_at).toISOString() : null,
    size: r.size === null ? null : Number(r.size),
    url: live ? `/pricelist/jobs/${r.id}` : null,
    error: r.state === 'failed' ? (r.error ?? '') : '',
  };
};

const mailView = (r: q.PriceListMailRow | undefined, email: string): PriceListMail => ({
  schedule: r?.schedule ?? 'off',
  weekday: r?.weekday ?? 1,
  content: r?.content ?? 'full',
  format: r?.format ?? 'xlsx',
  lastSentAt: r?.last_sent_at ? new Date(r.last_sent_at).toISOString() : null,
  email,
});

export const priceListHandlers: Handlers<typeof priceListMethods> = {
  /** The caller's own scheduled e-mail (decision 219); nobody reads or writes another's. */
  async 'price-list-mail/get'(_input, ctx) {
    const actor = requireActor(ctx);
    return mailView(await q.mailSettingsOf(ctx.db, actor.id), actor.row.email);
  },

  async 'price-list-mail/update'(input, ctx) {
    const actor = requireActor(ctx);
    const row = await q.saveMailSettings(ctx.db, actor.id, {
      schedule: input.schedule,
      weekday: input.weekday ?? 1,
      content: input.content,
      format: input.format,
    });
    return mailView(row, actor.row.email);
  },

  /**
   * A price list counted first: above the threshold a job on the queue builds it (decision 232), with its
   * progress in `price-list-job/get`; below it the web downloads at once from GET /pricelist/download.
   */
  async 'price-list-job/create'(input, ctx) {
    const actor = requireActor(ctx);
    if (input.filter?.category !== undefined || input.filter?.id !== undefined)
      throw invalidFields(ctx.language, { filter: 'validation.priceListFilterSection' });
    let sectionIds: number[] | null = null;
    if (input.section !== undefined) {
      sectionIds = await sectionSubtree(ctx.db, input.section);
      if (!sectionIds) throw new AppError('NOT_FOUND', 'error.priceListSectionNotFound');
    }
    const context = await priceContextOf(ctx.db, actor, 'catalog');
    const scope: q.PriceListScope = {
      sectionIds,
      inStock: input.inStock ?? false,
      filter: input.filter ?? null,
      prices: context ? `${context.priceTypeId}:${context.paySystemId}` : undefined,
    };
    const count = await priceListCount(ctx.db, context, {
      sectionIds,
      inStock: scope.inStock,
      filter: scope.filter ? await priceListFilter(ctx.db, scope.filter) : null,
    });
    if (count <= ctx.config.priceLists.jobAbove) return { count, job: null };
    const row = await inTransaction(ctx, async (trx) => {
      // One user's requests one after another: twenty at once see each other's jobs (decision 245).
      await q.lockUsersPriceListJobs(trx, actor.id);
      const active = await q.activePriceListJobs(trx, actor.id);
      const key = requestKey(input.format, scope);
      const same = active.find((j) => requestKey(j.format, j.scope) === key);
      if (same) return same;
      if (active.length >= MAX_ACTIVE_JOBS) {
        throw new AppError('RATE_LIMITED', 'error.priceListJobsTooMany', { args: [active.length] });
      }
      const created = await q.insertPriceListJob(trx, {
        userId: actor.id,
        format: input.format,
        scope,
        rowsTotal: count,
      });
      await enqueue(trx, PRICE_LIST_JOB, { job: created.id }, { maxAttempts: PRICE_LIST_JOB_ATTEMPTS });
      return created;
    });
    // A request the same as a queued or running one answers that job, counted when it was made.
    return { count: row.rows_total, job: jobView(row) };
  },

  async 'price-list-job/get'(input, ctx) {
    const row = await q.ownPriceListJob(ctx.db, requireActor(ctx).id, input.id);
    if (!row) throw new AppError('NOT_FOUND', 'error.priceListJobNotFound');
    return jobView(row);
  },

  async 'price-list-link/list'(input, ctx) {
    const actor = requireActor(ctx);
    const { count, rows } = await q.listLinks(ctx.db, actor.id, input);
    return { count, items: rows.map(view) };
  },

  async 'price-list-link/create'(input, ctx) {
    const actor = requireActor(ctx);
    const { token, prefix, hash } = newLinkToken();
    const row = await inTransaction(ctx, async (trx) => {
      if ((await q.countActiveLinks(trx, actor.id)) >= MAX_ACTIVE_LINKS) {
        throw new AppError('CONFLICT', 'error.priceListLinkTooMany', { args: [MAX_ACTIVE_LINKS] });
      }
      const created = await q.insertLink(trx, { userId: actor.id, prefix, tokenHash: hash, days: input.days });
      await recordAudit(trx, ctx, {
        entity: 'price-list-link',
        id: created.id,
        action: 'create',
        after: { prefix, userId: actor.id, expiresAt: view(created).dateExpire },
      });
      return created;
    });
    return { link: view(row), token };
  },

  async 'price-list-link/delete'(input, ctx) {
    const actor = requireActor(ctx);
    const row = await q.linkById(ctx.db, input.id);
    // Another's link answers like a missing one.
    if (!row || row.user_id !== actor.id) throw new AppError('NOT_FOUND', 'error.priceListLinkNotFound');
    await inTransaction(ctx, async (trx) => {
      await q.revokeLink(trx, row.id);
      if (!row.revoked_at) {
        await recordAudit(trx, ctx, {
          entity: 'price-list-link',
          id: row.id,
          action: 'delete',
          before: { prefix: row.prefix, userId: row.user_id },
        });
      }
    });
    return { ok: true };
  },
};
