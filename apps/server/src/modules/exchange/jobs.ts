import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import type { Mailer } from '../../mail/mailer.js';
import { inBackground } from '../../db/priority.js';
import { enqueue, jobByKey } from '../../ops/jobs/queue.js';
import { JobHandedBack, type JobHandler } from '../../ops/jobs/worker.js';
import type { FileStorage } from '../../storage/index.js';
import { ARCHIVE, ExchangeFailure, findFile } from './files.js';
import { receivingFiles } from './files-queries.js';
import { runningRun, sessionFiles } from './protocol-queries.js';
import { endSession, sessionById, sessionRuns, type SessionRow } from './queries.js';
import type { ExchangeDeps } from './deps.js';
import { endOfSession, importStep, PHASE_TEXT, REPORT_READY, summary, type Answer } from './run.js';
import { exchangeStore } from './store.js';

/**
 * The exchange's heavy work on the job queue (decision 135): a 1C `mode=import` of a catalogue file and the
 * back office's manual upload run as jobs, in the bounded steps of decision 091; the calls that started
 * them only follow the job and answer `progress` until it is done. The sale side (orders) stays in the call.
 */

export const EXCHANGE_IMPORT_JOB = 'exchange.import';
export const EXCHANGE_UPLOAD_JOB = 'exchange.upload';

/** What a job needs besides the database: the same as a request's. */
export interface ExchangeServices {
  config: Config;
  storage: FileStorage;
  mailer: Mailer;
  engine: 'pglite' | 'postgres';
}

export function exchangeDepsOf(
  db: Db,
  services: ExchangeServices,
  log: Pick<FastifyBaseLogger, 'warn' | 'info'>,
): ExchangeDeps {
  return {
    db,
    config: services.config,
    mailer: services.mailer,
    store: exchangeStore(services.storage),
    log,
    // PGlite runs every statement on the one thread all requests share: small batches keep pages fast.
    batch:
      services.engine === 'pglite'
        ? { stage: 250, products: 60, offers: 60 }
        : { stage: 2000, products: 1000, offers: 1000, concurrent: true },
  };
}

type ImportPayload = { sessionId: number; type: 'catalog' | 'sale'; fileName: string };
type UploadPayload = { sessionId: number };

const isAnswer = (x: unknown): x is Answer =>
  typeof x === 'object' &&
  x !== null &&
  ['success', 'progress', 'failure'].includes((x as Answer).kind) &&
  typeof (x as Answer).message === 'string';

/** Steps until the work is done; between steps it hands the job back if its worker stops. */
async function untilDone(step: () => Promise<Answer>, stopping: () => boolean): Promise<Answer> {
  for (;;) {
    const started = Date.now();
    let answer: Answer;
    try {
      answer = await step();
    } catch (err) {
      if (err instanceof ExchangeFailure) return { kind: 'failure', message: err.message };
      throw err;
    }
    if (answer.kind !== 'progress') return answer;
    if (stopping()) throw new JobHandedBack();
    // A run leased by a call or job that died answers progress at once until its lease runs out.
    const idle = Date.now() - started < 20;
    await new Promise((r) => (idle ? setTimeout(r, 500) : setImmediate(r)));
  }
}

export function exchangeJobHandlers(services: ExchangeServices): Record<string, JobHandler> {
  return {
    // Both run as background work: on PGlite each statement lets dealers' requests in flight go first
    // (decision 172).
    [EXCHANGE_IMPORT_JOB]: (payload, context) => inBackground(() => importJob(payload, context)),
    [EXCHANGE_UPLOAD_JOB]: (payload, context) => inBackground(() => uploadJob(payload, context)),
  };

  async function importJob(...[payload, { db, log, stopping }]: Parameters<JobHandler>): Promise<Answer> {
    const p = payload as ImportPayload;
    const session = await sessionById(db, p.sessionId);
    if (!session) return { kind: 'failure', message: 'Сеанс обмена не найден' } satisfies Answer;
    const deps = exchangeDepsOf(db, services, log);
    return untilDone(
      () => importStep(deps, session, p.type, p.fileName, { deadline: Date.now() + services.config.exchange.stepMs }),
      stopping,
    );
  }

  async function uploadJob(...[payload, { db, log, stopping }]: Parameters<JobHandler>): Promise<Answer> {
    const p = payload as UploadPayload;
    const deps = exchangeDepsOf(db, services, log);
    return untilDone(async () => {
      const session = await sessionById(db, p.sessionId);
      if (!session) return { kind: 'failure', message: 'Сеанс обмена не найден' };
      if (session.ended_at) return { kind: 'success', message: 'Обмен завершён' };
      return nextUploadStep(deps, session, Date.now() + services.config.exchange.stepMs);
    }, stopping);
  }
}

/** The order 1C would send them in: the catalogue before its offers, prices and stock. */
const ORDER = ['import', 'offers', 'prices', 'rests'];
const rank = (name: string) => {
  const base = name.split('/').pop()!.toLowerCase();
  const i = ORDER.findIndex((p) => base.startsWith(p));
  return i < 0 ? ORDER.length : i;
};

