/**
 * The price lists module's face (decision 212): the dealer's catalogue at their prices as .xlsx, .csv and YML,
 * streamed by pages, and the secret per-dealer links. Its routes (`routes.ts`) are registered by the app, as the
 * files routes are: they take the dispatcher's deps, which the handler table behind the dispatcher must not import.
 */
export { priceListHandlers } from './handlers.js';
export { onPriceListReady, PRICE_LIST_JOB, priceListJobHandlers, type PriceListReadyListener } from './build.js';
export type { PriceListJobRow } from './queries.js';
export { PRICE_LIST_MAIL_TICK, priceListMailHandlers, sendDuePriceLists } from './mail.js';
