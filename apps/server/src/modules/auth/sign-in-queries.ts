import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

/* The SQL of signing in (sign-in.ts): the account by login, its one-time code (docs/conventions.md, "Where the
   SQL lives"). */

/** The account row of a login, compared case-insensitively (`login` is already lower-case). */
export const userRowByLogin = (db: Db, login: string) =>
  db
    .selectFrom('users')
    .selectAll()
    .where(sql`lower(login)`, '=', login)
    .executeTakeFirst();

export const markSignedIn = (db: Db, userId: number) =>
  db.updateTable('users').set({ last_login_at: new Date() }).where('id', '=', userId).execute();

/** The account's one-time code, if one was sent. */
export const authCodeOf = (db: Db, userId: number) =>
  db.selectFrom('auth_codes').selectAll().where('user_id', '=', userId).executeTakeFirst();

/**
 * Counts one try in one statement before the code is compared, so guesses sent in parallel cannot all read
 * the same count; answers nothing once the tries are used up.
 */
export const countAuthCodeTry = (db: Db, userId: number, maxAttempts: number) =>
  db
    .updateTable('auth_codes')
    .set({ attempts: sql<number>`attempts + 1` })
    .where('user_id', '=', userId)
    .where('attempts', '<', maxAttempts)
    .returning(['code_hash', 'attempts'])
    .executeTakeFirst();

/** Spends the code: only the call that deletes it (numDeletedRows 1) signs in. */
export const spendAuthCode = (db: Db, userId: number, codeHash: string) =>
  db.deleteFrom('auth_codes').where('user_id', '=', userId).where('code_hash', '=', codeHash).executeTakeFirst();

/** Stores the account's code (a new one, or the same one mailed again). */
export const putAuthCode = (
  db: Db,
  userId: number,
  values: { code_hash: string; attempts: number; sent_at: Date; expires_at: Date },
) =>
  db
    .insertInto('auth_codes')
    .values({ user_id: userId, ...values })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
    .execute();
