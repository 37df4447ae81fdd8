import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Dealers' requests before background work on PGlite's one connection (decision 172). Work started with
 * `inBackground` (the 1C exchange's jobs) waits, each time it takes the connection, while requests are being
 * answered — at most `maxMs`; after a wait that ran out it takes the connection without waiting for as long
 * again, so under a steady stream of requests it still gets half the time. On PostgreSQL nothing waits: the
 * pool has connections for both.
 */

const background = new AsyncLocalStorage<true>();
let inFlight = 0;
let waiters: Array<() => void> = [];
let passUntil = 0;

export function inBackground<T>(work: () => Promise<T>): Promise<T> {
  return background.run(true, work);
}

export const isBackground = (): boolean => background.getStore() === true;

/** A request started (not one of the exchange's own calls, which mostly wait for its job). */
export function requestStarted(): void {
  inFlight++;
}

export function requestEnded(): void {
  inFlight = Math.max(0, inFlight - 1);
  if (inFlight > 0) return;
  const ready = waiters;
  waiters = [];
  for (const w of ready) w();
}

export const requestsInFlight = (): number => inFlight;

/**
 * Waits until no request is in flight, or `maxMs`; then goes on without waiting for `passMs` (a batch's
 * statements one after another), so the background work keeps a share of the connection.
 */
export async function yieldToRequests(maxMs: number, passMs: number): Promise<void> {
  if (inFlight === 0 || Date.now() < passUntil) return;
  const timedOut = await new Promise<boolean>((resolve) => {
    const done = (late: boolean) => {
      clearTimeout(timer);
      waiters = waiters.filter((w) => w !== wake);
      resolve(late);
    };
    const wake = () => done(false);
    const timer = setTimeout(() => done(true), maxMs);
    waiters.push(wake);
  });
  passUntil = Date.now() + (timedOut ? maxMs : passMs);
}
