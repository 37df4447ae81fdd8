/**
 * The settings module's face: the `site_settings` rows and their readers (the site settings in one schema of
 * the contract, `siteSettingsSchema`; thresholds, return days, the supplier; the 1C exchange user). It sits low
 * (docs/architecture.md, "Floors"), so the catalogue, the basket, orders and returns read it without importing
 * the site module above them.
 */
export {
  readCreditRule,
  readEmployeeDiscountLimit,
  readOrderTidingsMinutes,
  readReturnDays,
  readSiteSettings,
  readStaffEmail,
  readSupplier,
  readThresholds,
  thresholdsFrom,
} from './read.js';
export { checkStoredExchangeUser, readExchangeUser, type StoredExchangeUser } from './exchange-user.js';
export {
  deleteSetting,
  lockMainSettings,
  mainSettingsRow,
  putSetting,
  settingRow,
  storedThresholdsSql,
} from './queries.js';
