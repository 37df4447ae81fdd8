/** The companies module's face: what other modules may use of it. */
export {
  counterpartiesOfUsers,
  counterpartyById,
  counterpartyNames,
  orderCompanies,
  ownCounterpartyId,
} from './queries.js';
