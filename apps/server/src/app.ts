import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config.js';
import { openDatabase, type DatabaseHandle } from './db/database.js';
import { lockDataDir } from './db/data-dir-lock.js';
import { migrateToLatest, withStartupLock } from './db/migrate.js';
import { isEmpty, seedDemo } from './seed/demo.js';
import { vacuumAnalyze } from './db/maintenance.js';
import { createMailTransport, createOutbox, type Mailer } from './mail/mailer.js';
import { registerHealth } from './ops/health.js';
import { createPortalWorker, type Worker } from './ops/jobs/index.js';
import { createMetrics, registerMetrics, type PortalMetrics } from './ops/metrics.js';
import { RequestLineController, registerRequestLog, requestIdOf } from './ops/request-log.js';
import { registerSecurityHeaders } from './ops/security-headers.js';
import { trackHandlers } from './ops/shutdown.js';
import { requestEnded, requestStarted } from './db/priority.js';
import { registerRest } from './rest/dispatcher.js';
import { registerMachineModels, registerReplacementLookup } from './modules/catalog/index.js';
import { creditGuard } from './modules/account/index.js';
import { registerCheckoutGuard, registerOrderListener } from './modules/orders/index.js';
import { registerStaffAddress } from './modules/notices/index.js';
import { readStaffEmail } from './modules/settings/index.js';
import { orderWebhooks } from './modules/webhooks/index.js';
import { orderTelegram } from './modules/telegram/index.js';
import { lookupReplacements } from './modules/parts/index.js';
import { registerOpenApi } from './rest/openapi.js';
import { registerKeyCallLog } from './modules/keys/index.js';
import { machineModelsFor } from './modules/machines/index.js';
import { registerFileRoutes } from './modules/files/routes.js';
import { registerPriceListRoutes } from './modules/pricelists/routes.js';
import { registerBasketTemplateRoute } from './modules/baskets/index.js';
import { registerContentPictureRoute } from './modules/content/routes.js';
import { registerExchangeRoutes, registerPictureRoute } from './modules/exchange/index.js';
import { registerErrorHandler } from './rest/error-handler.js';
import { registerRestLimit } from './modules/throttle/index.js';
import { createSessionStore } from './sessions/session-store.js';
import { createStorage, type FileStorage } from './storage/index.js';
import { registerWeb } from './web/serve-web.js';

declare module 'fastify' {
  interface FastifyInstance {
    portal: {
      database: DatabaseHandle;
      mailer: Mailer;
      config: Config;
      storage: FileStorage;
      /** The job worker of this process (running unless WORKER=off); tests call `drain()`. */
      worker: Worker;
      metrics: PortalMetrics;
      /** True from SIGTERM on: /ready answers 503 while in-flight calls finish. */
      closing: boolean;
    };
  }
}

/** Headers and body fields that never reach a log line (docs/design.md §8). */
const REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'req.query.sessid',
  'req.body.password',
  'req.body.confirmPassword',
  'req.body.authKey',
  'req.body.checkword',
];

