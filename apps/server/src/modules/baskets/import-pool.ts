import { Worker } from 'node:worker_threads';
import { AppError } from '../../rest/app-error.js';
import type { WorkerAnswer } from './import-worker.js';
import { checkZipBounds, isZip, MAX_IMPORT_MS, type SheetLines } from './spreadsheet.js';

/**
 * Spreadsheet imports run off the event loop (decision 053): in worker threads, at most IMPORT_WORKERS at a
 * time, each with a bounded heap and a hard time limit, so a hostile file costs one worker, never the
 * server's answers to everyone else. Workers are kept for the next import and end after a minute idle.
 */
export const IMPORT_WORKERS = 2;
/** Imports waiting for a worker; one more is told to come back later. */
export const MAX_WAITING_IMPORTS = 20;
/** A worker's heap; reading a 20,000-line order takes about 60 MB. */
const WORKER_HEAP_MB = 256;
/** The reader stops itself at MAX_IMPORT_MS; a worker still busy a little later is ended. */
const HARD_LIMIT_MS = MAX_IMPORT_MS + 5000;
const IDLE_MS = 60_000;

const idle: Array<{ worker: Worker; timer: NodeJS.Timeout }> = [];
let running = 0;
const waiting: Array<() => void> = [];

function spawn(): Worker {
  const worker = new Worker(new URL('./import-worker.mjs', import.meta.url), {
    resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB, maxYoungGenerationSizeMb: 32 },
    stdout: false,
    stderr: false,
  });
  worker.unref();
  return worker;
}

function takeWorker(): Worker {
  const kept = idle.pop();
  if (!kept) return spawn();
  clearTimeout(kept.timer);
  return kept.worker;
}

function keepWorker(worker: Worker): void {
  const timer = setTimeout(() => {
    const i = idle.findIndex((k) => k.worker === worker);
    if (i >= 0) idle.splice(i, 1);
    void worker.terminate();
  }, IDLE_MS);
  timer.unref();
  idle.push({ worker, timer });
}

async function acquire(): Promise<void> {
  if (running < IMPORT_WORKERS) {
    running++;
    return;
  }
  if (waiting.length >= MAX_WAITING_IMPORTS) {
    throw new AppError('RATE_LIMITED', 'error.importBusy', { args: [30], retryAfter: 30 });
  }
  // The slot is handed over by release(): `running` stays as it is.
  await new Promise<void>((resolve) => waiting.push(resolve));
}

function release(): void {
  const next = waiting.shift();
  if (next) next();
  else running--;
}

function runInWorker(data: Buffer): Promise<SheetLines> {
  const worker = takeWorker();
  return new Promise<SheetLines>((resolve, reject) => {
    let done = false;
    const finish = (outcome: { result: SheetLines } | { error: Error }, reusable: boolean) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      worker.off('message', onMessage).off('error', onError).off('exit', onExit);
      if (reusable) keepWorker(worker);
      else void worker.terminate();
      if ('result' in outcome) resolve(outcome.result);
      else reject(outcome.error);
    };
    const onMessage = (answer: WorkerAnswer) =>
      answer.ok
        ? finish({ result: answer.result }, true)
        : finish({ error: new AppError(answer.code, answer.message, { args: answer.args }) }, true);
    const onError = (err: Error & { code?: string }) =>
      finish(
        {
          error: err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new AppError('VALIDATION', 'error.sheetTooHeavy') : err,
        },
        false,
      );
    const onExit = (code: number) => finish({ error: new Error(`import worker exited with ${code}`) }, false);
    const timer = setTimeout(
      () => finish({ error: new AppError('VALIDATION', 'error.importTimeout') }, false),
      HARD_LIMIT_MS,
    );
    worker.on('message', onMessage).on('error', onError).on('exit', onExit);
    worker.postMessage(data);
  });
}

/** readSpreadsheet in a worker thread, at most IMPORT_WORKERS at a time. */
export async function readSpreadsheetOffThread(data: Buffer): Promise<SheetLines> {
  // An archive's bounds are checked here first: inflating runs in zlib's thread pool, the loop only counts
  // bytes, so a bomb is refused at once without waiting for (or starting) a worker. The worker checks again.
  if (isZip(data)) await checkZipBounds(data);
  await acquire();
  try {
    return await runInWorker(data);
  } finally {
    release();
  }
}
