import type { ExchangeReport } from '@portal/contract';
import type { Db } from '../../db/database.js';
import { hideProductsExcept, refreshAfterImport, relaxCommit, zeroStockExcept } from '../catalog/index.js';
import { tellArrivals } from '../parts/index.js';
import {
  applyGroups,
  applyOffers,
  applyPriceTypes,
  applyProducts,
  applyProperties,
  applyStores,
  applyUnits,
  offersMemo,
} from './apply-catalog.js';
import {
  emptyFacts,
  isItem,
  noteHeader,
  recordsOf,
  type DocumentFacts,
  type DocumentRecord,
  type SettlementRecord,
  type StagedRecord,
} from './commerceml.js';
import { ExchangeFailure, fileSource, findFile, PICTURE, registerPictures, unpackArchives, ARCHIVE } from './files.js';
import { setFileState } from './files-queries.js';
import {
  dropStage,
  insertStage,
  leaseRun,
  runFor,
  saveRun,
  sessionRuns,
  stageBatch,
  stagedIds,
  type RunRow,
  type SessionRow,
  type StageRow,
} from './queries.js';
import { applySaleDocument, applySettlement } from './sale.js';
import { storeMemo } from '../account/index.js';
import { reportAfterTheFact, reportStep, type ReportState } from './report.js';
import type { ExchangeDeps } from './deps.js';
import { readXml, sniffEncoding, XmlFailure, type ByteSource, type ReaderCheckpoint } from './xml-reader.js';
import iconv from 'iconv-lite';

/**
 * One `mode=import` call (decision 091): a bounded step of the file's run. A run goes
 * prepare (unpack archives, keep pictures) → parse (the file into staging rows, resumable) →
 * apply (staging → catalogue in short batches) → finish (a single-file full exchange's switch, counts,
 * words) → done. Everything a later call needs is in the database and the file storage.
 */

export interface Answer {
  kind: 'success' | 'progress' | 'failure';
  message: string;
}

type Cursor = {
  checkpoint?: ReaderCheckpoint | null;
  facts?: DocumentFacts;
  seq?: number;
  /** Apply: index into APPLY_ORDER and the last staged seq done of that kind. */
  step?: number;
  after?: number;
  /** This run's full switch waits for the session's end (deactivate / complete), decision 094. */
  deferred?: boolean;
  /** The report phase's state (decision 197); `preview`: products compared before the apply (a dry run). */
  report?: ReportState;
  preview?: boolean;
};

const APPLY_ORDER = [
  'unit',
  'property',
  'pricetype',
  'store',
  'group',
  'product',
  'offer',
  'document',
  'settlement',
] as const;
/** The old single-file exchange: a full file's switch happens at its end (decision 094). */
const SINGLE_FILE = /^(import|offers|prices|rests)\.xml$/i;
const MAX_STAGED = 5_000_000;
const ATTACHMENT = /\.(pdf|docx?|xlsx?|odt|ods|rtf|txt)$/i;

export const PHASE_TEXT: Record<string, string> = {
  prepare: 'Подготовка файлов',
  parse: 'Чтение файла',
  report: 'Подсчёт изменений',
  review: 'Ждёт подтверждения',
  apply: 'Запись в каталог',
  finish: 'Завершение',
};

/** The session's archives unpacked and pictures kept, as far as time allows. */
async function prepare(deps: ExchangeDeps, session: SessionRow, stop: () => boolean): Promise<boolean> {
  const unpacked = await unpackArchives(
    deps.db,
    deps.store,
    session.id,
    { partBytes: deps.config.exchange.fileLimitBytes, maxFileBytes: deps.config.exchange.maxFileBytes },
    stop,
  );
  if (!unpacked.done) return false;
  const pictures = await registerPictures(deps.db, deps.store, session.id, stop);
  return pictures.done;
}

