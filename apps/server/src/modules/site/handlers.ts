import {
  FILTER_KEY_PREFIX,
  CATALOG_QUANTITY_MAX,
  CATALOG_QUANTITY_MIN,
  ORDER_TIDINGS_MINUTES_DEFAULT,
  RETURN_DAYS_DEFAULT,
  type MenuItem,
  type SiteSettings,
  type Supplier,
  type Thresholds,
  type siteMethods,
  hasRoutePermission,
  methods,
  permissionsFor,
  type RoutePermission,
} from '@portal/contract';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import type { Handlers } from '../../rest/context.js';
import { isDealer, isStaff } from '../auth/index.js';
import { listContentPages } from '../content/index.js';
import * as q from './queries.js';

/** No requisites until the administrator fills them in (the demo seed does). */
const NO_SUPPLIER: Supplier = {
  name: '',
  inn: '',
  kpp: '',
  ogrn: '',
  address: '',
  phone: '',
  email: '',
  bank: '',
  bik: '',
  account: '',
  corrAccount: '',
  vatRate: 20,
  stamp: '',
  signers: [
    { position: 'Руководитель', name: '', signature: '' },
    { position: 'Главный бухгалтер', name: '', signature: '' },
  ],
};

/** Spec §9 thresholds until the administrator sets them: no limits, no rounding. */
const NO_THRESHOLDS: Thresholds = {
  priceTypeChangeMin: 0,
  priceTypeChangeMinTea: 0,
  priceTypeChangeMinCoffee: 0,
  teaMinQuantity: 0,
  coffeeMinQuantity: 0,
  roundUpCatalog: false,
  roundUpBasket: false,
  teaSections: [],
  coffeeSections: [],
};

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
  returnDays: RETURN_DAYS_DEFAULT,
  orderTidingsMinutes: ORDER_TIDINGS_MINUTES_DEFAULT,
  // The methods the server checks (declared `captcha: true`): the web app sends a token for exactly these.
  captchaMethods: Object.values(methods)
    .filter((m) => 'captcha' in m && m.captcha === true)
    .map((m) => m.name),
  catalogQuantityMin: CATALOG_QUANTITY_MIN,
  catalogQuantityMax: CATALOG_QUANTITY_MAX,
  filterKeyPrefix: FILTER_KEY_PREFIX,
  supplier: NO_SUPPLIER,
  thresholds: NO_THRESHOLDS,
};

/**
 * The supplier with its one phone (decision 190): `supplier.phone`, else the header phone a settings row of
 * the previous version may still hold alone (migration 0190 copies it; an old instance may write it again).
 */
function supplierOf(stored: Partial<SiteSettings>): Supplier {
  const supplier = { ...NO_SUPPLIER, ...stored.supplier };
  return { ...supplier, phone: supplier.phone || (typeof stored.phone === 'string' ? stored.phone : '') };
}

export async function readSiteSettings(db: Db, config: Config): Promise<SiteSettings> {
  const row = await q.mainSettingsRow(db);
  const stored = (row?.value ?? {}) as Partial<SiteSettings>;
  const supplier = supplierOf(stored);
  return {
    ...DEFAULT_SETTINGS,
    ...stored,
    phone: supplier.phone,
    supplier,
    thresholds: { ...NO_THRESHOLDS, ...stored.thresholds },
    captchaSiteKey: config.recaptchaSiteKey,
    mapsApiKey: config.mapsApiKey,
  };
}

/** Days after shipment a dealer may file a return (decision 061); the administrator may change them. */
export async function readReturnDays(db: Db): Promise<number> {
  const row = await q.mainSettingsRow(db);
  const days = (row?.value as Partial<SiteSettings> | undefined)?.returnDays;
  return typeof days === 'number' && Number.isInteger(days) && days >= 0 ? days : DEFAULT_SETTINGS.returnDays;
}

/** Minutes the desk's changes to one order are gathered before the dealer is told (decision 195). */
export async function readOrderTidingsMinutes(db: Db): Promise<number> {
  const row = await q.mainSettingsRow(db);
  const minutes = (row?.value as Partial<SiteSettings> | undefined)?.orderTidingsMinutes;
  return typeof minutes === 'number' && Number.isInteger(minutes) && minutes >= 0
    ? minutes
    : ORDER_TIDINGS_MINUTES_DEFAULT;
}

/** Spec §9 thresholds (decision 140): the catalogue, the basket and the checkout apply them on every call. */
export async function readThresholds(db: Db): Promise<Thresholds> {
  const row = await q.mainSettingsRow(db);
  return { ...NO_THRESHOLDS, ...(row?.value as Partial<SiteSettings> | undefined)?.thresholds };
}

/** The supplier's requisites (decision 063): the bill and the printed order read them here. */
export async function readSupplier(db: Db): Promise<Supplier> {
  const row = await q.mainSettingsRow(db);
  return supplierOf((row?.value ?? {}) as Partial<SiteSettings>);
}

/** Staff handle every dealer's appeals, requests and returns: their menu says so (issue 13 pt 4). */
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
    // Content pages (spec §2 `/{path}`, the menu's «control»), under one entry, where the user sees them.
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
