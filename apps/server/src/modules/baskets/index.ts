/** The baskets module's face: what other modules may use of it. */
export { readOrderLinesWith, type OrderLine, type OrderLinesOf } from './handlers.js';
export { putLines } from './put-lines.js';
export { resolveLines } from './resolve.js';
export { basketLines, basketView, emptyBasket, ownBasket, round2 } from './queries.js';
export { registerBasketTemplateRoute } from './routes.js';
export { basketTemplate, readSheetRows } from './spreadsheet.js';
export { belowMinimum, limitsFor, priceTypeChangeProblem } from './thresholds.js';
