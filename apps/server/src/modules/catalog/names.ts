import type { Db } from '../../db/database.js';
import './tables.js';

/** Price types and payment methods as other modules show or check them (users, orders, the session). */

/** The names of these price types, by id. */
export async function priceTypeNames(db: Db, ids: Iterable<number | null>): Promise<Map<number, string>> {
  const wanted = [...new Set([...ids].filter((id): id is number => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db.selectFrom('price_types').select(['id', 'name']).where('id', 'in', wanted).execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** The names of these payment methods, by id, active or not. */
export async function paySystemNames(db: Db, ids: Iterable<number | null>): Promise<Map<number, string>> {
  const wanted = [...new Set([...ids].filter((id): id is number => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db.selectFrom('pay_systems').select(['id', 'name']).where('id', 'in', wanted).execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** The payment method with this id if a dealer may choose it now (it is active). */
export const activePaySystem = (db: Db, id: number) =>
  db
    .selectFrom('pay_systems')
    .select(['id', 'name', 'name_en'])
    .where('id', '=', id)
    .where('active', '=', true)
    .executeTakeFirst();

/** The payment methods a dealer may choose, in the site's order, with their English names. */
export const activePaySystemsEn = (db: Db) =>
  db.selectFrom('pay_systems').select(['id', 'name', 'name_en']).where('active', '=', true).orderBy('sort').execute();
