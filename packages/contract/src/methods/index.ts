import { authMethods } from './auth.js';
import { siteMethods } from './site.js';
import { counterpartyMethods } from './companies.js';
import { basketMethods } from './baskets.js';
import { fileMethods } from './files.js';
import { orderMethods } from './orders.js';

/**
 * Every /rest/ method of the portal, keyed by its wire name. Each domain declares its methods in its own
 * file; this table is the one place they are joined, and the server must bind a handler to each.
 */
export const methods = {
  ...siteMethods,
  ...authMethods,
  ...counterpartyMethods,
  ...basketMethods,
  ...fileMethods,
  ...orderMethods,
};

export type Methods = typeof methods;
export type MethodName = keyof Methods;
