/** The baskets module's face: what other modules may use of it. */
export { putLines } from './put-lines.js';
export { basketLines, basketView, emptyBasket, ownBasket, round2 } from './queries.js';
export { basketTemplate, readSheetRows } from './spreadsheet.js';
export { belowMinimum, limitsFor, priceTypeChangeProblem } from './thresholds.js';