/** Builds the whole server without listening: tests call it, `main` starts it. */
export async function buildApp(config: Config): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: { paths: REDACT, censor: '[hidden]' },
      serializers: {
        // The URL carries sessid; log the path only.
        req: (req: { method: string; url: string; id: string }) => ({
          method: req.method,
          path: req.url.split('?')[0],
          id: req.id,
        }),
      },
      ...(config.logDestination ? { stream: config.logDestination } : {}),
    },
    // One line per request from ops/request-log.ts instead of Fastify's two.
    logController: new RequestLineController(),
    genReqId: requestIdOf,
    bodyLimit: 1024 * 1024,
    // X-Forwarded-For is believed only from the proxies listed in TRUST_PROXY (none by default), and only the
    // address such a proxy appended: a browser can write any header, and every per-address limit would be
    // void. (Trusting loopback by default let a client on the same host rotate the header freely.)
    trustProxy: config.trustProxy.length ? config.trustProxy : false,
    requestIdHeader: false,
  });

  const releaseLock = config.databaseUrl ? () => {} : lockDataDir(config.dataDir);
  let database: DatabaseHandle;
  // The pool reports its waits to /metrics, which needs the database to exist first.
  const poolHooks: { wait: (seconds: number) => void } = { wait: () => {} };
  try {
    database = await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      templateDir: config.templateDataDir,
      onPoolError: (err) => app.log.warn({ err: err.message }, 'database connection lost; the pool reconnects'),
      onAcquire: (seconds) => poolHooks.wait(seconds),
    });
    const seeded = await withStartupLock(database, async (db) => {
      const applied = await migrateToLatest(db);
      if (applied.length) app.log.info({ applied }, 'migrations applied');
      const seed = config.demoSeed === 'on' || (config.demoSeed === 'auto' && !config.databaseUrl);
      if (!seed || !(await isEmpty(db))) return false;
      await seedDemo(db, {}, (m) => app.log.info(m));
      return true;
    });
    // The demo seed ends with its own VACUUM ANALYZE.
    if (!seeded && database.kind === 'pglite' && !config.templateDataDir) {
      // PGlite has no autovacuum (db/maintenance.ts); a copied template carries its own statistics.
      const started = Date.now();
      await vacuumAnalyze(database.db);
      app.log.info(`vacuum analyze in ${Date.now() - started} ms`);
    }
  } catch (err) {
    releaseLock();
    throw err;
  }

  const metrics = createMetrics(database);
  poolHooks.wait = metrics.poolWait;
  const mailer = createOutbox(database.db);
  const transport = createMailTransport({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    dataDir: config.dataDir,
    log: app.log,
  });
  const sessions = createSessionStore(database.db, database.changes);
  const storage = createStorage(config);
  // The e-mail outbox, periodic upkeep (sessions, counters, PGlite's VACUUM) and other modules' jobs.
  const worker = createPortalWorker({
    database,
    config,
    transport,
    sessions,
    storage,
    log: app.log,
    onFinished: metrics.jobFinished,
  });
  app.decorate('portal', { database, mailer, config, storage, worker, metrics, closing: false });
  const handlers = trackHandlers(app);
  // Fastify runs this after the server stopped taking requests and the ones in flight were answered; handlers
  // whose client hung up may still be running: they finish (up to 10 s) before the database closes.
  app.addHook('onClose', async () => {
    if (!(await handlers.idle(10000))) app.log.warn(`closing with ${handlers.running()} handlers still running`);
    await worker.stop();
    transport.close();
    await storage.close();
    await database.close();
    releaseLock();
  });
  registerRequestLog(app);
  // Requests in flight, which background work on PGlite lets go first (decision 172); the calls that mostly
  // wait for the exchange's job (1C's, the back office's `exchange/continue`) do not count.
  app.addHook('onRequest', async (request, reply) => {
    if (request.url.startsWith('/exchange/') || request.url.startsWith('/rest/exchange/continue')) return;
    requestStarted();
    reply.raw.once('close', requestEnded);
  });
  registerMetrics(app, metrics, config.metricsToken);
  registerHealth(app, { database, storage, closing: () => app.portal.closing });

  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: [
          "'self'",
          'https://api-maps.yandex.ru',
          'https://*.yandex.ru',
          'https://www.google.com',
          'https://www.gstatic.com',
        ],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: [
          "'self'",
          'data:',
          'blob:',
          'https://*.yandex.ru',
          'https://*.yandex.net',
          'https://*.maps.yandex.net',
        ],
        connectSrc: ["'self'", 'https://*.yandex.ru', 'https://*.yandex.net'],
        frameSrc: ["'self'", 'https://www.google.com'],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        // Served over plain HTTP on a LAN as often as behind TLS: never force https sub-requests.
        upgradeInsecureRequests: null,
      },
    },
    referrerPolicy: { policy: 'same-origin' },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: false,
  });
  // Only API answers are compressed here (the web app's files are compressed at build time), so the levels
  // favour time: a 1,000-line basket (420 KB of JSON) takes 1.7 ms at gzip level 3 against 4.3 ms at the
  // default 6, for a 17 % larger answer; brotli keeps its default quality 4 (2.6 ms).
  await app.register(fastifyCompress, { threshold: 2048, zlibOptions: { level: 3 } });
  await app.register(fastifyCookie);
  await app.register(fastifyMultipart, {
    limits: { fileSize: config.uploadMaxBytes, files: 20, fields: 50, fieldSize: 1024 * 1024, parts: 70 },
  });
  // An empty JSON body is an empty input, not an error.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      const err = new SyntaxError('Malformed JSON body');
      done(err, undefined);
    }
  });

  registerErrorHandler(app);
  // Before the routes: @fastify/rate-limit attaches to the routes that ask for it as they are added.
  await registerRestLimit(app, database.db, config);
  const deps = { db: database.db, config, mailer, sessions, storage };
  // Search and the quick order follow replaced numbers through the parts module (decision 205).
  registerReplacementLookup(lookupReplacements);
  // «Для моей техники» narrows the catalogue by the dealer's machines (decision 208).
  registerMachineModels(machineModelsFor);
  // The account's credit rule checks every checkout (decision 201); orders sits below the account.
  registerCheckoutGuard(creditGuard);
  // A dealer's message to the staff goes to the general address of the settings when no manager serves the
  // dealer; notices stands on the settings module's floor (decisions 199, 215).
  registerStaffAddress(readStaffEmail);
  // Order changes queue the dealers' webhooks in their transaction (decision 225); orders sits below webhooks.
  registerOrderListener('webhooks', orderWebhooks(config.publicUrl));
  // …and reach the dealer's linked Telegram (decision 226).
  registerOrderListener('telegram', orderTelegram(config.publicUrl));
  registerKeyCallLog(app, database.db);
  registerOpenApi(app);
  registerRest(app, deps);
  registerFileRoutes(app, deps);
  registerPriceListRoutes(app, deps);
  registerBasketTemplateRoute(app);
  registerExchangeRoutes(app, deps);
  registerPictureRoute(app, deps);
  registerContentPictureRoute(app, deps);
  if (config.webDist) await registerWeb(app, deps, config.webDist);

  if (config.jobs.worker) worker.start();
  return app;
}
