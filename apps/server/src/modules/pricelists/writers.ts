import { once } from 'node:events';
import type { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import type { PriceListFormat } from '@portal/contract';
import type { PriceListRow, StoreInfo } from '../catalog/index.js';

/** Writes one price list into a stream, a page of products at a time (decision 212). */
export interface PriceListWriter {
  page(rows: PriceListRow[]): Promise<void>;
  end(): Promise<void>;
}

export interface WriterSetup {
  stores: StoreInfo[];
  sections: Array<{ id: number; parentId: number | null; name: string }>;
  shopName: string;
  url: string;
}

const HEADER = ['Артикул', 'Бренд', 'Наименование', 'Раздел', 'Ед.', 'Цена', 'Валюта', 'Наличие'];

const amountIn = (row: PriceListRow, storeId: number) => row.offer.stores.find((s) => s.id === storeId)?.amount ?? 0;

function cells(row: PriceListRow, stores: StoreInfo[]): Array<string | number | null> {
  return [
    row.article,
    row.brand,
    row.name,
    row.sectionName,
    row.unit,
    row.offer.price?.value ?? null,
    row.offer.price?.currency ?? '',
    row.offer.quantity,
    ...stores.map((s) => amountIn(row, s.id)),
    row.analogues.join(', '),
  ];
}

/** Waits while the reader is behind, so memory holds about one page whatever the list's length. */
async function drained(out: PassThrough): Promise<void> {
  if (out.writableNeedDrain) await once(out, 'drain');
}

/** A CSV field for Russian Excel: ';' separates, quotes double, and a field that could be a formula is text. */
export function csvField(value: string | number | null): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value).replace('.', ',');
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[";\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function csvWriter(out: PassThrough, setup: WriterSetup): PriceListWriter {
  const line = (values: Array<string | number | null>) => `${values.map(csvField).join(';')}\r\n`;
  // The BOM tells Excel the file is UTF-8.
  out.write(`\uFEFF${line([...HEADER, ...setup.stores.map((s) => s.name), 'Аналоги'])}`);
  return {
    async page(rows) {
      out.write(rows.map((r) => line(cells(r, setup.stores))).join(''));
      await drained(out);
    },
    async end() {
      out.end();
    },
  };
}

/**
 * exceljs's sheet stream (its `StreamBuf`) writes into the zip's entry stream without looking at `write()`'s
 * answer, so the zip's entry (archiver's PassThrough, read as fast as deflate goes) can fill with the sheet's
 * whole uncompressed XML: about 600 MB for 1,000,000 rows (docs/performance.md, «Dealers' systems»). The sheet's
 * `stream` and the `pipes` it writes into are the stream writer's own fields in exceljs 4.4; none has a public
 * back-pressure signal, so we read them here, in one place, and `writers.test.ts` fails if they change shape.
 */
interface SheetStream {
  pipes?: Array<{ writableNeedDrain?: boolean; _writableState?: { needDrain?: boolean } } & NodeJS.EventEmitter>;
}

/** The zip entries the sheet's XML is waiting in; empty until archiver's queue opens the entry. */
export function sheetEntryStreams(sheet: ExcelJS.Worksheet): NonNullable<SheetStream['pipes']> {
  return (sheet as unknown as { stream: SheetStream }).stream.pipes ?? [];
}

/** Waits until deflate has taken what the sheet wrote, so memory holds about one page of XML. */
async function sheetDrained(sheet: ExcelJS.Worksheet): Promise<void> {
  // archiver opens the entry on a later turn of the event loop (its queue runs on setImmediate); a page read
  // without I/O (PGlite) would otherwise never let it start, and every page would wait in the sheet's buffer.
  await new Promise((resolve) => setImmediate(resolve));
  for (const entry of sheetEntryStreams(sheet)) {
    if (entry.writableNeedDrain ?? entry._writableState?.needDrain) await once(entry, 'drain');
  }
}

function xlsxWriter(out: PassThrough, setup: WriterSetup): PriceListWriter {
  // The streaming writer commits each row to the zip as it goes; shared strings would keep every text in memory.
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false, useStyles: true });
  const sheet = book.addWorksheet('Прайс-лист');
  sheet.columns = [
    { width: 18 },
    { width: 14 },
    { width: 48 },
    { width: 24 },
    { width: 6 },
    { width: 12, style: { numFmt: '#,##0.00' } },
    { width: 8 },
    { width: 10 },
    ...setup.stores.map(() => ({ width: 12 })),
    { width: 30 },
  ];
  const header = sheet.addRow([...HEADER, ...setup.stores.map((s) => s.name), 'Аналоги']);
  header.font = { bold: true };
  header.commit();
  return {
    async page(rows) {
      for (const r of rows) sheet.addRow(cells(r, setup.stores)).commit();
      await sheetDrained(sheet);
      await drained(out);
    },
    async end() {
      sheet.commit();
      await book.commit();
    },
  };
}

/** XML text: the five special characters, and characters XML 1.0 does not allow are dropped. */
export function xmlText(value: string): string {
  return value
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** Yandex Market YML: yml_catalog/shop with currencies, categories and offers. */
function ymlWriter(out: PassThrough, setup: WriterSetup): PriceListWriter {
  const date = new Date().toISOString().slice(0, 16).replace('T', ' ');
  const categories = setup.sections
    .map(
      (s) =>
        `<category id="${s.id}"${s.parentId !== null ? ` parentId="${s.parentId}"` : ''}>${xmlText(s.name)}</category>`,
    )
    .join('\n');
  out.write(
    `<?xml version="1.0" encoding="UTF-8"?>\n<yml_catalog date="${date}">\n<shop>\n` +
      `<name>${xmlText(setup.shopName)}</name>\n<company>${xmlText(setup.shopName)}</company>\n` +
      `<url>${xmlText(setup.url)}</url>\n<currencies><currency id="RUB" rate="1"/></currencies>\n` +
      `<categories>\n${categories}\n</categories>\n<offers>\n`,
  );
  const offer = (r: PriceListRow) => {
    const stock = r.offer.stores.map((s) => `<outlet id="${s.id}" instock="${s.amount}"/>`).join('');
    return (
      `<offer id="${r.id}" available="${r.offer.quantity > 0}">` +
      `<name>${xmlText(r.name)}</name><vendor>${xmlText(r.brand)}</vendor><vendorCode>${xmlText(r.article)}</vendorCode>` +
      (r.offer.price ? `<price>${r.offer.price.value}</price><currencyId>${r.offer.price.currency}</currencyId>` : '') +
      (r.sectionId !== null ? `<categoryId>${r.sectionId}</categoryId>` : '') +
      `<count>${r.offer.quantity}</count>` +
      (stock ? `<outlets>${stock}</outlets>` : '') +
      (r.analogues.length ? `<param name="Аналоги">${xmlText(r.analogues.join(', '))}</param>` : '') +
      `</offer>\n`
    );
  };
  return {
    async page(rows) {
      out.write(rows.map(offer).join(''));
      await drained(out);
    },
    async end() {
      out.end('</offers>\n</shop>\n</yml_catalog>\n');
    },
  };
}

export function priceListWriter(format: PriceListFormat, out: PassThrough, setup: WriterSetup): PriceListWriter {
  if (format === 'xlsx') return xlsxWriter(out, setup);
  if (format === 'csv') return csvWriter(out, setup);
  return ymlWriter(out, setup);
}

export const CONTENT_TYPES: Record<PriceListFormat, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
  yml: 'application/xml; charset=utf-8',
};
