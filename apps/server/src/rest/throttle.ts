import type { Db } from '../db/database.js';
import { AppError } from './app-error.js';
import type { CreatedAt, Id } from '../db/schema.js';

export interface RateEventsTable {
  id: Id;
  key: string;
  at: CreatedAt;
}

declare module '../db/schema.js' {
  interface Database {
    rate_events: RateEventsTable;
  }
}

/**
 * Counts an action under each key and refuses it (429 RATE_LIMITED) once a key has reached its limit
 * within the window. Kept in the database so every instance sees the same counts.
 */
export async function throttle(db: Db, rules: Array<{ key: string; limit: number; windowMs: number }>): Promise<void> {
  const now = Date.now();
  for (const rule of rules) {
    const row = await db
      .selectFrom('rate_events')
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.min('at').as('oldest')])
      .where('key', '=', rule.key)
      .where('at', '>', new Date(now - rule.windowMs))
      .executeTakeFirstOrThrow();
    if (Number(row.n) >= rule.limit) {
      const oldest = row.oldest ? new Date(row.oldest).getTime() : now;
      const retryAfter = Math.max(1, Math.ceil((oldest + rule.windowMs - now) / 1000));
      throw new AppError('RATE_LIMITED', 'error.rateLimited', { retryAfter });
    }
  }
  await db
    .insertInto('rate_events')
    .values(rules.map((r) => ({ key: r.key })))
    .execute();
}

export async function sweepRateEvents(db: Db, olderThanMs = 24 * 3600 * 1000): Promise<void> {
  await db
    .deleteFrom('rate_events')
    .where('at', '<', new Date(Date.now() - olderThanMs))
    .execute();
}
