/**
 * The price lists module's face (decision 212): the dealer's catalogue at their prices as .xlsx, .csv and YML,
 * streamed by pages, and the secret per-dealer links.
 */
export { priceListHandlers } from './handlers.js';
export { registerPriceListRoutes } from './routes.js';
