import {
  CATALOG_QUANTITY_MAX,
  CATALOG_QUANTITY_MIN,
  FILTER_KEY_PREFIX,
  methods,
  ORDER_TIDINGS_MINUTES_DEFAULT,
  EMPLOYEE_DISCOUNT_LIMIT_DEFAULT,
  RETURN_DAYS_DEFAULT,
  type SiteSettings,
  type Supplier,
  type Thresholds,
} from '@portal/contract';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
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

/** The thresholds of docs/spec/09-constants.md until the administrator sets them: no limits, no rounding. */
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
  employeeDiscountLimitPercent: EMPLOYEE_DISCOUNT_LIMIT_DEFAULT,
  creditRule: 'off',
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

/** The credit rule at checkout (decision 201); `off` unless the administrator chose another. */
export async function readCreditRule(db: Db): Promise<SiteSettings['creditRule']> {
  const row = await q.mainSettingsRow(db);
  const rule = (row?.value as Partial<SiteSettings> | undefined)?.creditRule;
  return rule === 'warn' || rule === 'block' ? rule : 'off';
}

/** The thresholds of docs/spec/09-constants.md (decision 140): the catalogue, the basket and the checkout apply them on every call. */
export async function readThresholds(db: Db): Promise<Thresholds> {
  const row = await q.mainSettingsRow(db);
  return thresholdsFrom((row?.value as Partial<SiteSettings> | undefined)?.thresholds);
}

/** The thresholds of the stored `thresholds` value (`storedThresholdsSql`), defaults where none are set. */
export function thresholdsFrom(stored: unknown): Thresholds {
  return { ...NO_THRESHOLDS, ...(stored as Partial<Thresholds> | null | undefined) };
}

/** The supplier's requisites (decision 063): the bill and the printed order read them here. */
export async function readSupplier(db: Db): Promise<Supplier> {
  const row = await q.mainSettingsRow(db);
  return supplierOf((row?.value ?? {}) as Partial<SiteSettings>);
}

/** An employee's largest discount on a desk line below the dealer's price, per cent (decision 196). */
export async function readEmployeeDiscountLimit(db: Db): Promise<number> {
  const row = await q.mainSettingsRow(db);
  const limit = (row?.value as Partial<SiteSettings> | undefined)?.employeeDiscountLimitPercent;
  return typeof limit === 'number' && limit >= 0 && limit <= 100 ? limit : EMPLOYEE_DISCOUNT_LIMIT_DEFAULT;
}

/**
 * The general address of the supplier's managers (site setting «Общий адрес менеджеров», decision 227):
 * where staff e-mails about a dealer go when no manager serves it. Kept in its own row (`staff`), not in `main`,
 * which the public page data spreads to every visitor. Empty: every active employee, as before.
 */
export async function readStaffEmail(db: Db): Promise<string> {
  const row = await q.settingRow(db, 'staff');
  const email = (row?.value as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? email.trim() : '';
}
