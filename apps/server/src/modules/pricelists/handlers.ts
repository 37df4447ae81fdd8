import type { PriceListLink, priceListMethods } from '@portal/contract';
import { AppError } from '../../rest/app-error.js';
import { inTransaction, requireActor, type Handlers } from '../../rest/context.js';
import { recordAudit } from '../audit/index.js';
import * as q from './queries.js';
import { newLinkToken } from './tokens.js';

/** Live links one user may hold: one per system that fetches the list, not one per download. */
export const MAX_ACTIVE_LINKS = 10;

const view = (r: q.PriceListLinkRow): PriceListLink => ({
  id: r.id,
  prefix: r.prefix,
  dateCreate: new Date(r.created_at).toISOString(),
  dateExpire: new Date(r.expires_at).toISOString(),
  lastUsedAt: r.last_used_at ? new Date(r.last_used_at).toISOString() : null,
  dateRevoke: r.revoked_at ? new Date(r.revoked_at).toISOString() : null,
});

export const priceListHandlers: Handlers<typeof priceListMethods> = {
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
