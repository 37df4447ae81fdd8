import { createHash, randomBytes } from 'node:crypto';
import { LONG_SESSION_DAYS } from '@portal/contract';
import type { Selectable } from 'kysely';
import type { ChangeFeed, Db } from '../db/database.js';
import type { UsersTable } from '../modules/auth/tables.js';
import { createSessionCache } from './session-cache.js';

export const SESSION_COOKIE = 'portal_sid';
/** A browser session (no saveAuth) is kept on the server for a day of inactivity. */
const SHORT_SESSION_MS = 24 * 3600 * 1000;
const LONG_SESSION_MS = LONG_SESSION_DAYS * 24 * 3600 * 1000;
/** Expiry is pushed forward at most this often, so reads do not each cost a write. */
const TOUCH_EVERY_MS = 5 * 60 * 1000;

export interface Session {
  /** The cookie value; the database keeps only its hash. */
  token: string;
  sessid: string;
  userId: number | null;
  persistent: boolean;
  expiresAt: Date;
}

const hash = (token: string) => createHash('sha256').update(token).digest('hex');
const newToken = () => randomBytes(32).toString('base64url');

/**
 * Sessions in the database (decision 050). Given the database's change feed, the sessions just read are kept in
 * the process and a call of a known session costs no statement (decision 251); without it every call reads.
 */
export function createSessionStore(db: Db, changes?: ChangeFeed) {
  const cache = changes ? createSessionCache<Session, Selectable<UsersTable>>(changes) : null;

  async function create(userId: number | null, persistent: boolean): Promise<Session> {
    const token = newToken();
    // sessid is its own random value: never the cookie and never derived from it (docs/design.md §8).
    const sessid = randomBytes(16).toString('hex');
    const expiresAt = new Date(Date.now() + (persistent ? LONG_SESSION_MS : SHORT_SESSION_MS));
    await db
      .insertInto('sessions')
      .values({ id: hash(token), sessid, user_id: userId, persistent, expires_at: expiresAt })
      .execute();
    return { token, sessid, userId, persistent, expiresAt };
  }

  /**
   * The session of a cookie and its user's row: from this instance's copy when it has one it may trust
   * (decision 251), else in ONE statement (decision 220). Every /rest/ call asks this.
   * `user` is null for an anonymous session or a user that no longer exists.
   */
  async function findWithUser(
    token: string | undefined,
  ): Promise<{ session: Session; user: Selectable<UsersTable> | null } | null> {
    if (!token || token.length > 100) return null;
    const id = hash(token);
    const now = Date.now();
    const kept = cache?.get(id, now);
    if (kept && kept.session.expiresAt.getTime() > now && now - kept.lastSeenAt <= TOUCH_EVERY_MS) {
      return { session: kept.session, user: kept.user };
    }
    const mark = cache?.mark() ?? 0;
    const row = await db
      .selectFrom('sessions as s')
      .leftJoin('users as u', 'u.id', 's.user_id')
      .selectAll('u')
      .select([
        's.sessid as s_sessid',
        's.user_id as s_user_id',
        's.persistent as s_persistent',
        's.expires_at as s_expires_at',
        's.last_seen_at as s_last_seen_at',
      ])
      .where('s.id', '=', id)
      .executeTakeFirst();
    if (!row) return null;
    if (row.s_expires_at.getTime() <= now) {
      await db.deleteFrom('sessions').where('id', '=', id).execute();
      return null;
    }
    let expiresAt = row.s_expires_at;
    let lastSeenAt = row.s_last_seen_at.getTime();
    if (now - lastSeenAt > TOUCH_EVERY_MS) {
      expiresAt = new Date(now + (row.s_persistent ? LONG_SESSION_MS : SHORT_SESSION_MS));
      lastSeenAt = now;
      await db
        .updateTable('sessions')
        .set({ expires_at: expiresAt, last_seen_at: new Date(now) })
        .where('id', '=', id)
        .execute();
    }
    const { s_sessid, s_user_id, s_persistent, s_expires_at, s_last_seen_at, ...user } = row;
    void s_expires_at;
    void s_last_seen_at;
    const session = { token, sessid: s_sessid, userId: s_user_id, persistent: s_persistent, expiresAt };
    const found = {
      session,
      user: s_user_id !== null && user.id !== null ? (user as Selectable<UsersTable>) : null,
    };
    cache?.keep(id, { ...found, lastSeenAt }, mark, now);
    return found;
  }

  return {
    create,

    async find(token: string | undefined): Promise<Session | null> {
      return (await findWithUser(token))?.session ?? null;
    },

    findWithUser,

    /** Sign-in: the old session is dropped and a new id issued (no session fixation). */
    async rotate(old: Session | null, userId: number | null, persistent: boolean): Promise<Session> {
      if (old) await db.deleteFrom('sessions').where('id', '=', hash(old.token)).execute();
      return create(userId, persistent);
    },

    async destroyAllOf(userId: number): Promise<void> {
      await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
    },

    /** Expired sessions, and codes and restore links nobody can use any more. */
    async sweepExpired(): Promise<number> {
      const now = new Date();
      const result = await db.deleteFrom('sessions').where('expires_at', '<', now).executeTakeFirst();
      await db.deleteFrom('auth_codes').where('expires_at', '<', now).execute();
      await db
        .deleteFrom('password_restores')
        .where((eb) => eb.or([eb('expires_at', '<', now), eb('used_at', 'is not', null)]))
        .execute();
      return Number(result.numDeletedRows);
    },
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;
