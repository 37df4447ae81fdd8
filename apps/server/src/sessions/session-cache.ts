import type { ChangeFeed } from '../db/database.js';

/** A session just read and its user's row, as `findWithUser` (session-store.ts) answers them. */
export interface KeptSession<S extends { userId: number | null }, U extends object> {
  session: S;
  user: U | null;
  /** When the database last pushed the session's expiry forward (sessions.last_seen_at). */
  lastSeenAt: number;
}

/** A kept session is read again at the latest after this, even when no change was announced. */
export const KEEP_MS = 60_000;
/** Sessions kept per instance; the oldest read goes first. */
export const KEEP_SESSIONS = 10_000;

/**
 * The sessions this instance has just read, by the hash of their cookie (decision 251), so that a call of a
 * known session costs no statement. A copy is dropped when the database announces a change of its session or
 * its user (migration 0291), when the feed is not live, and after KEEP_MS. A read that was under way while a
 * change was announced is not kept: it may hold the row from before the change.
 */
export function createSessionCache<S extends { userId: number | null }, U extends object>(feed: ChangeFeed) {
  const kept = new Map<string, KeptSession<S, U> & { readAt: number }>();
  /** Grows with every announced change; a read is kept only if none came while it ran. */
  let changes = 0;
  let subscribed = false;

  function forget(payload: string | null) {
    changes++;
    if (payload === null || payload === 'all') {
      kept.clear();
    } else if (payload.startsWith('session:')) {
      kept.delete(payload.slice('session:'.length));
    } else if (payload.startsWith('user:')) {
      const userId = Number(payload.slice('user:'.length));
      for (const [hash, entry] of kept) if (entry.session.userId === userId) kept.delete(hash);
    }
  }

  return {
    /** The kept copy of a session, if it is still to be trusted at `now`. */
    get(hash: string, now: number): KeptSession<S, U> | undefined {
      if (!subscribed) {
        subscribed = true;
        feed.subscribe(forget);
      }
      const entry = kept.get(hash);
      if (!entry) return undefined;
      if (!feed.live || now - entry.readAt > KEEP_MS) {
        kept.delete(hash);
        return undefined;
      }
      return entry;
    },
    /** Marks the start of a read; pass the mark to `keep`. */
    mark: () => changes,
    keep(hash: string, entry: KeptSession<S, U>, mark: number, now: number) {
      if (mark !== changes || !feed.live) return;
      if (entry.user) Object.freeze(entry.user);
      kept.delete(hash);
      kept.set(hash, { ...entry, readAt: now });
      if (kept.size > KEEP_SESSIONS) kept.delete(kept.keys().next().value as string);
    },
  };
}
