import { can, permissionsFor, rolesOf, type Language, type User } from '@portal/contract';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.js';
import { userById } from './queries.js';
import type { UsersTable } from './tables.js';

export type UserRow = Selectable<UsersTable>;

/** The signed-in user a call runs for: who they are and what their groups let them do. */
export interface Actor {
  id: number;
  login: string;
  roles: number;
  groups: string[];
  language: Language;
  priceTypeId: number | null;
  paySystemId: number | null;
  row: UserRow;
}

export async function loadActor(db: Db, userId: number): Promise<Actor | null> {
  const row = await userById(db, userId);
  return signedInActor(row ?? null);
}

/** The actor of a user row read with the session (decision 220): none for a blocked or unapproved account. */
export function signedInActor(row: UserRow | null): Actor | null {
  if (!row || !row.active || !row.approved) return null;
  return actorOf(row);
}

export function actorOf(row: UserRow): Actor {
  return {
    id: row.id,
    login: row.login,
    roles: rolesOf(row.groups),
    groups: row.groups,
    language: row.language === 'en' ? 'en' : 'ru',
    priceTypeId: row.price_type_id,
    paySystemId: row.pay_system_id,
    row,
  };
}

export const fullNameOf = (row: Pick<UserRow, 'last_name' | 'first_name' | 'middle_name'>) =>
  [row.last_name, row.first_name, row.middle_name].filter(Boolean).join(' ');

/**
 * «Может заказывать» (docs/spec/03-entities.md `isOnOrder`): what the user's groups allow (docs/spec/06-roles.md: creating orders is for
 * dealers and administrators) on an active, approved account. Derived, never stored (decision 066): a stored
 * flag that nothing checked told ordering dealers «Нет».
 */
export const mayOrder = (row: Pick<UserRow, 'groups' | 'active' | 'approved'>): boolean =>
  row.active && row.approved && can(rolesOf(row.groups), 'order', 'create');

/** A user as the contract describes it (docs/spec/03-entities.md). */
export function toUserView(row: UserRow, priceTypeName = ''): User {
  return {
    id: row.id,
    login: row.login,
    firstName: row.first_name,
    lastName: row.last_name,
    middleName: row.middle_name,
    fullName: fullNameOf(row) || row.login,
    inn: row.inn,
    city: row.city,
    phone: row.phone,
    email: row.email,
    company: row.company,
    groups: row.groups,
    typePrice: row.price_type_id,
    typePriceName: priceTypeName,
    paySystemId: row.pay_system_id,
    isOnOrder: mayOrder(row),
    active: row.active,
    approved: row.approved,
    twoFactor: row.two_factor,
    language: row.language,
    permissions: permissionsFor(rolesOf(row.groups)),
    price: { id: row.price_type_id, isOrder: mayOrder(row), name: priceTypeName },
  };
}
