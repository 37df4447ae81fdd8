import type { Db } from '../../db/database.js';
import './tables.js';

/**
 * The site settings page edits the payment methods, price types and price mappings (names, activity,
 * targets); the rows stay the catalogue's. Each writer takes the caller's `db` or transaction.
 */

export const paySystemsForSettings = (db: Db) =>
  db
    .selectFrom('pay_systems')
    .select(['id', 'code', 'name', 'description', 'active'])
    .orderBy('sort')
    .orderBy('id')
    .execute();

export const priceTypesForSettings = (db: Db) =>
  db.selectFrom('price_types').select(['id', 'code', 'name', 'is_default']).orderBy('sort').orderBy('id').execute();

export const priceMappingsForSettings = (db: Db) =>
  db
    .selectFrom('price_mappings')
    .select(['id', 'external_id', 'external_name', 'price_type_id', 'pay_system_id'])
    .orderBy('id')
    .execute();

export async function updatePaySystem(
  db: Db,
  id: number,
  set: { name: string; description: string; active: boolean },
): Promise<void> {
  await db.updateTable('pay_systems').set(set).where('id', '=', id).execute();
}

export async function renamePriceType(db: Db, id: number, name: string): Promise<void> {
  await db.updateTable('price_types').set({ name }).where('id', '=', id).execute();
}

export async function setPriceMappingTarget(
  db: Db,
  id: number,
  target: { priceTypeId: number | null; paySystemId: number | null },
): Promise<void> {
  await db
    .updateTable('price_mappings')
    .set({ price_type_id: target.priceTypeId, pay_system_id: target.paySystemId, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}
