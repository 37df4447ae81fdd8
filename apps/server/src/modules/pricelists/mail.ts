import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { gunzipSync, gzipSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import type { Mailer, MailMessage } from '../../mail/mailer.js';
import type { JobHandler } from '../../ops/jobs/worker.js';
import type { FileStorage } from '../../storage/index.js';
import { loadActor, type Actor } from '../auth/index.js';
import { loadStores, priceContextOf, priceListPage, type PriceListRow } from '../catalog/index.js';
import * as q from './queries.js';
import { PRICE_LIST_PAGE } from './stream.js';
import { CONTENT_TYPES, csvField, priceListWriter } from './writers.js';

/**
 * The scheduled price-list e-mail (decision 219): an hourly tick finds the users due this period (the supplier's
 * day; weekly ones on their weekday), builds each one's list — the full one, or only what changed since the
 * snapshot of the last e-mail — and, in one transaction, takes the period with a conditional update and queues
 * the mail (the outbox, decision 080). Two ticks at once both build; only one takes the period and sends.
 */
export const PRICE_LIST_MAIL_TICK = 'price-list.mailTick';
/** The supplier's hour (Moscow, decision 180) from which the day's e-mails go: they arrive in the morning. */
export const MAIL_FROM_HOUR = 6;

/** The supplier's day (UTC+3 all year) as an ISO day, and its ISO weekday (1 = Monday). */
export function supplierPeriod(now: Date): { period: string; weekday: number; hour: number } {
  const moscow = new Date(now.getTime() + 3 * 3_600_000);
  return {
    period: moscow.toISOString().slice(0, 10),
    weekday: moscow.getUTCDay() === 0 ? 7 : moscow.getUTCDay(),
    hour: moscow.getUTCHours(),
  };
}

/** One product as last sent: id, price (null when none), stock, article (to name a removed product). */
type Kept = [number, number | null, number, string];

export function packSnapshot(items: Kept[]): string {
  return gzipSync(JSON.stringify(items)).toString('base64');
}

export function unpackSnapshot(text: string | null): Map<number, Kept> | null {
  if (text === null) return null;
  const items = JSON.parse(gunzipSync(Buffer.from(text, 'base64')).toString('utf8')) as Kept[];
  return new Map(items.map((k) => [k[0], k]));
}

const keptOf = (r: PriceListRow): Kept => [r.id, r.offer.price?.value ?? null, r.offer.quantity, r.article];

type Change =
  { kind: 'new' | 'price' | 'stock'; row: PriceListRow; before: Kept | null } | { kind: 'removed'; before: Kept };

const KIND_TEXT: Record<Change['kind'], string> = {
  new: 'Новый',
  removed: 'Снят',
  price: 'Цена',
  stock: 'Наличие',
};
const CHANGE_HEADER = ['Изменение', 'Артикул', 'Бренд', 'Наименование', 'Цена', 'Была цена', 'Наличие', 'Было'];

function changeCells(c: Change): Array<string | number | null> {
  if (c.kind === 'removed') return [KIND_TEXT.removed, c.before[3], '', '', null, c.before[1], null, c.before[2]];
  return [
    KIND_TEXT[c.kind],
    c.row.article,
    c.row.brand,
    c.row.name,
    c.row.offer.price?.value ?? null,
    c.before ? c.before[1] : null,
    c.row.offer.quantity,
    c.before ? c.before[2] : null,
  ];
}

async function writeChanges(format: 'xlsx' | 'csv', changes: Change[], file: string): Promise<void> {
  if (format === 'csv') {
    const line = (v: Array<string | number | null>) => `${v.map(csvField).join(';')}\r\n`;
    const out = createWriteStream(file);
    const body = `\uFEFF${line(CHANGE_HEADER)}${changes.map((c) => line(changeCells(c))).join('')}`;
    await pipeline(PassThrough.from([body]), out);
    return;
  }
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useSharedStrings: false, useStyles: true });
  const sheet = book.addWorksheet('Изменения');
  sheet.columns = [
    { width: 12 },
    { width: 18 },
    { width: 14 },
    { width: 48 },
    { width: 12 },
    { width: 12 },
    { width: 10 },
    { width: 10 },
  ];
  const header = sheet.addRow(CHANGE_HEADER);
  header.font = { bold: true };
  header.commit();
  for (const c of changes) sheet.addRow(changeCells(c)).commit();
  sheet.commit();
  await book.commit();
}

export interface BuiltMail {
  /** Rows in the file; 0 = nothing to send (changes-only with no changes). */
  rows: number;
  /** The new snapshot to keep when the mail goes. */
  snapshot: string;
  changes: boolean;
}

/**
 * Writes the user's list into `file` page by page (the price list's own pages, decision 212) and answers the
 * snapshot of what it read; for changes-only with a snapshot, only the new, removed and changed products.
 */