export async function importStep(
  deps: ExchangeDeps,
  session: SessionRow,
  type: 'catalog' | 'sale',
  fileName: string,
  options: { deadline: number; singleFile?: boolean; saleOnFile?: boolean; hold?: boolean },
): Promise<Answer> {
  const stop = () => Date.now() >= options.deadline;
  try {
    if (!(await prepare(deps, session, stop))) return { kind: 'progress', message: 'Распаковка архива и картинок' };
  } catch (err) {
    if (err instanceof ExchangeFailure) return { kind: 'failure', message: err.message };
    throw err;
  }
  const file = await findFile(deps.db, session.id, fileName);
  if (!file) return { kind: 'failure', message: `Файл ${fileName} не получен` };
  if (ARCHIVE.test(file.name) || PICTURE.test(file.name)) return { kind: 'success', message: '' };
  // A document's attachment (the PDF of a УПД or a bill) waits for the document that names it (decision 200).
  if (ATTACHMENT.test(file.name)) return { kind: 'success', message: '' };
  // An orders document sent with mode=file alone is processed once its last piece has arrived.
  if (options.saleOnFile && !(await looksComplete(await fileSource(deps.db, deps.store, file.id)))) {
    return { kind: 'success', message: '' };
  }
  const run = await runFor(deps.db, session.id, type, file.name, file.id);
  return stepRun(deps, run, options.deadline, options.singleFile ?? SINGLE_FILE.test(file.name), options.hold);
}

/** What a held run answers once its report is ready: the upload waits for the administrator (decision 197). */
export const REPORT_READY = 'Отчёт готов: загрузка ждёт подтверждения';

/** Works on a run until the deadline; answers where it stands. */
export async function stepRun(
  deps: ExchangeDeps,
  existing: RunRow,
  deadline: number,
  singleFile: boolean,
  hold = false,
): Promise<Answer> {
  if (existing.status === 'done') return { kind: 'success', message: summary(existing.stats) };
  if (existing.phase === 'review') return { kind: 'success', message: REPORT_READY };
  if (existing.status === 'failed') return { kind: 'failure', message: existing.error ?? 'Ошибка обмена' };
  // Long enough to outlive this call; a call that died leaves it to run out.
  const run = await leaseRun(deps.db, existing.id, deps.config.exchange.stepMs * 4 + 30_000);
  if (!run) return { kind: 'progress', message: 'Файл обрабатывается' };
  const stop = () => Date.now() >= deadline;
  const cursor = run.cursor as Cursor;
  const stats: Record<string, number> = { ...run.stats };
  let phase = run.phase;
  try {
    if (phase === 'parse') {
      if (await parse(deps, run, cursor, stats, stop)) {
        const facts = cursor.facts ?? emptyFacts();
        // A catalogue file's report first (decision 197); a file of documents only goes on (or waits).
        phase = facts.catalog || facts.offers || facts.classifier ? 'report' : hold ? 'review' : 'apply';
        cursor.preview = hold;
      }
    }
    if (phase === 'report' && !stop()) {
      const step = await reportStep(
        deps,
        run,
        cursor.facts ?? emptyFacts(),
        cursor.report,
        { preview: cursor.preview ?? false, singleFile },
        stop,
      );
      cursor.report = step.state;
      if (step.done) {
        await saveRun(deps.db, run.id, { report: step.state.report });
        phase = hold ? 'review' : 'apply';
      }
    }
    if (phase === 'review') {
      await saveRun(deps.db, run.id, { phase, stats, cursor, release: true });
      return { kind: 'success', message: REPORT_READY };
    }
    if (phase === 'apply' && !stop()) {
      if (await apply(deps, run, cursor, stats, stop)) phase = 'finish';
    }
    if (phase === 'finish' && !stop()) {
      await finish(deps, run, cursor, stats, singleFile);
      phase = 'done';
    }
  } catch (err) {
    const reason =
      err instanceof XmlFailure || err instanceof ExchangeFailure
        ? err.message
        : `Внутренняя ошибка: ${(err as Error).message}`.slice(0, 500);
    if (!(err instanceof XmlFailure || err instanceof ExchangeFailure)) {
      deps.log.warn({ err, run: run.id }, 'exchange run failed');
    }
    await dropStage(deps.db, run.id);
    await saveRun(deps.db, run.id, { status: 'failed', error: reason, stats, cursor, release: true });
    return { kind: 'failure', message: reason };
  }
  if (phase === 'done') {
    // A live exchange's report gets the products' counts the apply made (after the fact, decision 197).
    const report = cursor.report && !cursor.preview ? reportAfterTheFact(cursor.report.report, stats) : undefined;
    await saveRun(deps.db, run.id, { status: 'done', phase, stats, cursor, release: true, report });
    await setFileState(deps.db, run.file_id!, 'done');
    return { kind: 'success', message: summary(stats) };
  }
  await saveRun(deps.db, run.id, { phase, stats, cursor, release: true });
  return { kind: 'progress', message: `${PHASE_TEXT[phase] ?? phase}: ${summary(stats)}` };
}

