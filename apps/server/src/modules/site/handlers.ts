import {
  type MenuItem,
  type siteMethods,
  hasRoutePermission,
  permissionsFor,
  type RoutePermission,
} from '@portal/contract';
import type { Handlers } from '../../rest/context.js';
import { isDealer, isStaff } from '../auth/index.js';
import { listContentPages } from '../content/index.js';
import { readSiteSettings } from '../settings/index.js';
import * as q from './queries.js';

/** Staff handle every dealer's appeals, requests and returns: their menu says so (decision 194). */
const STAFF_LABELS: Record<string, { ru: string; en: string }> = {
  '/support/': { ru: 'Обращения дилеров', en: 'Dealers’ support requests' },
  '/wishes/': { ru: 'Заявки дилеров', en: 'Dealers’ requests' },
  '/returns/': { ru: 'Возвраты дилеров', en: 'Dealers’ returns' },
};
const staffLabel = (link: string, language: 'ru' | 'en', staff: boolean) =>
  staff ? STAFF_LABELS[link]?.[language] : undefined;

export const siteHandlers: Handlers<typeof siteMethods> = {
  'site/get-main-settings': (_input, ctx) => readSiteSettings(ctx.db, ctx.config),

  /** The menu in the caller's language, with the entries their permissions do not allow left out. */
  async 'menu/list'(input, ctx) {
    const rows = await q.menuItems(ctx.db, input?.type ?? 'left');
    const permissions = ctx.actor ? permissionsFor(ctx.actor.roles) : null;
    const staff = ctx.actor ? isStaff(ctx.actor) : false;
    // The buyer's entries are for dealers, the back office's for staff (decision 194): an administrator
    // sees no basket or price list unless they are a dealer too.
    const audiences = new Set([
      'all',
      ...(staff ? ['staff'] : []),
      ...(ctx.actor && isDealer(ctx.actor) ? ['dealers'] : []),
    ]);
    const visible = rows.filter(
      (r) =>
        ctx.actor &&
        audiences.has(r.audience) &&
        (!r.permission || (permissions && hasRoutePermission(permissions, r.permission as RoutePermission))),
    );
    const byParent = new Map<number | null, typeof visible>();
    for (const row of visible) byParent.set(row.parent_id, [...(byParent.get(row.parent_id) ?? []), row]);
    const build = (parent: number | null, level: number): MenuItem[] =>
      (byParent.get(parent) ?? []).map((r) => ({
        link: r.link,
        level,
        label: staffLabel(r.link, ctx.language, staff) ?? (ctx.language === 'en' ? r.label_en : r.label_ru),
        ...(r.permission ? { permission: r.permission } : {}),
        ...(r.icon ? { icon: r.icon } : {}),
        items: build(r.id, level + 1),
      }));
    const items = build(null, 1);
    // Content pages (docs/spec/02-screens.md `/{path}`, the menu's «control»), under one entry, where the user sees them.
    if (ctx.actor && (input?.type ?? 'left') === 'left') {
      const pages = await listContentPages(ctx.db);
      if (pages.length > 0) {
        const at = items.findIndex((i) => i.link === '/profile/');
        items.splice(at < 0 ? items.length : at, 0, {
          link: `/${pages[0]!.url}`,
          level: 1,
          label: ctx.language === 'en' ? 'Information' : 'Информация',
          icon: 'page',
          items: pages.map((p) => ({ link: `/${p.url}`, level: 2, label: p.title, items: [] })),
        });
      }
    }
    return { count: items.length, items };
  },
};
