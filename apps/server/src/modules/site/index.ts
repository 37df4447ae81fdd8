/**
 * The site module's face: the site settings (one schema in the contract, `siteSettingsSchema`) for other
 * modules. (Issue 16 moves the rest of the module's exports here.)
 */
export { readOrderTidingsMinutes, readReturnDays, readSiteSettings, readSupplier, readThresholds } from './handlers.js';
export { checkStoredExchangeUser, readExchangeUser } from './exchange-user.js';
