import { readOrderLinesWith } from '../baskets/index.js';
import { AppError } from '../../rest/app-error.js';
import { isOrderFrom1C } from './from-1c-queries.js';
import { ownOrderLines } from './heads.js';

// Repeating an order and the corrective form read the order's lines as a basket does: baskets sits below
// orders (docs/architecture.md, "Floors"), so orders registers its reader, as bill-file.ts does for files.
// An order placed in 1C is read-only (decision 202): it is neither repeated nor corrected on the portal.
readOrderLinesWith(async (db, userId, orderId) => {
  const lines = await ownOrderLines(db, userId, orderId);
  if (lines && (await isOrderFrom1C(db, orderId))) throw new AppError('CONFLICT', 'error.orderFrom1C');
  return lines;
});
