/** The auth module's face: what other modules may use of it. */
export { isAdmin, isDealer, isStaff } from './roles.js';
export { loadActor, type Actor } from './actor.js';
export { type UserRow, actorOf, fullNameOf, toUserView } from './actor.js';
export { hashPassword, sameHash, verifyPassword } from './passwords.js';
export { sendRestoreLink } from './restore-link.js';
export { DEMO_ACCOUNTS } from './seed.js';
export {
  activeEmailsIn,
  contactOf,
  orderUsers,
  countUsersAwaitingApproval,
  dealerCountsByPriceType,
  priceTypeOf,
  setUserPricing,
  userById,
  userCards,
  type UserCard,
} from './queries.js';
export * as userAdmin from './user-admin.js';
export { dealerCompanyCondition } from './dealer-filter.js';
export { namePriceTypesWith, type PriceTypeNames } from './sign-in.js';
export {
  companyManagersOf,
  countManagedDealers,
  isActiveEmployee,
  managedBy,
  managerCandidates,
  managerOf,
  setManager,
  staffAddressesFor,
  type CompanyManager,
  type ManagerCard,
  type StaffMailAbout,
} from './managers-queries.js';
