/** The exchange module's face: the 1C protocol routes, the picture route, and the back office's calls. */
export { registerExchangeRoutes, registerPictureRoute } from './protocol.js';
export { EXCHANGE_IMPORT_JOB, EXCHANGE_UPLOAD_JOB, exchangeJobHandlers, type ExchangeServices } from './jobs.js';
