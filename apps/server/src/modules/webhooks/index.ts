/**
 * The webhooks module's face (decision 225): dealers' endpoints, their signed deliveries from the job queue,
 * and the order listener the app registers into orders from above.
 */
export { webhooksHandlers } from './handlers.js';
export { accountWebhooks, emitWebhookEvent, orderWebhooks, priceListWebhooks, WEBHOOK_JOB } from './events.js';
export { webhookJobHandlers } from './deliver.js';
