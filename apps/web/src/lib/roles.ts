import { Role, rolesOf, type User } from '@portal/contract';

/** The one role check of the web app (the server's is `modules/auth/roles.ts`); the server still decides. */
const rolesOfUser = (user: Pick<User, 'groups'> | null | undefined) => (user ? rolesOf(user.groups) : 0);

/** The supplier's people: administrators and employees. */
export const isStaff = (user: Pick<User, 'groups'> | null | undefined) =>
  (rolesOfUser(user) & (Role.ADMINS | Role.EMPLOYEES)) !== 0;

export const isAdmin = (user: Pick<User, 'groups'> | null | undefined) => (rolesOfUser(user) & Role.ADMINS) !== 0;

export const isDealer = (user: Pick<User, 'groups'> | null | undefined) => (rolesOfUser(user) & Role.DEALERS) !== 0;
