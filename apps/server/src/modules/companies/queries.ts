import { expressionBuilder } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import './tables.js';

/** Reads of the `counterparties` table that other modules need, through the companies module's face. */

export const counterpartyById = (db: Db, id: number) =>
  db.selectFrom('counterparties').selectAll().where('id', '=', id).executeTakeFirst();

/** The user's own company with this id, if it is theirs (an order names one of the dealer's companies). */
export const ownCounterpartyId = async (db: Db, userId: number, id: number): Promise<number | undefined> =>
  (
    await db
      .selectFrom('counterparties')
      .select('id')
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst()
  )?.id;

/** The companies of these users (id, owner, name, INN), oldest first. */
export const counterpartiesOfUsers = async (db: Db, userIds: number[]) =>
  userIds.length === 0
    ? []
    : db
        .selectFrom('counterparties')
        .select(['id', 'user_id', 'name', 'inn'])
        .where('user_id', 'in', userIds)
        .orderBy('id')
        .execute();

/** The names of these companies, by id. */
export async function counterpartyNames(db: Db, ids: Iterable<number | null>): Promise<Map<number, string>> {
  const wanted = [...new Set([...ids].filter((id): id is number => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db.selectFrom('counterparties').select(['id', 'name']).where('id', 'in', wanted).execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}

/**
 * The company columns an order row shows, the desk and the returns list search on (name, INN) and the 1C
 * exchange sends (KPP, address), as a subquery to join on.
 */
export const orderCompanies = () =>
  expressionBuilder<Database, never>()
    .selectFrom('counterparties')
    .select(['id', 'name', 'inn', 'kpp', 'legal_address']);
