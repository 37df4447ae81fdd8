/**
 * The SQL of the users module's handlers (user administration), kept with the owner of the `users` and
 * `sessions` tables (decision 150): who may see whom, the list, uniqueness checks, and the account writes.
 * The users module calls these through the auth face (`userAdmin`) and shapes the answer; every write that
 * belongs together takes the transaction `trx`.
 */
import { sql, type SelectQueryBuilder } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { containsPattern, countAndPage } from '../../rest/paging.js';
import type { Actor, UserRow } from './actor.js';
import { isAdmin, isDealer, isStaff } from './roles.js';
import './tables.js';

/**
 * Who a caller may see (the rule lives in the WHERE): administrators everyone; a dealer themselves and the
 * working dealer accounts of their own company (same non-empty `company`); an employee themselves and every
 * dealer's card, to read (decision 193: employees run the desk); anyone else only themselves.
 */
function visibleTo<O>(actor: Actor, query: SelectQueryBuilder<Database, 'users', O>) {
  if (isAdmin(actor)) return query;
  if (isStaff(actor)) {
    return query.where((eb) => eb.or([eb('users.id', '=', actor.id), sql<boolean>`'DEALERS' = ANY(users.groups)`]));
  }
  if (isDealer(actor) && actor.row.company.trim()) {
    return query.where((eb) =>
      eb.or([
        eb('users.id', '=', actor.id),
        eb.and([
          eb('users.company', '=', actor.row.company),
          eb('users.approved', '=', true),
          eb('users.active', '=', true),
          sql<boolean>`'DEALERS' = ANY(users.groups)`,
        ]),
      ]),
    );
  }
  return query.where('users.id', '=', actor.id);
}

/** A user the actor may see, or undefined. */
export const visibleUser = (db: Db, actor: Actor, id: number): Promise<UserRow | undefined> =>
  visibleTo(actor, db.selectFrom('users').selectAll()).where('users.id', '=', id).executeTakeFirst();

export const userRow = (db: Db, id: number): Promise<UserRow | undefined> =>
  db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();

export type UserListInput = {
  page: number;
  size: number;
  filter?: { search?: string; group?: string; status?: 'pending' | 'active' | 'blocked' };
  sort?: Partial<Record<string, 'ASC' | 'DESC'>>;
};

/** The users the actor may see, filtered: their count and a page, pending registrations first. */
export async function listUsers(db: Db, actor: Actor, input: UserListInput | undefined) {
  let base = visibleTo(actor, db.selectFrom('users'));
  const f = input?.filter;
  if (f?.search) {
    const p = containsPattern(f.search);
    base = base.where((eb) =>
      eb.or([
        eb('users.login', 'ilike', p),
        eb('users.email', 'ilike', p),
        eb('users.company', 'ilike', p),
        eb('users.inn', 'ilike', p),
        eb(sql`users.last_name || ' ' || users.first_name || ' ' || users.middle_name`, 'ilike', p),
      ]),
    );
  }
  if (f?.group) base = base.where(sql<boolean>`${f.group} = ANY(users.groups)`);
  if (f?.status === 'pending') base = base.where('users.approved', '=', false);
  if (f?.status === 'active') base = base.where('users.approved', '=', true).where('users.active', '=', true);
  if (f?.status === 'blocked') base = base.where('users.approved', '=', true).where('users.active', '=', false);
  const [key, dir] = (Object.entries(input?.sort ?? {})[0] ?? ['DATE', 'DESC']) as [string, 'ASC' | 'DESC'];
  const direction = dir === 'ASC' ? 'asc' : 'desc';
  return countAndPage(
    base,
    (q) =>
      q
        .selectAll('users')
        .orderBy('users.approved', 'asc')
        .orderBy(
          key === 'LOGIN'
            ? sql`lower(users.login)`
            : key === 'NAME'
              ? sql`lower(users.last_name || users.first_name)`
              : key === 'ID'
                ? sql`users.id`
                : sql`users.created_at`,
          direction,
        )
        .orderBy('users.id', direction),
    input,
  );
}

/** Working administrators other than `exceptId`. */
export async function otherAdmins(db: Db, exceptId: number): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where(sql<boolean>`'ADMINS' = ANY(groups)`)
    .where('active', '=', true)
    .where('approved', '=', true)
    .where('id', '<>', exceptId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Logins and e-mails of other users equal (ignoring case) to the given ones. */
export const takenLoginsEmails = (db: Db, values: { login?: string; email?: string }, exceptId: number) =>
  db
    .selectFrom('users')
    .select(['login', 'email'])
    .where('id', '<>', exceptId)
    .where((eb) =>
      eb.or([
        eb(sql`lower(login)`, '=', (values.login ?? '').toLowerCase()),
        eb(sql`lower(email)`, '=', (values.email ?? '').toLowerCase()),
      ]),
    )
    .execute();

export type NewUser = {
  login: string;
  email: string;
  password_hash: string;
  first_name: string;
  last_name: string;
  middle_name: string;
  phone: string;
  company: string;
  inn: string;
  city: string;
  groups: string[];
  price_type_id: number | null;
  pay_system_id: number | null;
  language: string;
};

/** A working (approved, active) account; its id. */
export async function insertUser(trx: Db, values: NewUser): Promise<number> {
  const row = await trx
    .insertInto('users')
    .values({ ...values, approved: true, active: true })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Sets the given columns and `updated_at`. */
export async function updateUser(trx: Db, id: number, set: Record<string, unknown>): Promise<void> {
  await trx
    .updateTable('users')
    .set({ ...set, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

export async function deleteUser(trx: Db, id: number, onlyPending = false): Promise<void> {
  let q = trx.deleteFrom('users').where('id', '=', id);
  if (onlyPending) q = q.where('approved', '=', false);
  await q.execute();
}

/** Ends the user's sessions, all or all but `keepSessid`. */
export async function endSessions(trx: Db, userId: number, keepSessid?: string): Promise<void> {
  let q = trx.deleteFrom('sessions').where('user_id', '=', userId);
  if (keepSessid !== undefined) q = q.where('sessid', '<>', keepSessid);
  await q.execute();
}

export const passwordHashOf = async (db: Db, id: number): Promise<string> =>
  (await db.selectFrom('users').select('password_hash').where('id', '=', id).executeTakeFirstOrThrow()).password_hash;