/** The next file of an uploaded exchange, one bounded step; at the end the session closes. */
async function nextUploadStep(deps: ExchangeDeps, session: SessionRow, deadline: number): Promise<Answer> {
  const files = await sessionFiles(deps.db, session.id);
  const runs = await sessionRuns(deps.db, session.id);
  const failed = runs.find((r) => r.status === 'failed');
  if (failed) return { kind: 'failure', message: failed.error ?? '' };
  // A reviewed upload (decision 197): every file is parsed and reported first, and waits in `review`.
  const reviewing = session.review === 'pending';
  const waiting = new Set(runs.filter((r) => r.phase === 'review').map((r) => r.file_id));
  // Archives are unpacked by the first step; then every XML file in 1C's order.
  const pending = files
    .filter((f) => /\.xml$/i.test(f.name) && f.state !== 'done' && !waiting.has(f.id))
    .sort((a, b) => rank(a.name) - rank(b.name) || a.id - b.id);
  const first = pending[0] ?? files.find((f) => ARCHIVE.test(f.name) && f.state !== 'done');
  if (!first && reviewing) return { kind: 'success', message: REPORT_READY };
  if (!first) {
    await endOfSession(deps, session);
    await endSession(deps.db, session.id);
    return { kind: 'success', message: 'Обмен завершён' };
  }
  // Manual files follow the single-file scheme: a full import.xml hides what it does not name (decision 094).
  const answer = await importStep(deps, session, 'catalog', first.name, {
    deadline,
    singleFile: true,
    hold: reviewing,
  });
  return answer.kind === 'success' ? { kind: 'progress', message: answer.message } : answer;
}

/** Where the session's running file stands, for a `progress` answer. */
async function progressText(db: Db, sessionId: number, fileName?: string): Promise<string> {
  const run = await runningRun(db, sessionId, fileName);
  if (!run) return 'Файл в очереди на обработку';
  const text = `${PHASE_TEXT[run.phase] ?? run.phase}: ${summary(run.stats)}`;
  return fileName ? text : `${run.file_name}: ${text}`;
}

/**
 * Follows the job under `key` for at most `waitMs` (a small file is done within the call that queued it
 * when a worker is free): its result once done, `progress` with where it stands otherwise.
 */
async function follow(db: Db, key: string, waitMs: number, progress: () => Promise<string>): Promise<Answer> {
  const until = Date.now() + waitMs;
  for (;;) {
    const job = await jobByKey(db, key);
    if (job?.status === 'done') {
      return isAnswer(job.result) ? job.result : { kind: 'success', message: '' };
    }
    if (job?.status === 'failed') {
      return { kind: 'failure', message: 'Обработка файла не удалась, обратитесь к администратору портала' };
    }
    if (Date.now() >= until) return { kind: 'progress', message: await progress() };
    await new Promise((r) => setTimeout(r, Math.min(100, Math.max(0, until - Date.now()))));
  }
}

/** Waiting in one call: the step of decision 091, at most 5 s, so 1C's and the browser's calls stay short. */
const waitOf = (config: Config) => Math.min(config.exchange.stepMs, 5000);

/** The archive of the session still to be unpacked, the newest one (where a file not yet seen will come from). */
async function newestArchive(db: Db, sessionId: number): Promise<number | undefined> {
  const archives = (await receivingFiles(db, sessionId)).filter((f) => ARCHIVE.test(f.name) && f.from_archive === null);
  return archives.length ? Math.max(...archives.map((a) => a.id)) : undefined;
}

/** `mode=import` of a catalogue file: the job is queued once per received file, then followed. */
export async function importByJob(
  deps: ExchangeDeps,
  session: SessionRow,
  type: 'catalog' | 'sale',
  fileName: string,
): Promise<Answer> {
  const file = await findFile(deps.db, session.id, fileName);
  // A file sent again is a new file (a new id): a new job. A file of an archive is keyed by its archive, before
  // and after it is unpacked: keyed by its own id, the call after the unpacking began queued a second job that
  // unpacked the same archive at once and deleted the first one's file under it.
  const archive = file ? file.from_archive : await newestArchive(deps.db, session.id);
  const key = `exchange-import:${session.id}:${type}:${fileName}:${file && file.from_archive === null ? file.id : `archive-${archive ?? 'none'}`}`;
  if (!(await jobByKey(deps.db, key))) {
    await enqueue(deps.db, EXCHANGE_IMPORT_JOB, { sessionId: session.id, type, fileName } satisfies ImportPayload, {
      key,
      maxAttempts: 5,
    });
  }
  return follow(deps.db, key, waitOf(deps.config), () => progressText(deps.db, session.id, fileName));
}

/** The upload's job: the dry run's under the session's key, the confirmed apply's under its own (decision 197). */
const uploadKey = (session: Pick<SessionRow, 'id' | 'review'>) =>
  session.review === 'confirmed' ? `exchange-upload:${session.id}:confirmed` : `exchange-upload:${session.id}`;

/** The manual upload's job, queued with the upload (or by the first `continue` of an older session). */
export async function queueUpload(db: Db, session: Pick<SessionRow, 'id' | 'review'>): Promise<void> {
  await enqueue(db, EXCHANGE_UPLOAD_JOB, { sessionId: session.id } satisfies UploadPayload, {
    key: uploadKey(session),
    maxAttempts: 5,
  });
}

/** Whether the dry run's job has finished its report (a confirmation before that is refused). */
export async function reportReady(db: Db, session: Pick<SessionRow, 'id' | 'review'>): Promise<boolean> {
  const job = await jobByKey(db, uploadKey(session));
  return job?.status === 'done' && isAnswer(job.result) && job.result.kind === 'success';
}

/** `exchange/continue`: where the manual upload's job stands (waiting a little for it). */
export async function followUpload(db: Db, config: Config, session: SessionRow): Promise<Answer> {
  if (session.review === 'discarded') return { kind: 'failure', message: 'Загрузка отменена, ничего не записано' };
  if (session.ended_at && !(await jobByKey(db, uploadKey(session)))) return { kind: 'success', message: '' };
  await queueUpload(db, session);
  return follow(db, uploadKey(session), Math.min(waitOf(config), 1000), () => progressText(db, session.id));
}
