import { sql, type Insertable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { PasswordRestoresTable, UsersTable } from './tables.js';

/* The SQL of the account handlers (account.ts): password restore, registration (docs/conventions.md, "Where
   the SQL lives"). Logins and e-mails compare case-insensitively, as their unique indexes do. */

/** The account a restore request names by login or e-mail (the first by id when both match). */
export const userByLoginOrEmail = (db: Db, key: string) =>
  db
    .selectFrom('users')
    .select(['id', 'login', 'email', 'language', 'active'])
    .where((eb) => eb.or([eb(sql`lower(login)`, '=', key), eb(sql`lower(email)`, '=', key)]))
    .orderBy('id')
    .executeTakeFirst();

export const userIdByLogin = (db: Db, login: string) =>
  db
    .selectFrom('users')
    .select(['id'])
    .where(sql`lower(login)`, '=', login.toLowerCase())
    .executeTakeFirst();

/** The account's unused, unexpired restore links, locked until the transaction ends. */
export const lockLiveRestores = (db: Db, userId: number) =>
  db
    .selectFrom('password_restores')
    .select(['id', 'checkword_hash'])
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date())
    .forUpdate()
    .execute();

/** Every outstanding restore link of the account is spent. */
export const spendRestores = (db: Db, userId: number) =>
  db
    .updateTable('password_restores')
    .set({ used_at: new Date() })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();

export const setPasswordHash = (db: Db, userId: number, passwordHash: string) =>
  db
    .updateTable('users')
    .set({ password_hash: passwordHash, updated_at: new Date() })
    .where('id', '=', userId)
    .execute();

export const deleteSessionsOf = (db: Db, userId: number) =>
  db.deleteFrom('sessions').where('user_id', '=', userId).execute();

/** Accounts that already hold this login or this e-mail. */
export const usersWithLoginOrEmail = (db: Db, login: string, email: string) =>
  db
    .selectFrom('users')
    .select(['login', 'email'])
    .where((eb) =>
      eb.or([eb(sql`lower(login)`, '=', login.toLowerCase()), eb(sql`lower(email)`, '=', email.toLowerCase())]),
    )
    .execute();

export const insertUser = (db: Db, values: Insertable<UsersTable>) => db.insertInto('users').values(values).execute();

/** The e-mails of the active administrators (a new registration is announced to them). */
export const adminEmails = (db: Db) =>
  db
    .selectFrom('users')
    .select('email')
    .where(sql<boolean>`'ADMINS' = ANY(groups)`)
    .where('active', '=', true)
    .where('email', '<>', '')
    .execute();

/** A single-use restore link of the account (its checkword stored as an HMAC). */
export const insertRestore = (db: Db, values: Insertable<PasswordRestoresTable>) =>
  db.insertInto('password_restores').values(values).execute();
