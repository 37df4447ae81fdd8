import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/database.js';
import { fullNameOf } from './actor.js';
import { activeEmailsIn } from './queries.js';
import './tables.js';

/**
 * The personal manager of a dealer (decision 199): an active employee an administrator assigns. Its SQL lives
 * here, with the owner of `users`; the back office's methods are bound by the users module, the desk's filter
 * and the mail routing use this face.
 */

export interface ManagerCard {
  id: number;
  name: string;
  phone: string;
  email: string;
}

const cardOf = (r: {
  id: number;
  login: string;
  last_name: string;
  first_name: string;
  middle_name: string;
  phone: string;
  email: string;
}): ManagerCard => ({
  id: r.id,
  name: fullNameOf(r) || r.login,
  phone: r.phone,
  email: r.email,
});

const CARD_COLUMNS = ['m.id', 'm.login', 'm.last_name', 'm.first_name', 'm.middle_name', 'm.phone', 'm.email'] as const;

/** The dealer's manager, if one is assigned and still an active employee. */
export async function managerOf(db: Db, dealerId: number): Promise<ManagerCard | null> {
  const row = await db
    .selectFrom('users as d')
    .innerJoin('users as m', 'm.id', 'd.manager_id')
    .select(CARD_COLUMNS)
    .where('d.id', '=', dealerId)
    .where('m.active', '=', true)
    .where(sql<boolean>`'EMPLOYEES' = ANY(m.groups)`)
    .executeTakeFirst();
  return row ? cardOf(row) : null;
}

/** Every active employee: who may be a dealer's manager, by name. */
export async function managerCandidates(db: Db): Promise<ManagerCard[]> {
  const rows = await db
    .selectFrom('users as m')
    .select(CARD_COLUMNS)
    .where('m.active', '=', true)
    .where(sql<boolean>`'EMPLOYEES' = ANY(m.groups)`)
    .orderBy('m.last_name')
    .orderBy('m.first_name')
    .orderBy('m.id')
    .execute();
  return rows.map(cardOf);
}

/** Whether the user is an active employee (a manager must be one). */
export async function isActiveEmployee(db: Db, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('id', '=', userId)
    .where('active', '=', true)
    .where(sql<boolean>`'EMPLOYEES' = ANY(groups)`)
    .executeTakeFirst();
  return row !== undefined;
}

/** Assigns the dealer's manager (null: none); answers the manager before, for the audit log. */
export async function setManager(db: Db, dealerId: number, managerId: number | null): Promise<number | null> {
  const before = await db
    .selectFrom('users')
    .select('manager_id')
    .where('id', '=', dealerId)
    .forUpdate()
    .executeTakeFirst();
  await db
    .updateTable('users')
    .set({ manager_id: managerId, updated_at: new Date() })
    .where('id', '=', dealerId)
    .execute();
  return before?.manager_id ?? null;
}

/** How many dealers an employee manages (their desk opens on «Мои дилеры» when there are any). */
export async function countManagedDealers(db: Db, managerId: number): Promise<number> {
  const { n } = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('manager_id', '=', managerId)
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** A condition on a column holding a dealer's id: the dealer is one the manager manages (the desk's filter). */
export const managedBy = (userColumn: string, managerId: number): RawBuilder<boolean> =>
  sql<boolean>`${sql.ref(userColumn)} IN (SELECT md.id FROM users md WHERE md.manager_id = ${managerId})`;

/**
 * Where the staff e-mails about a dealer go (decision 199): their manager's address, or, with none assigned
 * (or no address), the general one — every active employee's (and an administrator's, for a new order), as
 * before the managers.
 */
export async function staffAddressesFor(
  db: Db,
  dealerId: number | null,
  general: readonly string[] = ['EMPLOYEES'],
): Promise<string[]> {
  if (dealerId !== null) {
    const manager = await managerOf(db, dealerId);
    if (manager?.email) return [manager.email];
  }
  return activeEmailsIn(db, general);
}
