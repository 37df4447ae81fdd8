import type { Methods } from '@portal/contract';
import { authHandlers } from '../modules/auth/handlers.js';
import { siteHandlers } from '../modules/site/handlers.js';
import { counterpartyHandlers } from '../modules/companies/handlers.js';
import { basketHandlers } from '../modules/baskets/handlers.js';
import { fileHandlers } from '../modules/files/handlers.js';
import { orderHandlers } from '../modules/orders/handlers.js';
import type { Handlers } from './context.js';

/**
 * Every method of the contract bound to its handler, once. The type makes a missing or extra handler a
 * compile error.
 */
export const handlers: Handlers<Methods> = {
  ...siteHandlers,
  ...authHandlers,
  ...counterpartyHandlers,
  ...basketHandlers,
  ...fileHandlers,
  ...orderHandlers,
};
