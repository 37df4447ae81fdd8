/**
 * The telegram module's face (decision 226): the dealer's link to the supplier's bot, the bot's long polling
 * and messages on the job queue, and the order listener the app registers into orders from above.
 */
export { telegramHandlers } from './handlers.js';
export { accountTelegram, orderTelegram, telegramJobHandlers, TELEGRAM_POLL_JOB, TELEGRAM_SEND_JOB } from './bot.js';
