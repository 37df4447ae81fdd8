import type { Methods } from '@portal/contract';
import { authHandlers } from '../modules/auth/handlers.js';
import { siteHandlers } from '../modules/site/handlers.js';
import { catalogHandlers } from '../modules/catalog/handlers.js';
import type { Handlers } from './context.js';

/**
 * Every method of the contract bound to its handler, once. The type makes a missing or extra handler a
 * compile error.
 */
export const handlers: Handlers<Methods> = {
  ...siteHandlers,
  ...authHandlers,
  ...catalogHandlers,
};