const STAT_TEXT: Array<[string, string]> = [
  ['sections', 'разделов'],
  ['products', 'товаров'],
  ['hidden', 'скрыто'],
  ['prices', 'цен'],
  ['stocks', 'остатков'],
  ['offers', 'предложений'],
  ['orders', 'заказов'],
  ['ordersFrom1C', 'заказов из 1С'],
  ['shipments', 'отгрузок'],
  ['payments', 'оплат'],
  ['returns', 'возвратов'],
  ['bills', 'счетов'],
  ['invoices', 'счетов-фактур'],
  ['documents', 'документов'],
  ['settlements', 'взаиморасчётов'],
  ['unknown', 'не сопоставлено'],
  ['read', 'прочитано элементов'],
];

export function summary(stats: Record<string, number>): string {
  const parts = STAT_TEXT.filter(([k]) => (stats[k] ?? 0) > 0).map(([k, t]) => `${t} ${stats[k]}`);
  return parts.join(', ') || 'без изменений';
}

async function parse(
  deps: ExchangeDeps,
  run: RunRow,
  cursor: Cursor,
  stats: Record<string, number>,
  stop: () => boolean,
): Promise<boolean> {
  const source = await fileSource(deps.db, deps.store, run.file_id!);
  const facts = cursor.facts ?? emptyFacts();
  let seq = cursor.seq ?? 0;
  let pending: StageRow[] = [];
  const add = (r: StagedRecord) => {
    seq += 1;
    pending.push({ seq, kind: r.kind, ext: r.ext, data: r.data });
  };
  // Staged rows are written while the next slices are parsed (decision 170): at most one write in flight,
  // each with the checkpoint its rows end at, in one transaction; a forced flush waits for it.
  let inflight: Promise<void> | null = null;
  const write = async (rows: StageRow[], next: Cursor, read: number) => {
    await deps.db.transaction().execute(async (trx) => {
      await relaxCommit(trx);
      await insertStage(trx, run.id, rows);
      stats.read = read;
      await saveRun(trx, run.id, { cursor: next, stats });
    });
    Object.assign(cursor, next);
  };
  let result: { done: boolean };
  try {
    result = await readXml(
      source,
      cursor.checkpoint ?? null,
      {
        isItem,
        onOpen: (path, attrs) => noteHeader(facts, path, attrs),
        onItem: (item, path) => {
          for (const r of recordsOf(item, facts, path)) add(r);
          if (seq > MAX_STAGED) throw new XmlFailure(`В файле больше ${MAX_STAGED} элементов`);
        },
        flush: async (checkpoint, force) => {
          if (!force && pending.length < deps.batch.stage) return;
          const rows = pending;
          pending = [];
          const next = { ...cursor, checkpoint, facts: { ...facts }, seq };
          if (inflight) await inflight;
          const writing = write(rows, next, seq);
          // Marked handled now; whoever awaits it next still gets its error.
          writing.catch(() => undefined);
          inflight = writing;
          if (force) {
            inflight = null;
            await writing;
          }
        },
      },
      stop,
    );
  } finally {
    // A failure while a write is in flight: let it end before the run's staging rows are dropped.
    if (inflight) await (inflight as Promise<void>).catch(() => undefined);
  }
  if (!result.done) return false;
  if (
    run.type === 'catalog' &&
    !facts.catalog &&
    !facts.offers &&
    !facts.classifier &&
    !facts.documents &&
    !facts.settlements
  ) {
    throw new XmlFailure('В файле нет ни каталога, ни пакета предложений, ни классификатора (это CommerceML?)');
  }
  Object.assign(cursor, { checkpoint: null, facts, seq, step: 0, after: 0 });
  return true;
}

