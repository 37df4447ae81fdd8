/** The wishes module's face: what other modules may use of it. */
export { countWishesWaiting } from './queries.js';
