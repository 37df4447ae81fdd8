import type { auditMethods } from '@portal/contract';
import type { Handlers } from '../../rest/context.js';
import { userCards } from '../auth/index.js';
import * as q from './queries.js';

export const auditHandlers: Handlers<typeof auditMethods> = {
  async 'audit/list'(input, ctx) {
    const { count: n, rows } = await q.auditEntries(ctx.db, input);
    const [entities, actions, users] = await Promise.all([
      q.auditEntities(ctx.db),
      q.auditActions(ctx.db),
      userCards(
        ctx.db,
        rows.map((r) => r.user_id),
      ),
    ]);
    const json = (v: unknown) =>
      typeof v === 'string' ? (JSON.parse(v) as Record<string, unknown>) : (v as Record<string, unknown> | null);
    return {
      count: Number(n),
      items: rows.map((r) => {
        const u = r.user_id === null ? undefined : users.get(r.user_id);
        const login = u?.login ?? r.user_login;
        return {
          id: Number(r.id),
          date: r.created_at.toISOString(),
          user: {
            id: r.user_id,
            login,
            name: [u?.last_name, u?.first_name].filter(Boolean).join(' ') || login,
          },
          ip: r.ip,
          entity: r.entity,
          entityId: r.entity_id,
          action: r.action,
          before: json(r.before),
          after: json(r.after),
        };
      }),
      entities: entities.map((e) => e.entity),
      actions: actions.map((a) => a.action),
    };
  },
};
