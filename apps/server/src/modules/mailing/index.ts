/** The mailing module's face: what other modules may use of it. */
import './subscriptions.js';
export { unsubscribe } from './queries.js';
