/** The returns module's face: what other modules may use of it. */
import './file-refs.js';
export { countReturnsWaiting, isFileOnReturns } from './queries.js';
