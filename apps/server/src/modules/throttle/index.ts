/**
 * The one throttle of the portal (decision 050): every attempt is counted in the database BEFORE it is
 * checked, in one statement per call whose row lock serialises concurrent attempts, so limits hold under
 * concurrency and across instances.
 *
 * - `beginSignIn` — a sign-in (portal, 1C checkauth): per address, per login+address, a growing delay for the
 *   login alone that a one-time code skips.
 * - `limitAttempt` / `countAttempt` — any other counted action (recovery mails, registrations, codes).
 * - `registerRestLimit` — the general per-session and per-address limit on `/rest/`.
 */
export { countAttempt, limitAttempt, type Rule, type Verdict } from './attempts.js';
export {
  beginSignIn,
  forgetSignInAttempts,
  loginKeyPart,
  SIGN_IN_LIMITS,
  type SignInVerdict,
} from './sign-in-guard.js';
export { sweepCounters } from './queries.js';
export { registerRestLimit, restRateLimit, REST_WINDOW_MS } from './rest-limit.js';
