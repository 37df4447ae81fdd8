import type { auditMethods } from '@portal/contract';
import { sql } from 'kysely';
import type { Handlers } from '../../rest/context.js';
import { containsPattern, paged } from '../../rest/paging.js';
import { userCards } from '../auth/index.js';
import './tables.js';
import { dayEnd, dayStart } from '../../rest/dates.js';

export const auditHandlers: Handlers<typeof auditMethods> = {
  async 'audit/list'(input, ctx) {
    const f = input.filter ?? {};
    let q = ctx.db.selectFrom('audit_log as a');
    if (f.entity) q = q.where('a.entity', '=', f.entity);
    if (f.action) q = q.where('a.action', '=', f.action);
    if (f.entityId) q = q.where('a.entity_id', '=', f.entityId);
    if (f.user) q = q.where('a.user_id', '=', f.user);
    if (f.dateFrom) q = q.where('a.created_at', '>=', dayStart(f.dateFrom));
    if (f.dateTo) q = q.where('a.created_at', '<', dayEnd(f.dateTo));
    if (f.search) {
      const like = containsPattern(f.search);
      q = q.where((eb) =>
        eb.or([
          eb('a.user_login', 'ilike', like),
          eb(sql<string>`coalesce(a.before::text, '')`, 'ilike', like),
          eb(sql<string>`coalesce(a.after::text, '')`, 'ilike', like),
        ]),
      );
    }
    const { n } = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const rows = await paged(
      q
        .select([
          'a.id',
          'a.created_at',
          'a.user_id',
          'a.user_login',
          'a.ip',
          'a.entity',
          'a.entity_id',
          'a.action',
          'a.before',
          'a.after',
        ])
        .orderBy('a.id', input.sort?.ID === 'ASC' ? 'asc' : 'desc'),
      input,
    ).execute();
    const [entities, actions, users] = await Promise.all([
      ctx.db.selectFrom('audit_log').select('entity').distinct().orderBy('entity').execute(),
      ctx.db.selectFrom('audit_log').select('action').distinct().orderBy('action').execute(),
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
