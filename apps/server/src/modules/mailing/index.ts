/** The mailing module's face: what other modules may use of it. */
export { unsubscribe } from './subscriptions.js';
