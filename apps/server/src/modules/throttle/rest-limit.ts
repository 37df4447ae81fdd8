import { createHash } from 'node:crypto';
// The `cookies` of a request are typed by the cookie plugin (registered in app.ts).
import type {} from '@fastify/cookie';
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

type Done = (error: Error | null, result?: StoreResult) => void;

/** Most calls one lease lets an instance answer without the database (decision 220). */
const MAX_LEASE = 32;
/** A lease used up sooner than this after it was granted doubles the next one. */
const BUSY_MS = 1000;
/** A lease used up within this keeps its size (a steady 30 calls a second on PGlite keeps 32). */
const QUIET_MS = 10_000;
/** The leases of so many keys are kept before idle ones are dropped. */
const KEEP_KEYS = 5000;

/** What this instance knows of one key (an address and a session): its lease and its refusal. */
interface KeyState {
  /** Calls this instance may still answer: counted in the database already, within both limits. */
  budget: number;
  /** The lease ends with the window it was counted in (local clock). */
  budgetUntil: number;
  /** The size of the next lease: 1, doubled while the key is busy, at most MAX_LEASE. */
  lease: number;
  grantedAt: number;
  /** Refused without asking the database until then (local clock); the refusals are counted later. */
  refusedUntil: number;
  uncounted: number;
  waiting: Done[];
  asking: boolean;
}

/**
 * A store of @fastify/rate-limit whose state is the database's `rate_counters` (decision 051), so the limit
 * holds across instances and restarts. An instance does not count each call with a statement: it takes a
 * LEASE of calls of a key (address + session), counted in ONE upsert (decision 050, safe under concurrency)
 * only while it is within both limits, and answers that many calls from memory (decision 220). Calls that
 * arrive while the statement runs wait for it and are counted together with the next one. The leases of all
 * instances never add up to more than a limit, so the limit holds across instances; the lease grows only
 * while a key is busy, so a dealer's occasional calls hold back nothing another instance could use.
 */
function databaseStore(db: Db, limits: Config['restLimit'], max: number) {
  const keys = new Map<string, KeyState>();
  const tightest = Math.min(...[limits.perAddress, limits.perSession].filter((l) => l > 0));
  const maxLease = Math.max(1, Math.min(MAX_LEASE, Math.floor(tightest / 20)));

  function rulesOf(key: string): Array<{ key: string; limit: number }> {
    const [address = '', session = ''] = key.split(' ');
    const rules: Array<{ key: string; limit: number }> = [];
    if (limits.perAddress > 0) rules.push({ key: `rest:addr:${address}`, limit: limits.perAddress });
    if (limits.perSession > 0 && session) rules.push({ key: `rest:sess:${session}`, limit: limits.perSession });
    return rules;
  }

  function forgetIdle(now: number): void {
    if (keys.size < KEEP_KEYS) return;
    for (const [key, state] of keys) {
      if (!state.asking && state.budgetUntil <= now && state.refusedUntil <= now) keys.delete(key);
    }
  }

  function ask(key: string, state: KeyState): void {
    state.asking = true;
    const now = Date.now();
    // A lease spent within BUSY_MS grows, one spent within QUIET_MS stays; a quiet key starts again from one.
    const spentIn = now - state.grantedAt;
    state.lease = spentIn < BUSY_MS ? Math.min(maxLease, state.lease * 2) : spentIn < QUIET_MS ? state.lease : 1;
    const want = Math.max(state.lease, state.waiting.length);
    const by = want + state.uncounted;
    state.uncounted = 0;
    const rules = rulesOf(key);
    countHits(
      db,
      rules.map((r) => ({ key: r.key, windowMs: REST_WINDOW_MS, by })),
    ).then(
      (counted) => {
        const answeredAt = Date.now();
        const { granted, windowLeft, wait } = grant(counted, rules, want);
        state.asking = false;
        state.grantedAt = answeredAt;
        state.budget = granted;
        state.budgetUntil = answeredAt + windowLeft;
        if (granted < want) state.refusedUntil = answeredAt + Math.max(1000, wait);
        // The first `want` waiting calls are counted already: answered from the lease or refused. Later ones
        // take what is left of it, or ask again.
        const ready = state.waiting;
        state.waiting = [];
        ready.forEach((done, i) => {
          if (i >= want) decide(key, state, done, answeredAt);
          else if (state.budget > 0) {
            state.budget--;
            done(null, { current: 0, ttl: windowLeft });
          } else done(null, { current: max + 1, ttl: state.refusedUntil - answeredAt });
        });
      },
      (err: unknown) => {
        state.asking = false;
        const failed = state.waiting;
        state.waiting = [];
        for (const done of failed) done(err instanceof Error ? err : new Error(String(err)));
      },
    );
  }

  function decide(key: string, state: KeyState, done: Done, now: number): void {
    if (state.budget > 0 && now < state.budgetUntil) {
      state.budget--;
      done(null, { current: 0, ttl: state.budgetUntil - now });
    } else if (now < state.refusedUntil) {
      state.uncounted++;
      done(null, { current: max + 1, ttl: state.refusedUntil - now });
    } else {
      state.waiting.push(done);
      if (!state.asking) ask(key, state);
    }
  }

  return class RateCountersStore {
    incr(key: string, callback: Done): void {
      const now = Date.now();
      let state = keys.get(key);
      if (!state) {
        forgetIdle(now);
        state = {
          budget: 0,
          budgetUntil: 0,
          lease: 1,
          grantedAt: 0,
          refusedUntil: 0,
          uncounted: 0,
          waiting: [],
          asking: false,
        };
        keys.set(key, state);
      }
      decide(key, state, callback, now);
    }

    child(): RateCountersStore {
      return this;
    }
  };
}

/**
 * How many of the `want` calls just counted are within every limit: the calls counted before them (by any
 * instance, refused ones included) are the sliding estimate less `want`, and call i of the lease is allowed
 * when that plus i is within the limit, as if each had been counted alone.
 */
function grant(
  counted: Counted[],
  rules: Array<{ key: string; limit: number }>,
  want: number,
): { granted: number; windowLeft: number; wait: number } {
  let granted = want;
  let windowLeft = REST_WINDOW_MS;
  let wait = 0;
  for (const rule of rules) {
    const c = counted.find((x) => x.key === rule.key);
    if (!c) continue;
    windowLeft = Math.min(windowLeft, (c.slot + 1) * c.windowMs - c.nowMs);
    const before = slidingEstimate(c) - want;
    const within = Math.max(0, Math.min(want, Math.floor(rule.limit - before)));
    if (within < want) wait = Math.max(wait, waitMs(c, rule.limit));
    granted = Math.min(granted, within);
  }
  return { granted, windowLeft, wait };
}

/** The route options of the `/rest/` dispatcher: the limit, or none when both limits are 0. */
export function restRateLimit(config: Config): RateLimitOptions | false {
  const { perSession, perAddress } = config.restLimit;
  if (perSession === 0 && perAddress === 0) return false;
  return {
    max: perSession || perAddress,
    timeWindow: REST_WINDOW_MS,
    keyGenerator: restKey,
    // Counting runs before the body is read; a refused flood is answered from memory (decision 220).
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
    store: databaseStore(db, config.restLimit, config.restLimit.perSession || config.restLimit.perAddress),
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
