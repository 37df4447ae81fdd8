import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { PriceListFormat } from '@portal/contract';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import type { JobHandler } from '../../ops/jobs/worker.js';
import type { FileStorage } from '../../storage/index.js';
import { loadActor } from '../auth/index.js';
import { priceListFilter } from '../catalog/index.js';
import * as q from './queries.js';
import { priceListStream } from './stream.js';
import { CONTENT_TYPES } from './writers.js';

/** A big price list (decision 232): built on the queue into file storage, then downloaded by its owner. */
export const PRICE_LIST_JOB = 'price-list.build';
export const PRICE_LIST_JOB_ATTEMPTS = 3;
/** Expired files removed per build, so storage does not keep old lists. */
const SWEEP_PER_RUN = 50;

/** Told when a job's file is ready: the app registers the dealer's webhooks from above (decision 232). */
export type PriceListReadyListener = (db: Db, job: q.PriceListJobRow) => Promise<void>;
const readyListeners = new Map<string, PriceListReadyListener>();
export function onPriceListReady(name: string, listener: PriceListReadyListener): void {
  readyListeners.set(name, listener);
}

const jsonOf = (v: unknown): unknown => (typeof v === 'string' ? JSON.parse(v) : v);

async function sweepExpired(db: Db, storage: FileStorage): Promise<void> {
  for (const file of await q.expiredPriceListFiles(db, SWEEP_PER_RUN)) {
    await storage.delete(file.key);
    await q.forgetPriceListFile(db, file.id);
  }
}

export function priceListJobHandlers(deps: { config: Config; storage: FileStorage }): Record<string, JobHandler> {
  return {
    [PRICE_LIST_JOB]: async (payload, { db, log, job }) => {
      const id = (payload as { job: number }).job;
      const row = await q.priceListJobById(db, id);
      if (!row || row.state === 'done' || row.state === 'failed') return { skipped: true };
      await sweepExpired(db, deps.storage).catch((err: unknown) => log.warn({ err }, 'price list sweep failed'));
      const actor = await loadActor(db, row.user_id);
      if (!actor) {
        await q.failPriceListJob(db, id, 'failed', 'user not active');
        return { skipped: true };
      }
      await q.startPriceListJob(db, id);
      const scope = jsonOf(row.scope) as q.PriceListScope;
      const format = row.format as PriceListFormat;
      const dir = await mkdtemp(path.join(tmpdir(), 'price-list-'));
      const file = path.join(dir, `list.${format}`);
      try {
        let written = 0;
        const stream = await priceListStream(
          db,
          actor,
          {
            format,
            sectionIds: scope.sectionIds,
            inStock: scope.inStock,
            filter: scope.filter ? await priceListFilter(db, scope.filter) : null,
          },
          { name: 'Дилерский портал', url: `${deps.config.publicUrl}/` },
          undefined,
          async (n) => {
            written = n;
            await q.priceListJobProgress(db, id, n);
          },
        );
        // Pages go to a file on the local disk as they come, and the file to storage streamed: never whole in memory.
        await pipeline(stream, createWriteStream(file));
        const key = `price-lists/${row.user_id}/${id}-${randomBytes(8).toString('hex')}.${format}`;
        await deps.storage.putFile(key, file, CONTENT_TYPES[format]);
        const { size } = await stat(file);
        await db.transaction().execute(async (trx) => {
          const done = await q.finishPriceListJob(trx, id, {
            storageKey: key,
            size,
            rowsDone: written,
            hours: deps.config.priceLists.fileHours,
          });
          // In the same transaction: an event is queued exactly when the file is there (decision 225's outbox).
          for (const listener of readyListeners.values()) await listener(trx, done);
        });
        return { rows: written, size };
      } catch (err) {
        const last = job.attempts >= job.maxAttempts;
        await q.failPriceListJob(db, id, last ? 'failed' : 'queued', (err as Error).message);
        if (last) return { error: (err as Error).message };
        throw err;
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  };
}
