import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import './tables.js';

/** The SQL of the settings module: the `site_settings` rows (`main`, `exchange`). */

/** The `main` settings row (its JSON `value`), if the administrator ever saved one. */
export const mainSettingsRow = (db: Db) =>
  db.selectFrom('site_settings').select('value').where('key', '=', 'main').executeTakeFirst();

/**
 * The `main` row's stored thresholds as a scalar subquery, for a caller that reads them in its own statement
 * (the catalogue's price context, decision 224): one round trip less on every product screen.
 */
export const storedThresholdsSql = () =>
  sql<unknown>`(SELECT value -> 'thresholds' FROM site_settings WHERE key = 'main')`;

/** The `exchange` row: the 1C exchange user set on the settings page. */
export const exchangeSettingsRow = (db: Db) =>
  db.selectFrom('site_settings').select('value').where('key', '=', 'exchange').executeTakeFirst();

/** Any settings row by its key (`telegram`: the bot's token and name, decision 226). */
export const settingRow = (db: Db, key: string) =>
  db.selectFrom('site_settings').select('value').where('key', '=', key).executeTakeFirst();

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
