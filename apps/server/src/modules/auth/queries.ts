import type { Db } from '../../db/database.js';
import './tables.js';

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