async function apply(
  deps: ExchangeDeps,
  run: RunRow,
  cursor: Cursor,
  stats: Record<string, number>,
  stop: () => boolean,
): Promise<boolean> {
  const add = (k: string, n: number) => {
    stats[k] = (stats[k] ?? 0) + n;
  };
  // Price mappings, read once per call (and again when a batch meets a new 1C price type).
  const cells = offersMemo();
  // The account's lookups of companies and products, kept for this call (decision 200's documents).
  const documents = storeMemo();
  while ((cursor.step ?? 0) < APPLY_ORDER.length) {
    if (stop()) return false;
    const kind = APPLY_ORDER[cursor.step ?? 0]!;
    const whole = kind !== 'product' && kind !== 'offer' && kind !== 'document' && kind !== 'settlement';
    const limit = whole
      ? 200_000
      : kind === 'product'
        ? deps.batch.products
        : kind === 'offer'
          ? deps.batch.offers
          : 20;
    const rows = await stageBatch(deps.db, run.id, kind, cursor.after ?? 0, limit);
    if (rows.length === 0) {
      cursor.step = (cursor.step ?? 0) + 1;
      cursor.after = 0;
      continue;
    }
    const staged = rows as Array<{ seq: number; ext_id: string; data: never }>;
    switch (kind) {
      case 'unit':
        await applyUnits(deps.db, staged);
        break;
      case 'property':
        await applyProperties(deps.db, staged);
        break;
      case 'pricetype':
        add('priceTypes', await applyPriceTypes(deps.db, staged));
        break;
      case 'store':
        add('stores', await applyStores(deps.db, staged));
        break;
      case 'group':
        add('sections', await applyGroups(deps.db, staged));
        break;
      case 'product': {
        const r = await applyProducts(deps.db, staged);
        add('products', r.created + r.changed);
        add('created', r.created);
        add('analogues', r.analogues);
        break;
      }
      case 'offer': {
        const r = await applyOffers(deps.db, staged, cells, deps.batch.concurrent ?? false);
        add('offers', rows.length);
        add('prices', r.prices);
        add('stocks', r.stocks);
        add('skipped', r.skipped);
        break;
      }
      case 'document':
        // Orders, and the account's documents beside them (decision 200): each counted by what it became.
        for (const row of staged as Array<{ seq: number; ext_id: string; data: DocumentRecord }>) {
          add(await applySaleDocument(deps, row.data, run, documents), 1);
        }
        break;
      case 'settlement':
        for (const row of staged as Array<{ seq: number; ext_id: string; data: SettlementRecord }>) {
          add(await applySettlement(deps, row.data, run), 1);
        }
        break;
    }
    cursor.after = rows[rows.length - 1]!.seq;
    // Where this batch ended, for a call that stops before the next one.
    await saveRun(deps.db, run.id, { cursor: cursor as Record<string, unknown>, stats });
    if (whole && rows.length < limit) {
      cursor.step = (cursor.step ?? 0) + 1;
      cursor.after = 0;
    }
    await new Promise((resolve) => setImmediate(resolve));
  }
  return true;
}

/** The end of a run: a single-file full exchange's switch now, a package one's at the session's end. */
async function finish(
  deps: ExchangeDeps,
  run: RunRow,
  cursor: Cursor,
  stats: Record<string, number>,
  singleFile: boolean,
): Promise<void> {
  const facts = cursor.facts ?? emptyFacts();
  const full = facts.catalog === 'full' || facts.offers === 'full';
  if (full && !singleFile) {
    cursor.deferred = true;
  } else if (full) {
    const switched = await fullSwitch(deps.db, [run], [run]);
    if (switched.hidden) stats.hidden = (stats.hidden ?? 0) + switched.hidden;
    if (switched.zeroed) stats.zeroed = (stats.zeroed ?? 0) + switched.zeroed;
  }
  // Dealers waiting for a product the stock now holds are told once (decision 207).
  if ((stats.stocks ?? 0) > 0) stats.arrivalNotices = await tellArrivals(deps);
  const changed = (stats.products ?? 0) + (stats.hidden ?? 0);
  if (changed > 0 || (stats.sections ?? 0) > 0 || (stats.stocks ?? 0) > 0) {
    await refreshAfterImport(deps.db, { words: changed > 0, analyze: changed + (stats.prices ?? 0) > 5000 });
  }
}

