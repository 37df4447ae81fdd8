import { wellFormedText } from '@portal/contract';
import type { Db } from '../../db/database.js';
import { countAttempt } from './attempts.js';
import { resetHits } from './queries.js';

/** The sign-in scheme of decision 050. */
export const SIGN_IN_LIMITS = {
  windowMs: 15 * 60 * 1000,
  /** Attempts from one address, whatever the login: beyond, that address is refused (429). */
  perAddress: 30,
  /** Attempts on one login from one address: beyond, that address is refused for that login (429). */
  perLoginAndAddress: 10,
  /**
   * Attempts on one login from everywhere before each further one must wait its turn (never a lock). Above
   * perLoginAndAddress, so one address alone never slows a login down for its owner.
   */
  perLoginBeforeDelay: 20,
  /** The longest wait between two password checks of one login (the delay doubles up to it). */
  maxDelaySeconds: 300,
} as const;

export type SignInVerdict =
  | {
      allowed: true;
      /**
       * The login is being slowed and this attempt skipped its turn because it carries a one-time code:
       * the caller must check that code (after the password), whether or not the account uses two steps.
       */
      mustCheckCode: boolean;
      /** The password was right: the attempt is not held against the login or the address. */
      succeeded(): Promise<void>;
    }
  | {
      allowed: false;
      /**
       * `address`: this address tried too often (429). `slowed`: the login alone is being guessed from many
       * addresses; this attempt's turn has not come (`retryAfter`), or it may come at once with a one-time code.
       */
      reason: 'address' | 'slowed';
      retryAfter: number;
    };

/**
 * Counts a sign-in attempt BEFORE the password is checked (atomically, so N concurrent attempts count N) and
 * says whether the password may be checked. `scope` keeps separate doors apart ('signin' for the portal,
 * 'exchange' for 1C's checkauth); `withCode` is true when the attempt carries a one-time code.
 */
export async function beginSignIn(
  db: Db,
  attempt: { scope: string; login: string; ip: string; withCode: boolean },
): Promise<SignInVerdict> {
  const { scope, ip } = attempt;
  const login = loginKeyPart(attempt.login);
  const L = SIGN_IN_LIMITS;
  const address = await countAttempt(db, [
    { key: `${scope}:ip:${ip}`, limit: L.perAddress, windowMs: L.windowMs },
    { key: `${scope}:login-ip:${login}:${ip}`, limit: L.perLoginAndAddress, windowMs: L.windowMs },
  ]);
  if (!address.allowed) return { allowed: false, reason: 'address', retryAfter: address.retryAfter };

  // Counted only once the address is within its limits: one noisy address cannot slow a login by itself.
  const loginKey = `${scope}:login:${login}`;
  const alone = await countAttempt(db, [{ key: loginKey, limit: L.perLoginBeforeDelay, windowMs: L.windowMs }]);
  let mustCheckCode = false;
  if (!alone.allowed) {
    if (attempt.withCode) {
      mustCheckCode = true;
    } else {
      // One password check per `delay` seconds for this login, the delay doubling with the attempts.
      const excess = Math.max(1, Math.ceil(alone.estimate[loginKey]! - L.perLoginBeforeDelay));
      const delay = Math.min(2 ** Math.min(excess, 20), L.maxDelaySeconds);
      const turn = await countAttempt(db, [
        { key: `${scope}:login-turn:${login}:${delay}`, limit: 1, windowMs: delay * 1000, fixed: true },
      ]);
      if (!turn.allowed) return { allowed: false, reason: 'slowed', retryAfter: turn.retryAfter };
    }
  }
  return {
    allowed: true,
    mustCheckCode,
    async succeeded() {
      await address.refund();
      await alone.refund();
    },
  };
}

/**
 * The owner proved control of the account's mailbox (a recovery link was used): whatever was counted
 * against the login, from any address, is forgotten, so they can sign in at once.
 */
export async function forgetSignInAttempts(db: Db, scope: string, login: string): Promise<void> {
  const l = loginKeyPart(login);
  await resetHits(db, {
    keys: [`${scope}:login:${l}`],
    prefixes: [`${scope}:login-ip:${l}:`, `${scope}:login-turn:${l}:`],
  });
}

/**
 * A login (or any typed text) inside a key: any letter case counts as one, no ':' can make one key a prefix
 * of another, and nothing throws: a lone surrogate, on which `encodeURIComponent` throws, counts as U+FFFD
 * (decision 188; the contract refuses it in /rest/ input before it gets here).
 */
export const loginKeyPart = (login: string) => encodeURIComponent(wellFormedText(login.toLowerCase()));
