import type { Db } from '../../db/database.js';
import './tables.js';

/** The SQL of the site module: the `site_settings` rows (`main`, `exchange`) and the menu. */

/** The `main` settings row (its JSON `value`), if the administrator ever saved one. */
export const mainSettingsRow = (db: Db) =>
  db.selectFrom('site_settings').select('value').where('key', '=', 'main').executeTakeFirst();

/** Locks the `main` row for the caller's transaction, so two saves do not interleave. */
export async function lockMainSettings(db: Db): Promise<void> {
  await db.selectFrom('site_settings').select('key').where('key', '=', 'main').forUpdate().executeTakeFirst();
}

/** Creates or replaces a settings row. */
export async function putSetting(db: Db, key: string, value: unknown): Promise<void> {
  await db
    .insertInto('site_settings')
    .values({ key, value: JSON.stringify(value) })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: JSON.stringify(value) }))
    .execute();
}

export async function deleteSetting(db: Db, key: string): Promise<void> {
  await db.deleteFrom('site_settings').where('key', '=', key).execute();
}

/** The entries of one menu, in their order. */
export const menuItems = (db: Db, menu: string) =>
  db.selectFrom('menu_items').selectAll().where('menu', '=', menu).orderBy('sort').orderBy('id').execute();