/**
 * Hides the products the full catalogue runs did not name and empties the stock of the products the full
 * offer runs did not name (decision 094). One statement each: the switch is atomic.
 */
async function fullSwitch(
  db: Db,
  catalogRuns: RunRow[],
  offerRuns: RunRow[],
): Promise<{ hidden: number; zeroed: number }> {
  const facts = (r: RunRow) => ((r.cursor as Cursor).facts ?? emptyFacts()) as DocumentFacts;
  const cat = catalogRuns.filter((r) => facts(r).catalog === 'full').map((r) => r.id);
  const off = offerRuns.filter((r) => facts(r).offers === 'full').map((r) => r.id);
  let hidden = 0;
  let zeroed = 0;
  if (cat.length > 0) hidden = await hideProductsExcept(db, await stagedIds(db, cat, 'product'));
  if (off.length > 0) {
    const keep = await stagedIds(db, off, 'offer-stock');
    // A full offers file that says nothing about stock (prices only) leaves stock alone.
    if (keep.length > 0) zeroed = await zeroStockExcept(db, keep);
  }
  return { hidden, zeroed };
}

/**
 * `mode=deactivate` / `mode=complete` (and the back office's end of an upload): the deferred switch of the
 * session's full runs, then the session's staging rows go.
 */
export async function endOfSession(deps: ExchangeDeps, session: SessionRow): Promise<Answer> {
  const runs = (await sessionRuns(deps.db, session.id)).filter(
    (r) => r.status === 'done' && (r.cursor as Cursor).deferred,
  );
  let message = 'Обмен завершён';
  if (runs.length > 0) {
    const switched = await fullSwitch(deps.db, runs, runs);
    await refreshAfterImport(deps.db, { words: switched.hidden > 0, analyze: switched.hidden > 5000 });
    for (const r of runs) await saveRun(deps.db, r.id, { cursor: { ...(r.cursor as Cursor), deferred: false } });
    // The switch is counted on the session's last full run, where the history shows it.
    const last = runs[runs.length - 1]!;
    await saveRun(deps.db, last.id, {
      stats: {
        ...last.stats,
        hidden: (last.stats.hidden ?? 0) + switched.hidden,
        zeroed: (last.stats.zeroed ?? 0) + switched.zeroed,
      },
      // The report (decision 197) says the switch's hiding too.
      ...(last.report
        ? {
            report: {
              ...(last.report as ExchangeReport),
              products: { ...(last.report as ExchangeReport).products, hidden: switched.hidden },
            },
          }
        : {}),
    });
    message = `Обмен завершён: скрыто товаров ${switched.hidden}, обнулено остатков ${switched.zeroed}`;
  }
  for (const r of await sessionRuns(deps.db, session.id)) await dropStage(deps.db, r.id);
  return { kind: 'success', message };
}

/** Whether a document's bytes end with its root's end tag (a piece of it may still be on its way). */
async function looksComplete(source: ByteSource): Promise<boolean> {
  if (source.size === 0) return false;
  let encoding = 'utf-8';
  try {
    encoding = sniffEncoding(await source.read(0, 512)).encoding;
  } catch {
    return true;
  }
  const from = Math.max(0, source.size - 256);
  const tail = await source.read(from, source.size - from);
  const decoded = encoding === 'utf-8' ? tail.toString('utf8') : iconv.decode(tail, encoding);
  return /<\/[^<>]*КоммерческаяИнформация\s*>\s*$/.test(decoded);
}
