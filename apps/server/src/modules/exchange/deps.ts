import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import type { Mailer } from '../../mail/mailer.js';
import type { ExchangeStore } from './store.js';

/** What an exchange step works with, in a file of its own so the run and the sale document share it without a circle. */
export interface ExchangeDeps {
  db: Db;
  config: Config;
  store: ExchangeStore;
  mailer: Mailer;
  log: { warn: (obj: unknown, msg: string) => void; info: (obj: unknown, msg: string) => void };
  /**
   * Batch sizes: PGlite shares one thread with every request, so its batches are smaller. `concurrent`:
   * the database has connections to spare (PostgreSQL), so independent writes of a batch go at once.
   */
  batch: { stage: number; products: number; offers: number; concurrent?: boolean };
}
