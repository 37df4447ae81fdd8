import type { auditMethods } from '@portal/contract';
import type { Db } from '../../db/database.js';
import type { Handlers } from '../../rest/context.js';
import { userCards } from '../auth/index.js';
import * as q from './queries.js';

/**
 * The names the log's entries show for ids (price types, payment systems), by kind. The catalogue sits above
 * audit (docs/architecture.md, "Floors") and registers its lists from there; a kind not registered is empty.
 */
export type AuditNames = (db: Db) => Promise<Array<{ id: number; name: string }>>;
const auditNames: { priceTypes?: AuditNames; paySystems?: AuditNames } = {};
export function nameAuditIdsWith(kind: keyof typeof auditNames, names: AuditNames): void {
  auditNames[kind] = names;
}
const namesOf = (db: Db, kind: keyof typeof auditNames) => auditNames[kind]?.(db) ?? Promise.resolve([]);

export const auditHandlers: Handlers<typeof auditMethods> = {
  async 'audit/list'(input, ctx) {
    const { count: n, rows } = await q.auditEntries(ctx.db, input);
    const [entities, actions, authors, priceTypes, paySystems] = await Promise.all([
      q.auditEntities(ctx.db),
      q.auditActions(ctx.db),
      q.auditAuthors(ctx.db),
      namesOf(ctx.db, 'priceTypes'),
      namesOf(ctx.db, 'paySystems'),
    ]);
    const users = await userCards(ctx.db, [...rows.map((r) => r.user_id), ...authors.map((a) => a.user_id)]);
    const nameOf = (id: number | null, login: string) => {
      const u = id === null ? undefined : users.get(id);
      return [u?.last_name, u?.first_name].filter(Boolean).join(' ') || u?.login || login;
    };
    const json = (v: unknown) =>
      typeof v === 'string' ? (JSON.parse(v) as Record<string, unknown>) : (v as Record<string, unknown> | null);
    return {
      count: Number(n),
      items: rows.map((r) => {
        const login = (r.user_id === null ? undefined : users.get(r.user_id))?.login ?? r.user_login;
        return {
          id: Number(r.id),
          date: r.created_at.toISOString(),
          user: { id: r.user_id, login, name: nameOf(r.user_id, login) },
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
      authors: authors
        .map((a) => {
          const id = a.user_id!;
          const login = users.get(id)?.login ?? a.login ?? '';
          return { id, login, name: nameOf(id, login) };
        })
        .sort((a, b) => a.name.localeCompare(b.name, 'ru')),
      names: {
        priceTypes: Object.fromEntries(priceTypes.map((p) => [String(p.id), p.name])),
        paySystems: Object.fromEntries(paySystems.map((p) => [String(p.id), p.name])),
      },
    };
  },
};
