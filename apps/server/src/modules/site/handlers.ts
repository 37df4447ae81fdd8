import {
  FILTER_KEY_PREFIX,
  CATALOG_QUANTITY_MAX,
  CATALOG_QUANTITY_MIN,
  type MenuItem,
  type SiteSettings,
  type siteMethods,
  hasRoutePermission,
  permissionsFor,
  type RoutePermission,
} from '@portal/contract';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import type { Handlers } from '../../rest/context.js';
import './tables.js';

/** Defaults of every setting; the database row `main` overrides them (the administrator's values). */
const DEFAULT_SETTINGS: Omit<SiteSettings, 'captchaSiteKey' | 'mapsApiKey'> = {
  siteName: 'Дилерский портал',
  logo: '/logo.svg',
  phone: '',
  email: '',
  feedbackEmail: '',
  copyright: '',
  basketLinkTemplate: '/basket/{id}/',
  language: 'ru',
  themeSwitch: false,
  localeSwitch: false,
  captchaMethods: ['user/register', 'user/restore-password', 'answer/create', 'mailings/update'],
  catalogQuantityMin: CATALOG_QUANTITY_MIN,
  catalogQuantityMax: CATALOG_QUANTITY_MAX,
  filterKeyPrefix: FILTER_KEY_PREFIX,
};

export async function readSiteSettings(db: Db, config: Config): Promise<SiteSettings> {
  const row = await db.selectFrom('site_settings').select('value').where('key', '=', 'main').executeTakeFirst();
  const stored = (row?.value ?? {}) as Partial<SiteSettings>;
  return {
    ...DEFAULT_SETTINGS,
    ...stored,
    captchaSiteKey: config.recaptchaSiteKey,
    mapsApiKey: config.mapsApiKey,
  };
}

export const siteHandlers: Handlers<typeof siteMethods> = {
  'site/get-main-settings': (_input, ctx) => readSiteSettings(ctx.db, ctx.config),

  /** The menu in the caller's language, with the entries their permissions do not allow left out. */
  async 'menu/list'(input, ctx) {
    const rows = await ctx.db
      .selectFrom('menu_items')
      .selectAll()
      .where('menu', '=', input?.type ?? 'left')
      .orderBy('sort')
      .orderBy('id')
      .execute();
    const permissions = ctx.actor ? permissionsFor(ctx.actor.roles) : null;
    const visible = rows.filter(
      (r) =>
        ctx.actor &&
        (!r.permission || (permissions && hasRoutePermission(permissions, r.permission as RoutePermission))),
    );
    const byParent = new Map<number | null, typeof visible>();
    for (const row of visible) byParent.set(row.parent_id, [...(byParent.get(row.parent_id) ?? []), row]);
    const build = (parent: number | null, level: number): MenuItem[] =>
      (byParent.get(parent) ?? []).map((r) => ({
        link: r.link,
        level,
        label: ctx.language === 'en' ? r.label_en : r.label_ru,
        ...(r.permission ? { permission: r.permission } : {}),
        ...(r.icon ? { icon: r.icon } : {}),
        items: build(r.id, level + 1),
      }));
    const items = build(null, 1);
    return { count: items.length, items };
  },
};
