import { createHash } from 'node:crypto';
import fastifyRateLimit, { normalizeIP, type RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../rest/app-error.js';
import { SESSION_COOKIE } from '../../sessions/session-store.js';
import { slidingEstimate, waitMs } from './attempts.js';
import { countHits, type Counted } from './queries.js';

/** The general limit counts calls in a sliding minute. */
export const REST_WINDOW_MS = 60_000;

/**
 * The key of a `/rest/` call: the client's address (an IPv6 /64 as one, like the library's own key), and a
 * digest of the session cookie when it carries one. The digest, not the token, goes into the database.
 * A caller that rotates made-up cookies gets a new session key each time, but stays one address.
 */
function restKey(request: FastifyRequest): string {
  const token = request.cookies[SESSION_COOKIE];
  const session = token ? createHash('sha256').update(token).digest('base64url').slice(0, 22) : '';
  return `${normalizeIP(request.ip)} ${session}`;
}

interface StoreResult {
  current: number;
  ttl: number;
}

/**
 * A store of @fastify/rate-limit whose state is the database's `rate_counters` (decision 051), so the limit
 * holds across instances and restarts. One `incr` counts the address and the session in ONE statement
 * (the upsert of decision 050, safe under concurrency), then reports the one nearer to its limit in the
 * units of the library's `max` (the session limit): over either limit is over `max`.
 */
function databaseStore(db: Db, limits: Config['restLimit']) {
  return class RateCountersStore {
    incr(key: string, callback: (error: Error | null, result?: StoreResult) => void, timeWindow: number): void {
      const [address = '', session = ''] = key.split(' ');
      const rules: Array<{ key: string; limit: number }> = [];
      if (limits.perAddress > 0) rules.push({ key: `rest:addr:${address}`, limit: limits.perAddress });
      if (limits.perSession > 0 && session) rules.push({ key: `rest:sess:${session}`, limit: limits.perSession });
      countHits(
        db,
        rules.map((r) => ({ key: r.key, windowMs: timeWindow })),
      ).then(
        (counted) => callback(null, verdict(counted, rules, limits.perSession || limits.perAddress)),
        (err: unknown) => callback(err instanceof Error ? err : new Error(String(err))),
      );
    }

    child(): RateCountersStore {
      return this;
    }
  };
}

function verdict(counted: Counted[], rules: Array<{ key: string; limit: number }>, max: number): StoreResult {
  let worst = 0;
  let wait = 0;
  let windowLeft = REST_WINDOW_MS;
  let over = false;
  for (const rule of rules) {
    const c = counted.find((x) => x.key === rule.key);
    if (!c) continue;
    windowLeft = (c.slot + 1) * c.windowMs - c.nowMs;
    const estimate = slidingEstimate(c);
    worst = Math.max(worst, estimate / rule.limit);
    if (estimate > rule.limit) {
      over = true;
      wait = Math.max(wait, waitMs(c, rule.limit));
    }
  }
  return over
    ? { current: max + 1, ttl: Math.max(1000, wait) }
    : { current: Math.min(max, Math.floor(worst * max)), ttl: windowLeft };
}

/** The route options of the `/rest/` dispatcher: the limit, or none when both limits are 0. */
export function restRateLimit(config: Config): RateLimitOptions | false {
  const { perSession, perAddress } = config.restLimit;
  if (perSession === 0 && perAddress === 0) return false;
  return {
    max: perSession || perAddress,
    timeWindow: REST_WINDOW_MS,
    keyGenerator: restKey,
    // Counting runs before the body is read, so a refused flood costs one statement per call.
    hook: 'onRequest',
    errorResponseBuilder: (_request, context) =>
      new AppError('RATE_LIMITED', 'error.tooManyRequests', {
        args: [Math.ceil(context.ttl / 1000)],
        retryAfter: Math.ceil(context.ttl / 1000),
      }),
  };
}

/**
 * Registers @fastify/rate-limit for the routes that ask for it (the `/rest/` dispatcher only: `/health`,
 * `/ready`, files and the 1C exchange, which has its own sign-in throttle, are not counted).
 */
export async function registerRestLimit(app: FastifyInstance, db: Db, config: Config): Promise<void> {
  await app.register(fastifyRateLimit, {
    global: false,
    store: databaseStore(db, config.restLimit),
    // Our error handler writes Retry-After with the envelope; no other headers on every answer.
    addHeaders: {
      'x-ratelimit-limit': false,
      'x-ratelimit-remaining': false,
      'x-ratelimit-reset': false,
      'retry-after': false,
    },
    addHeadersOnExceeding: {
      'x-ratelimit-limit': false,
      'x-ratelimit-remaining': false,
      'x-ratelimit-reset': false,
    },
    // The database is down: the call itself answers 503; the limit does not add a failure of its own.
    skipOnError: true,
  });
}
