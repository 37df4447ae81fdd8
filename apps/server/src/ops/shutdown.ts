import type { FastifyInstance } from 'fastify';

/** How long a shutdown may take before the process exits anyway (a stuck job or connection). */
export const SHUTDOWN_GRACE_MS = 30000;

/**
 * SIGTERM / SIGINT (docs/deploy.md, docs/migrations.md): /ready turns 503 at once, the server stops taking connections, the requests
 * in flight are answered, the worker finishes the job it is running (onClose in app.ts), the database closes,
 * then the process exits 0. A second signal or the grace period exits at once with 1.
 */
export function exitOnSignals(app: FastifyInstance, graceMs = SHUTDOWN_GRACE_MS): void {
  let closing = false;
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      if (closing) process.exit(1);
      closing = true;
      app.portal.closing = true;
      app.log.info(`${signal}: finishing requests and the current job, then exiting`);
      const force = setTimeout(() => {
        app.log.error('shutdown took too long; exiting');
        process.exit(1);
      }, graceMs);
      force.unref();
      app.close().then(
        () => {
          app.log.info('shut down');
          process.exit(0);
        },
        (err: unknown) => {
          app.log.error({ err }, 'shutdown failed');
          process.exit(1);
        },
      );
    });
  }
}

/**
 * Counts route handlers still running. A client that hangs up does not stop its handler, and Fastify's close
 * only waits for open connections: without this, onClose could destroy the database under a handler that is
 * still querying ("driver has already been destroyed"). Only async handlers are wrapped (they already return a
 * promise, so their behaviour is unchanged); register before the routes.
 */
export function trackHandlers(app: FastifyInstance): { running(): number; idle(timeoutMs: number): Promise<boolean> } {
  let running = 0;
  const waiters = new Set<() => void>();
  app.addHook('onRoute', (route) => {
    const handler = route.handler as (...args: unknown[]) => unknown;
    if (handler.constructor.name !== 'AsyncFunction') return;
    route.handler = async function (this: unknown, ...args: unknown[]) {
      running++;
      try {
        return await handler.apply(this, args);
      } finally {
        running--;
        if (running === 0) waiters.forEach((w) => w());
      }
    } as typeof route.handler;
  });
  return {
    running: () => running,
    idle(timeoutMs) {
      if (running === 0) return Promise.resolve(true);
      return new Promise((resolve) => {
        const done = (ok: boolean) => {
          clearTimeout(timer);
          waiters.delete(wake);
          resolve(ok);
        };
        const wake = () => done(true);
        const timer = setTimeout(() => done(false), timeoutMs);
        waiters.add(wake);
      });
    },
  };
}
