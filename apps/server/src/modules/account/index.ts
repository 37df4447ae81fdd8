/** The account module's face (decision 200): the exchange stores 1C's documents and settlements through it. */
export {
  documentKind,
  storeDocument,
  storeSettlement,
  type IncomingDocument,
  type IncomingSettlement,
  type Outcome,
} from './ingest.js';
export { creditOf, paidForOrder, unmatchedOfRuns } from './queries.js';
export { creditGuard, PREPAID_CODES } from './credit.js';
export { accountJobHandlers, BILL_REMINDERS_JOB, remindBills } from './reminders.js';