export async function buildMailFile(
  db: Db,
  actor: Actor,
  settings: q.PriceListMailRow,
  file: string,
  site: { name: string; url: string },
): Promise<BuiltMail> {
  const before = settings.content === 'changes' ? unpackSnapshot(settings.snapshot) : null;
  const context = await priceContextOf(db, actor, 'catalog');
  const stores = await loadStores(db, context);
  const kept: Kept[] = [];
  const changes: Change[] = [];
  const out = before ? null : new PassThrough();
  const writer = out
    ? priceListWriter(settings.format, out, { stores, sections: [], shopName: site.name, url: site.url })
    : null;
  const written = out ? pipeline(out, createWriteStream(file)) : null;
  let afterId = 0;
  for (;;) {
    const rows = await priceListPage(db, context, stores, {
      sectionIds: null,
      inStock: false,
      afterId,
      limit: PRICE_LIST_PAGE,
    });
    for (const r of rows) {
      const k = keptOf(r);
      kept.push(k);
      if (!before) continue;
      const old = before.get(r.id);
      before.delete(r.id);
      if (!old) changes.push({ kind: 'new', row: r, before: null });
      else if (old[1] !== k[1]) changes.push({ kind: 'price', row: r, before: old });
      else if (old[2] !== k[2]) changes.push({ kind: 'stock', row: r, before: old });
    }
    if (writer && rows.length > 0) await writer.page(rows);
    if (rows.length < PRICE_LIST_PAGE) break;
    afterId = rows[rows.length - 1]!.id;
  }
  if (writer) {
    await writer.end();
    await written;
    return { rows: kept.length, snapshot: packSnapshot(kept), changes: false };
  }
  for (const old of before!.values()) changes.push({ kind: 'removed', before: old });
  if (changes.length > 0) await writeChanges(settings.format, changes, file);
  return { rows: changes.length, snapshot: packSnapshot(kept), changes: true };
}

const FORMAT_NAME = { xlsx: 'Excel (.xlsx)', csv: 'CSV' } as const;

/** Sends what is due now; answers how many mails were queued and how many users had nothing to send. */
export async function sendDuePriceLists(
  deps: { db: Db; config: Config; storage: FileStorage; mailer: Mailer },
  now = new Date(),
): Promise<{ sent: number; unchanged: number }> {
  const { db, config } = deps;
  const { period, weekday, hour } = supplierPeriod(now);
  if (hour < MAIL_FROM_HOUR) return { sent: 0, unchanged: 0 };
  let sent = 0;
  let unchanged = 0;
  for (const userId of await q.dueMailUsers(db, period, weekday)) {
    const settings = await q.mailSettingsOf(db, userId);
    const actor = await loadActor(db, userId);
    if (!settings || !actor || !actor.row.email) continue;
    const dir = await mkdtemp(path.join(tmpdir(), 'price-list-mail-'));
    const file = path.join(dir, `list.${settings.format}`);
    let storedKey: string | null = null;
    try {
      const built = await buildMailFile(db, actor, settings, file, {
        name: 'Дилерский портал',
        url: `${config.publicUrl}/`,
      });
      if (built.rows === 0) {
        // Nothing changed: no e-mail (decision 219); the period is taken so the next ticks do not build again.
        if (await db.transaction().execute((trx) => q.claimMailPeriod(trx, userId, period, undefined))) unchanged += 1;
        continue;
      }
      const { size } = await stat(file);
      const big = built.rows > config.priceLists.jobAbove;
      const name = `${built.changes ? 'price-list-changes' : 'price-list'}-${period}.${settings.format}`;
      if (big) {
        // Above decision 232's threshold the file goes to storage, the mail carries its owner's link.
        storedKey = `price-lists/${userId}/mail-${period}-${randomBytes(8).toString('hex')}.${settings.format}`;
        await deps.storage.putFile(storedKey, file, CONTENT_TYPES[settings.format]);
      }
      const content = big ? null : (await readFile(file)).toString('base64');
      const queued = await db.transaction().execute(async (trx) => {
        if (!(await q.claimMailPeriod(trx, userId, period, built.snapshot))) return false;
        const lines = [
          built.changes
            ? `Изменения прайс-листа с прошлого письма: ${built.rows} строк.`
            : `Прайс-лист на ${period.split('-').reverse().join('.')}: ${built.rows} товаров.`,
          `Формат: ${FORMAT_NAME[settings.format]}.`,
        ];
        const message: MailMessage = {
          to: actor.row.email,
          subject: built.changes ? 'Изменения прайс-листа' : 'Прайс-лист',
          text: '',
        };
        if (content !== null) {
          message.attachments = [
            { filename: name, content, encoding: 'base64', contentType: CONTENT_TYPES[settings.format] },
          ];
          lines.push('Файл во вложении.');
        } else {
          const job = await q.insertMailedPriceListFile(trx, {
            userId,
            format: settings.format,
            rows: built.rows,
            storageKey: storedKey!,
            size,
            hours: config.priceLists.fileHours,
          });
          lines.push(
            `Файл большой, скачайте его по ссылке (после входа на портал): ${config.publicUrl}/pricelist/jobs/${job.id}`,
            `Ссылка действует ${config.priceLists.fileHours} ч.`,
          );
        }
        lines.push('', `Настроить рассылку: ${config.publicUrl}/price-list/`);
        message.text = lines.join('\n');
        await deps.mailer.send(message, trx);
        return true;
      });
      if (queued) {
        sent += 1;
        storedKey = null;
      }
    } finally {
      // Another tick took the period first: the file this one stored is nobody's.
      if (storedKey) await deps.storage.delete(storedKey).catch(() => undefined);
      await rm(dir, { recursive: true, force: true });
    }
  }
  return { sent, unchanged };
}

/** The worker's side: the hourly tick (ops/jobs). */
export function priceListMailHandlers(deps: {
  config: Config;
  storage: FileStorage;
  mailer: Mailer;
}): Record<string, JobHandler> {
  return {
    [PRICE_LIST_MAIL_TICK]: async (_payload, { db, log }) => {
      const result = await sendDuePriceLists({ db, ...deps });
      log.info(result, 'price lists mailed');
      return result;
    },
  };
}
