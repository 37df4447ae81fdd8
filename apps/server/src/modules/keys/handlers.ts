import type { ApiKey, apiKeysMethods } from '@portal/contract';
import { AppError } from '../../rest/app-error.js';
import { inTransaction, requireActor, type Handlers, type RestContext } from '../../rest/context.js';
import { isStaff, userCards } from '../auth/index.js';
import { recordAudit } from '../audit/index.js';
import * as q from './queries.js';
import { newToken } from './tokens.js';

/** Active keys one user may hold: enough for a 1C, a shop and a script or two, not a key per call. */
export const MAX_ACTIVE_KEYS = 20;

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

async function views(ctx: RestContext, rows: q.ApiKeyRow[]): Promise<ApiKey[]> {
  const cards = await userCards(
    ctx.db,
    rows.map((r) => r.user_id),
  );
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    scope: r.scope,
    prefix: r.prefix,
    userId: r.user_id,
    userLogin: cards.get(r.user_id)?.login ?? '',
    dateCreate: new Date(r.created_at).toISOString(),
    lastUsedAt: iso(r.last_used_at),
    dateRevoke: iso(r.revoked_at),
    calls: r.calls,
  }));
}

/** A key the caller may see: their own, or any for staff; another's answers like a missing one. */
async function visibleKey(ctx: RestContext, id: number): Promise<q.ApiKeyRow> {
  const actor = requireActor(ctx);
  const row = await q.keyById(ctx.db, id);
  if (!row || (row.user_id !== actor.id && !isStaff(actor))) throw new AppError('NOT_FOUND', 'error.apiKeyNotFound');
  return row;
}

export const keysHandlers: Handlers<typeof apiKeysMethods> = {
  async 'api-key/list'(input, ctx) {
    const actor = requireActor(ctx);
    const asked = input.filter?.userId;
    // A dealer sees their own keys whatever they ask for; staff see one user's, or everyone's.
    const userId = isStaff(actor) ? (asked ?? null) : actor.id;
    const { count, rows } = await q.listKeys(ctx.db, { userId, active: input.filter?.active }, input);
    return { count, items: await views(ctx, rows) };
  },

  async 'api-key/create'(input, ctx) {
    const actor = requireActor(ctx);
    const { token, prefix, hash } = newToken();
    const row = await inTransaction(ctx, async (trx) => {
      if ((await q.countActiveKeys(trx, actor.id)) >= MAX_ACTIVE_KEYS) {
        throw new AppError('CONFLICT', 'error.apiKeyTooMany', { args: [MAX_ACTIVE_KEYS] });
      }
      const created = await q.insertKey(trx, {
        userId: actor.id,
        name: input.name,
        scope: input.scope,
        prefix,
        tokenHash: hash,
      });
      await recordAudit(trx, ctx, {
        entity: 'api-key',
        id: created.id,
        action: 'create',
        after: { name: created.name, scope: created.scope, prefix, userId: actor.id },
      });
      return created;
    });
    const [key] = await views(ctx, [row]);
    return { key: key!, token };
  },

  async 'api-key/delete'(input, ctx) {
    const actor = requireActor(ctx);
    const row = await visibleKey(ctx, input.id);
    await inTransaction(ctx, async (trx) => {
      await q.revokeKey(trx, row.id, actor.id);
      if (!row.revoked_at) {
        await recordAudit(trx, ctx, {
          entity: 'api-key',
          id: row.id,
          action: 'delete',
          before: { name: row.name, scope: row.scope, prefix: row.prefix, userId: row.user_id },
        });
      }
    });
    return { ok: true };
  },

  async 'api-key/calls'(input, ctx) {
    const row = await visibleKey(ctx, input.filter.key);
    const { count, rows } = await q.listCalls(ctx.db, row.id, input);
    return {
      count,
      items: rows.map((c) => ({
        id: Number(c.id),
        method: c.method,
        status: c.status,
        ip: c.ip,
        dateCreate: new Date(c.created_at).toISOString(),
      })),
    };
  },
};
