import type { FastifyInstance } from 'fastify';
import { withTimeout, type DatabaseHandle } from '../db/database.js';
import { MIGRATION_NAMES } from '../db/migrate.js';
import type { FileStorage } from '../storage/index.js';

/** How long /ready waits for the database or the file store before calling it failed. */
export const READY_TIMEOUT_MS = 1000;
/** A writable file store stays "ok" this long without a new probe (each probe writes and deletes an object). */
const STORAGE_OK_FOR_MS = 5000;

export type CheckState = 'ok' | string;

export interface Readiness {
  ready: boolean;
  checks: { database: CheckState; migrations: CheckState; storage: CheckState; shutdown?: CheckState };
  failing: string[];
}

export interface HealthDeps {
  database: DatabaseHandle;
  storage: FileStorage;
  /** True once SIGTERM arrived: the load balancer should stop sending. */
  closing: () => boolean;
}

const reason = (err: unknown) => {
  const message = err instanceof Error ? err.message : String(err);
  if (message === 'timeout' || /timeout/i.test(message)) return 'timeout';
  if (/ECONNREFUSED|terminat|connection|closed|ENOTFOUND|EHOSTUNREACH/i.test(message)) return 'unreachable';
  if (/kysely_migration/.test(message)) return 'not migrated';
  return 'error';
};

/**
 * The readiness probe (docs/deploy.md): the database answers, every migration this version knows is applied, the
 * file store takes a write. Checks of concurrent calls are shared, so a load balancer polling many times a
 * second during an outage costs one probe at a time.
 */
export function createReadiness(deps: HealthDeps): () => Promise<Readiness> {
  let databaseProbe: Promise<string[]> | null = null;
  let storageProbe: Promise<void> | null = null;
  let storageOkUntil = 0;

  function probeDatabase(): Promise<string[]> {
    databaseProbe ??= deps.database.appliedMigrations(READY_TIMEOUT_MS).finally(() => (databaseProbe = null));
    return databaseProbe;
  }
  function probeStorage(): Promise<void> {
    if (Date.now() < storageOkUntil) return Promise.resolve();
    storageProbe ??= deps.storage
      .check()
      .then(() => {
        storageOkUntil = Date.now() + STORAGE_OK_FOR_MS;
      })
      .finally(() => (storageProbe = null));
    return storageProbe;
  }

  return async () => {
    const checks: Readiness['checks'] = { database: 'ok', migrations: 'ok', storage: 'ok' };
    const [applied, stored] = await Promise.allSettled([
      withTimeout(probeDatabase(), READY_TIMEOUT_MS),
      withTimeout(probeStorage(), READY_TIMEOUT_MS),
    ]);
    if (applied.status === 'rejected') {
      const why = reason(applied.reason);
      if (why === 'not migrated') checks.migrations = why;
      else {
        checks.database = why;
        checks.migrations = 'unknown';
      }
    } else {
      const have = new Set(applied.value);
      const pending = MIGRATION_NAMES.filter((n) => !have.has(n));
      if (pending.length) checks.migrations = `pending: ${pending.join(', ')}`;
    }
    if (stored.status === 'rejected') checks.storage = reason(stored.reason) === 'timeout' ? 'timeout' : 'not writable';
    if (deps.closing()) checks.shutdown = 'closing';
    const failing = Object.entries(checks)
      .filter(([, v]) => v !== 'ok')
      .map(([k]) => k);
    return { ready: failing.length === 0, checks, failing };
  };
}

/**
 * GET /health (the process answers) and GET /ready (it can serve). Plain routes outside /rest/: no session,
 * no sessid, no rate limit, never the web app's page.
 */
export function registerHealth(app: FastifyInstance, deps: HealthDeps): void {
  const started = Date.now();
  const readiness = createReadiness(deps);
  app.get('/health', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'alive', uptimeSeconds: Math.round((Date.now() - started) / 1000) };
  });
  app.get('/ready', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    const r = await readiness();
    reply.status(r.ready ? 200 : 503);
    return r.ready
      ? { status: 'ready', checks: r.checks }
      : { status: 'unavailable', failing: r.failing, checks: r.checks };
  });
}
