/** The companies module's face: what other modules may use of it. */
export {
  counterpartiesOfUsers,
  counterpartyById,
  counterpartyFrom1C,
  visibleCounterparties,
  counterpartyNames,
  orderCompanies,
  ownCounterpartyId,
} from './queries.js';
