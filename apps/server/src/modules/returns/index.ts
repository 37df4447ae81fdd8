/** The returns module's face: what other modules may use of it. */
export { isFileOnReturns } from './file-refs.js';
export { countReturnsWaiting } from './waiting.js';
