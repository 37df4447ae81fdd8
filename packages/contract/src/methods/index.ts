import { authMethods } from './auth.js';
import { siteMethods } from './site.js';
import { catalogMethods } from './catalog.js';

/**
 * Every /rest/ method of the portal, keyed by its wire name. Each domain declares its methods in its own
 * file; this table is the one place they are joined, and the server must bind a handler to each.
 */
export const methods = {
  ...siteMethods,
  ...authMethods,
  ...catalogMethods,
};

export type Methods = typeof methods;
export type MethodName = keyof Methods;
