/**
 * `npm run worker`: a job worker without the HTTP server (decision 080), for a host of its own beside N
 * servers started with WORKER=off. Same configuration as the server (DATABASE_URL, SMTP_URL, S3_…). On PGlite
 * it takes DATA_DIR's lock like a server would, so it runs only while no server uses that directory.
 * SIGTERM / SIGINT: takes no new job, finishes the one running, exits 0.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import { loadConfig } from './config.js';
import { lockDataDir } from './db/data-dir-lock.js';
import { openDatabase } from './db/database.js';
import { migrateToLatest, withStartupLock } from './db/migrate.js';
import { createMailTransport } from './mail/mailer.js';
import { createPortalWorker } from './ops/jobs/index.js';
import { SHUTDOWN_GRACE_MS } from './ops/shutdown.js';
import { createSessionStore } from './sessions/session-store.js';
import { createStorage } from './storage/index.js';

// DATA_DIR defaults to the repository's ./data, where `npm start` keeps it (scripts/start.mjs), not this package's.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const config = loadConfig({ ...process.env, DATA_DIR: process.env.DATA_DIR ?? path.join(root, 'data') });
// Fastify's logger (pino, JSON lines), the same as the server's; the instance itself never listens.
const log = Fastify({ logger: { level: config.logLevel } }).log.child({ role: 'worker' });
const releaseLock = config.databaseUrl ? () => {} : lockDataDir(config.dataDir);
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: config.dataDir,
  onPoolError: (err) => log.warn({ err: err.message }, 'database connection lost; the pool reconnects'),
});
await withStartupLock(database, async (db) => {
  const applied = await migrateToLatest(db);
  if (applied.length) log.info({ applied }, 'migrations applied');
});
const transport = createMailTransport({
  smtpUrl: config.smtpUrl,
  from: config.mailFrom,
  dataDir: config.dataDir,
  log,
});
const storage = createStorage(config);
const worker = createPortalWorker({
  database,
  config,
  transport,
  sessions: createSessionStore(database.db),
  storage,
  log,
});
worker.start();
log.info(`worker ${worker.id} started (${database.kind})`);
process.stdout.write(`worker ${worker.id}\n`);

let stopping = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (stopping) process.exit(1);
    stopping = true;
    log.info(`${signal}: finishing the current job, then exiting`);
    setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS).unref();
    void worker
      .stop()
      .then(async () => {
        transport.close();
        await storage.close();
        await database.close();
        releaseLock();
        process.exit(0);
      })
      .catch((err: unknown) => {
        log.error({ err }, 'worker shutdown failed');
        process.exit(1);
      });
  });
}
