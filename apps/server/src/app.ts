import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyMultipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config.js';
import { openDatabase, type DatabaseHandle } from './db/database.js';
import { lockDataDir } from './db/data-dir-lock.js';
import { migrateToLatest } from './db/migrate.js';
import { isEmpty, seedDemo } from './db/seed/demo.js';
import { scheduleVacuumAnalyze, vacuumAnalyze } from './db/maintenance.js';
import { createMailer, type Mailer } from './mail/mailer.js';
import { registerRest } from './rest/dispatcher.js';
import { registerFileRoutes } from './modules/files/routes.js';
import { registerErrorHandler } from './rest/error-handler.js';
import { sweepRateEvents } from './rest/throttle.js';
import { createSessionStore } from './sessions/session-store.js';
import { registerWeb } from './web/serve-web.js';

declare module 'fastify' {
  interface FastifyInstance {
    portal: { database: DatabaseHandle; mailer: Mailer; config: Config };
  }
}

/** Headers and body fields that never reach a log line (DESIGN §8). */
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
    },
    bodyLimit: 1024 * 1024,
    // X-Forwarded-For is believed only from proxies on this host or a private network (a load balancer,
    // DESIGN §6), and only the address such a proxy appended: `true` would take the left-most entry, which
    // any browser can write, and sign-in throttling per address would be void.
    trustProxy: ['loopback', 'linklocal', 'uniquelocal'],
    requestIdHeader: 'x-request-id',
  });

  const releaseLock = config.databaseUrl ? () => {} : lockDataDir(config.dataDir);
  let database: DatabaseHandle;
  try {
    database = await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      templateDir: config.templateDataDir,
      onPoolError: (err) => app.log.warn({ err: err.message }, 'database connection lost; the pool reconnects'),
    });
    const applied = await migrateToLatest(database.db);
    if (applied.length) app.log.info({ applied }, 'migrations applied');
    const seed = config.demoSeed === 'on' || (config.demoSeed === 'auto' && !config.databaseUrl);
    if (seed && (await isEmpty(database.db))) {
      await seedDemo(database.db, {}, (m) => app.log.info(m));
    } else if (database.kind === 'pglite' && !config.templateDataDir) {
      // PGlite has no autovacuum (db/maintenance.ts); a copied template carries its own statistics.
      const started = Date.now();
      await vacuumAnalyze(database.db);
      app.log.info(`vacuum analyze in ${Date.now() - started} ms`);
    }
  } catch (err) {
    releaseLock();
    throw err;
  }

  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    dataDir: config.dataDir,
    log: app.log,
  });
  const sessions = createSessionStore(database.db);
  app.decorate('portal', { database, mailer, config });
  const stopMaintenance =
    database.kind === 'pglite'
      ? scheduleVacuumAnalyze(database.db, (err) => app.log.warn({ err: err.message }, 'vacuum analyze failed'))
      : () => {};
  app.addHook('onClose', async () => {
    stopMaintenance();
    await database.close();
    releaseLock();
  });

  await app.register(fastifyHelmet, {
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
  const deps = { db: database.db, config, mailer, sessions };
  registerRest(app, deps);
  registerFileRoutes(app, deps);
  if (config.webDist) await registerWeb(app, deps, config.webDist);

  // Expired sessions and old sign-in failures go away by themselves.
  const sweep = setInterval(
    () => {
      void Promise.all([sessions.sweepExpired(), sweepRateEvents(database.db)]).catch((err: unknown) =>
        app.log.warn({ err }, 'sweep failed'),
      );
    },
    60 * 60 * 1000,
  );
  sweep.unref();
  app.addHook('onClose', () => clearInterval(sweep));

  return app;
}
