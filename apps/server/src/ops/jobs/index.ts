import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { DatabaseHandle } from '../../db/database.js';
import { PGLITE_MAINTENANCE_EVERY_MS, vacuumAnalyze } from '../../db/maintenance.js';
import { createOutbox, MAIL_JOB, type MailMessage, type MailTransport } from '../../mail/mailer.js';
import { accountJobHandlers, BILL_REMINDERS_JOB, registerAccountListener } from '../../modules/account/index.js';
import { exchangeJobHandlers } from '../../modules/exchange/index.js';
import { orderJobHandlers } from '../../modules/orders/index.js';
import {
  onPriceListReady,
  PRICE_LIST_MAIL_TICK,
  priceListJobHandlers,
  priceListMailHandlers,
} from '../../modules/pricelists/index.js';
import { sweepCounters } from '../../modules/throttle/index.js';
import { accountWebhooks, priceListWebhooks, webhookJobHandlers } from '../../modules/webhooks/index.js';
import { accountTelegram, TELEGRAM_POLL_JOB, telegramJobHandlers } from '../../modules/telegram/index.js';
import type { SessionStore } from '../../sessions/session-store.js';
import type { FileStorage } from '../../storage/index.js';
import { pruneFinished } from './queue.js';
import { createWorker, type JobHandler, type JobOutcome, type PeriodicTask, type Worker } from './worker.js';

export { enqueue, jobByKey, queueDepth, type DbOrTrx, type JobState } from './queue.js';
export { JobHandedBack, type JobContext, type JobHandler, type JobOutcome, type Worker } from './worker.js';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

export interface PortalWorkerDeps {
  database: DatabaseHandle;
  config: Config;
  transport: MailTransport;
  sessions: SessionStore;
  /** The shared file storage (the exchange's jobs read what 1C sent from it). */
  storage: FileStorage;
  log: FastifyBaseLogger;
  onFinished?: (kind: string, outcome: JobOutcome, seconds: number) => void;
}

/** The portal's worker: the e-mail outbox, other modules' kinds and the periodic upkeep (decision 080). */
export function createPortalWorker(deps: PortalWorkerDeps): Worker {
  const { database, config, transport, sessions } = deps;
  const db = database.db;
  // A big price list, ready, is the dealer's `price-list.ready` webhook (decisions 225, 232); registered here
  // because the list is built wherever a worker runs, `npm run worker` included; pricelists sits below webhooks.
  onPriceListReady('webhooks', priceListWebhooks(config.publicUrl));
  // Shipments and closing documents from 1C reach the dealer's webhooks and Telegram (decisions 202, 225, 226):
  // the account's documents are written by the exchange's jobs, so here too; account sits below both.
  registerAccountListener('webhooks', accountWebhooks(config.publicUrl));
  registerAccountListener('telegram', accountTelegram(config.publicUrl));
  const handlers: Record<string, JobHandler> = {
    [MAIL_JOB]: async (payload) => {
      await transport.send(payload as MailMessage);
    },
    'sessions.sweep': async (_p, { log }) => {
      const sessionsGone = await sessions.sweepExpired();
      const counters = await sweepCounters(db);
      log.info({ sessions: sessionsGone, counters }, 'expired sessions and counters removed');
    },
    'jobs.prune': async () => {
      await pruneFinished(db, 7 * DAY, 'done');
      await pruneFinished(db, 30 * DAY, 'failed');
    },
    // The 1C exchange's imports and the back office's manual upload (decision 135).
    ...exchangeJobHandlers({ config, storage: deps.storage, mailer: createOutbox(db), engine: database.kind }),
    // The dealer's one notice and e-mail per change set of the desk (decision 195).
    ...orderJobHandlers({ config, mailer: createOutbox(db) }),
    // Signed deliveries of the dealers' webhooks (decision 225).
    ...webhookJobHandlers({ config, mailer: createOutbox(db) }),
    // Big price lists built into file storage (decision 232).
    ...priceListJobHandlers({ config, storage: deps.storage }),
    // The dealers' scheduled price-list e-mails, taken once per period (decision 219).
    ...priceListMailHandlers({ config, storage: deps.storage, mailer: createOutbox(db) }),
    // The supplier's Telegram bot: its long polling and messages (decision 226).
    ...telegramJobHandlers({ config }),
    // The daily reminder of bills due in 3 days or overdue (decision 203).
    ...accountJobHandlers({ config, mailer: createOutbox(db) }),
  };
  const periodic: PeriodicTask[] = [
    { name: 'sessions-sweep', kind: 'sessions.sweep', everyMs: HOUR },
    { name: 'jobs-prune', kind: 'jobs.prune', everyMs: DAY },
    // One poll job a minute for the fleet; it returns at once while no bot token is stored.
    { name: 'telegram-poll', kind: TELEGRAM_POLL_JOB, everyMs: 60 * 1000 },
    { name: 'account-bill-reminders', kind: BILL_REMINDERS_JOB, everyMs: DAY },
    { name: 'price-list-mail', kind: PRICE_LIST_MAIL_TICK, everyMs: HOUR },
  ];
  if (database.kind === 'pglite') {
    // PGlite has no autovacuum (decision 006); PostgreSQL's own daemon does this there.
    handlers['pglite.vacuum'] = async () => {
      await vacuumAnalyze(db);
    };
    periodic.push({ name: 'pglite-vacuum', kind: 'pglite.vacuum', everyMs: PGLITE_MAINTENANCE_EVERY_MS });
  }
  return createWorker({
    db,
    log: deps.log,
    handlers,
    periodic,
    pollMs: config.jobs.pollMs,
    retryBaseMs: config.jobs.retryBaseMs,
    concurrency: config.jobs.concurrency,
    ...(deps.onFinished ? { onFinished: deps.onFinished } : {}),
  });
}
