/** The account module's face (decision 200): the exchange stores 1C's documents and settlements through it. */
export {
  documentKind,
  storeDocument,
  storeMemo,
  storeSettlement,
  type IncomingDocument,
  type IncomingSettlement,
  type Outcome,
  type StoreMemo,
} from './ingest.js';
export { creditOf, paidForOrder, unmatchedOfRuns } from './queries.js';
// The exchange lists a document it could not take at all (an operation no kind fits), decision 197.
export { recordUnmatched } from './queries.js';
export { creditGuard, PREPAID_CODES } from './credit.js';
export { accountJobHandlers, BILL_REMINDERS_JOB, remindBills } from './reminders.js';
export { registerAccountListener, type AccountEvent, type AccountListener } from './events.js';
export { convertOrdersFrom1C, CONVERT_ORDERS_JOB } from './convert.js';
