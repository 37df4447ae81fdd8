/**
 * The keys module's face (decision 210): API keys of the dealers' own systems. The dispatcher asks
 * `keyCallerOf` who a Bearer call is; the app registers the call log.
 */
export { keyCallerOf, registerKeyCallLog, type KeyCaller } from './authenticate.js';
export { keysHandlers } from './handlers.js';
