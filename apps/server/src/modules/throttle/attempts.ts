import type { Db } from '../../db/database.js';
import { AppError } from '../../rest/app-error.js';
import { countHits, refundHits, type Counted } from './queries.js';

/** At most `limit` attempts under `key` in any `windowMs` (a sliding window). */
export interface Rule {
  key: string;
  limit: number;
  windowMs: number;
  /** Count in fixed windows aligned to the clock instead (a limit of 1 per window: a time slot). */
  fixed?: boolean;
}

export interface Verdict {
  /** Every rule is within its limit: go on (check the password, send the mail…). */
  allowed: boolean;
  /** Seconds until the caller may try again, when not allowed. */
  retryAfter: number;
  /** The rules that refused, by key. */
  refusedBy: string[];
  /** The attempt succeeded and should not count (a right password): takes its hits back. */
  refund(): Promise<void>;
  /** The estimated number of attempts in the last window, per key (this one included). */
  estimate: Record<string, number>;
}

/**
 * Attempts in the sliding window ending now, estimated from the fixed windows: this window's hits plus the
 * share of the previous window's hits that still lies within `windowMs` of now.
 */
export function slidingEstimate(c: Counted): number {
  const elapsed = (c.nowMs - c.slot * c.windowMs) / c.windowMs;
  return c.hits + c.previous * Math.max(0, 1 - elapsed);
}

/** Milliseconds until one more attempt on this key would be within `limit`, if the caller stops now. */
export function waitMs(c: Counted, limit: number): number {
  const start = c.slot * c.windowMs;
  const elapsed = c.nowMs - start;
  if (c.hits + 1 <= limit) {
    if (c.previous === 0) return 0;
    // The previous window's share must shrink to what is left of the limit.
    const fraction = 1 - (limit - c.hits - 1) / c.previous;
    return Math.max(0, fraction * c.windowMs - elapsed);
  }
  // Not before this window ends; then this window's hits are the previous ones of the next.
  const fraction = c.hits > 0 ? Math.max(0, 1 - (limit - 1) / c.hits) : 0;
  // Never more than one window: a rule of «N in 15 minutes» does not ask anyone to wait longer than 15
  // minutes (the two-window estimate may still refuse a little longer; the caller is then told the rest).
  return Math.min(c.windowMs, c.windowMs - elapsed + fraction * c.windowMs);
}

/**
 * Counts one attempt under every rule FIRST, atomically in the database, and only then says whether it may
 * proceed: N concurrent attempts count N, so no burst gets more checks than the limit. Refused attempts
 * count too (whoever keeps trying while refused stays refused).
 */
export async function countAttempt(db: Db, rules: Rule[]): Promise<Verdict> {
  const counted = await countHits(
    db,
    rules.map((r) => ({ key: r.key, windowMs: r.windowMs })),
  );
  const byKey = new Map(counted.map((c) => [c.key, c]));
  const refusedBy: string[] = [];
  let wait = 0;
  const estimate: Record<string, number> = {};
  for (const rule of rules) {
    const c = byKey.get(rule.key)!;
    estimate[rule.key] = rule.fixed ? c.hits : slidingEstimate(c);
    if (estimate[rule.key]! > rule.limit) {
      refusedBy.push(rule.key);
      wait = Math.max(wait, rule.fixed ? c.windowMs - (c.nowMs - c.slot * c.windowMs) : waitMs(c, rule.limit));
    }
  }
  let refunded = false;
  return {
    allowed: refusedBy.length === 0,
    retryAfter: refusedBy.length ? Math.max(1, Math.ceil(wait / 1000)) : 0,
    refusedBy,
    estimate,
    async refund() {
      if (refunded) return;
      refunded = true;
      await refundHits(db, counted);
    },
  };
}

/** countAttempt for a `/rest/` handler: a refused attempt is answered 429 RATE_LIMITED with Retry-After. */
export async function limitAttempt(
  db: Db,
  rules: Rule[],
  message: 'error.rateLimited' | 'error.restoreAlreadySent' = 'error.rateLimited',
): Promise<Verdict> {
  const verdict = await countAttempt(db, rules);
  if (!verdict.allowed) throw new AppError('RATE_LIMITED', message, { retryAfter: verdict.retryAfter });
  return verdict;
}
