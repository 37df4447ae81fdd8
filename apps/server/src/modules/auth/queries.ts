import { expressionBuilder, sql, type Selectable } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Db } from '../../db/database.js';
import type { UsersTable } from './tables.js';

/** Reads and writes of the `users` table that other modules need, through the auth module's face. */

/** Registrations an administrator has not approved yet (the order desk's tile). */
export async function countUsersAwaitingApproval(db: Db): Promise<number> {
  const { n } = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('approved', '=', false)
    .executeTakeFirstOrThrow();
  return Number(n);
}

export const userById = (db: Db, id: number) =>
  db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();

/** A dealer's own price type and payment method (the catalogue's pricing settings). */
export async function setUserPricing(
  db: Db,
  userId: number,
  set: { price_type_id?: number | null; pay_system_id?: number | null },
): Promise<void> {
  if (Object.keys(set).length > 0) await db.updateTable('users').set(set).where('id', '=', userId).execute();
}

/** Where a user is written to: the address and the language of their letters and notices. */
export const contactOf = (db: Db, id: number) =>
  db.selectFrom('users').select(['email', 'language']).where('id', '=', id).executeTakeFirst();

/** A user's price type (the ordering settings that are not the order's own). */
export const priceTypeOf = async (db: Db, id: number): Promise<number | null> =>
  (await db.selectFrom('users').select('price_type_id').where('id', '=', id).executeTakeFirstOrThrow()).price_type_id;

/** The addresses of the active users in any of the groups (`ADMINS`, `EMPLOYEES`, …), oldest account first. */
export async function activeEmailsIn(db: Db, groups: readonly string[]): Promise<string[]> {
  const rows = await db
    .selectFrom('users')
    .select('email')
    .where(sql<boolean>`groups && ARRAY[${sql.join(groups)}]::text[]`)
    .where('active', '=', true)
    .where('email', '<>', '')
    .orderBy('id')
    .execute();
  return rows.map((r) => r.email);
}

/**
 * How many active dealers have each price type (null: none chosen, so the default one): the exchange page says
 * which 1C price types no dealer sees (decision 187).
 */
export async function dealerCountsByPriceType(db: Db): Promise<Map<number | null, number>> {
  const rows = await db
    .selectFrom('users')
    .select((eb) => ['price_type_id', eb.fn.countAll<string>().as('n')])
    .where(sql<boolean>`'DEALERS' = ANY(groups)`)
    .where('active', '=', true)
    .groupBy('price_type_id')
    .execute();
  return new Map(rows.map((r) => [r.price_type_id, Number(r.n)]));
}

/** What other modules show of a user beside their own rows: login, name parts (for `fullNameOf`), company, contact. */
export type UserCard = Pick<
  Selectable<UsersTable>,
  'id' | 'login' | 'last_name' | 'first_name' | 'middle_name' | 'company' | 'email' | 'phone' | 'groups'
>;

/**
 * The cards of the users with these ids, by id: a list reads its page first and its users after, one keyed
 * read instead of a join on `users` (decision 150). Missing ids are absent from the map.
 */
export async function userCards(db: Db, ids: Iterable<number | null>): Promise<Map<number, UserCard>> {
  const wanted = [...new Set([...ids].filter((id): id is number => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .selectFrom('users')
    .select(['id', 'login', 'last_name', 'first_name', 'middle_name', 'company', 'email', 'phone', 'groups'])
    .where('id', 'in', wanted)
    .execute();
  return new Map(rows.map((r) => [r.id, r]));
}

/**
 * The user columns an order row shows, the order desk and the returns list search on and the 1C exchange
 * sends, as a subquery another module joins on its user id (`.innerJoin(orderUsers().as('u'), 'u.id',
 * 'o.user_id')`, or `JOIN ${orderUsers()} u` in a raw `sql` template): the list is filtered, counted and paged
 * in one query, so a keyed read after the page would not do. The planner pulls the subquery up.
 */
export const orderUsers = () =>
  expressionBuilder<Database, never>()
    .selectFrom('users')
    .select(['id', 'login', 'last_name', 'first_name', 'email', 'phone', 'company', 'inn']);
