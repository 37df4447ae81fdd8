/** The companies module's face: what other modules may use of it. */
export {
  companiesWithManagers,
  companyManagerId,
  companyManagers,
  counterpartiesOfUsers,
  counterpartyById,
  counterpartyFrom1C,
  visibleCounterparties,
  counterpartyNames,
  orderCompanies,
  ownCounterpartyId,
  setCompanyManager,
} from './queries.js';
