/** The forms module's face: what other modules may use of it. */
export { checkOrderFieldsWith, onConsentWithdrawn, type ConsentWithdrawn, type OrderCheck } from './consents.js';
export type { FormAdminMethod } from './admin.js';
export { consentTo, countAppealsWaiting } from './queries.js';
