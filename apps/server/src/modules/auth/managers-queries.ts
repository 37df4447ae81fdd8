import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/database.js';
import { companiesWithManagers, companyManagerId, companyManagers } from '../companies/index.js';
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

/** An active employee's card (a manager who is blocked or no longer an employee does not count). */
async function activeManagerCard(db: Db, managerId: number): Promise<ManagerCard | null> {
  const row = await db
    .selectFrom('users as m')
    .select(CARD_COLUMNS)
    .where('m.id', '=', managerId)
    .where('m.active', '=', true)
    .where(sql<boolean>`'EMPLOYEES' = ANY(m.groups)`)
    .executeTakeFirst();
  return row ? cardOf(row) : null;
}

/**
 * The dealer's manager, if one is assigned and still an active employee. About one of the dealer's companies
 * (an order's), the company's own manager wins when it has one that counts (decision 227).
 */
export async function managerOf(
  db: Db,
  dealerId: number,
  companyId: number | null = null,
): Promise<ManagerCard | null> {
  if (companyId !== null) {
    const own = await companyManagerId(db, companyId);
    const card = own === null ? null : await activeManagerCard(db, own);
    if (card) return card;
  }
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

export interface CompanyManager {
  id: number;
  name: string;
  inn: string;
  manager: ManagerCard | null;
}

/** A dealer's companies, each with its own manager (null: the dealer's manager serves it). */
export async function companyManagersOf(db: Db, dealerId: number): Promise<CompanyManager[]> {
  const rows = await companiesWithManagers(db, dealerId);
  return Promise.all(
    rows.map(async (r) => ({
      id: r.id,
      name: r.name,
      inn: r.inn,
      manager: r.manager_id === null ? null : await activeManagerCard(db, r.manager_id),
    })),
  );
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

/**
 * How many dealers an employee manages, themselves or through one of their companies (their desk opens on «Мои
 * дилеры» when there are any).
 */
export async function countManagedDealers(db: Db, managerId: number): Promise<number> {
  const { n } = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where((eb) =>
      eb.or([
        eb('manager_id', '=', managerId),
        sql<boolean>`id IN (SELECT cm.user_id FROM ${companyManagers()} cm WHERE cm.manager_id = ${managerId})`,
      ]),
    )
    .executeTakeFirstOrThrow();
  return Number(n);
}

/**
 * A condition on an order's dealer and company columns: the manager serves the order — its company's own
 * manager (an active employee) when there is one, else the dealer's (the desk's «Мои дилеры»; decision 227).
 */
export const managedBy = (userColumn: string, companyColumn: string, managerId: number): RawBuilder<boolean> =>
  sql<boolean>`COALESCE(
    (SELECT cm.manager_id FROM ${companyManagers()} cm
      JOIN users mm ON mm.id = cm.manager_id AND mm.active AND 'EMPLOYEES' = ANY(mm.groups)
      WHERE cm.id = ${sql.ref(companyColumn)}),
    (SELECT md.manager_id FROM users md WHERE md.id = ${sql.ref(userColumn)})
  ) = ${managerId}`;

/** What a staff e-mail is about, and where it goes when no manager serves it. */
export interface StaffMailAbout {
  /** The dealer the e-mail is about (their manager gets it). */
  dealerId?: number | null;
  /** The dealer's company it is about (an order's): its own manager wins over the dealer's. */
  companyId?: number | null;
  /**
   * The general address (site setting «Общий адрес менеджеров»), read by the caller: the notices module stands
   * on the settings module's floor and cannot read it (decision 215). Empty: the groups below.
   */
  generalAddress?: string;
  /** With no general address, every active member of these groups (the portal's behaviour before). */
  generalGroups?: readonly string[];
}

/**
 * Where the staff e-mails about a dealer go (decisions 199, 227): the manager of the company they are about, else the
 * dealer's manager; with none assigned (or no address), the general address of the site settings, and with
 * that empty every active employee's (and an administrator's, for a new order), as before the managers.
 */
export async function staffAddressesFor(db: Db, about: StaffMailAbout = {}): Promise<string[]> {
  if (about.dealerId != null) {
    const manager = await managerOf(db, about.dealerId, about.companyId ?? null);
    if (manager?.email) return [manager.email];
  }
  const general = about.generalAddress?.trim();
  if (general) return [general];
  return activeEmailsIn(db, about.generalGroups ?? ['EMPLOYEES']);
}
