import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import yauzl from 'yauzl';
import { XMLParser } from 'fast-xml-parser';
import { AppError } from '../../rest/app-error.js';
import { parseQuantity, type ParsedLine } from './lines.js';

/** Data rows an import accepts; a larger file is refused with a clear message, nothing written. */
export const MAX_IMPORT_ROWS = 20000;
/** Rows read before giving up on a file that is mostly empty rows. */
const MAX_SCANNED_ROWS = 60000;
export const MAX_IMPORT_MS = 20000;
/**
 * Bounds of an .xlsx before ExcelJS reads it (decision 053): every entry is inflated once, counting bytes, and
 * the file is refused the moment an entry or the whole passes its bound, whatever the headers declare. A
 * 20,000-line order is about 2 MB of sheet XML and 1 MB of shared strings.
 */
export const MAX_ENTRY_BYTES = 48 * 1024 * 1024;
export const MAX_SHARED_STRINGS_BYTES = 8 * 1024 * 1024;
export const MAX_INFLATED_BYTES = 96 * 1024 * 1024;
const MAX_ENTRIES = 1000;
/** Cells ExcelJS has parsed, in all rows read (a row of 16,384 columns counts them all). */
const MAX_CELLS = 1_000_000;

type Cell = string | number | null;
interface RawRow {
  row: number;
  cells: Cell[];
}
export interface SheetLines {
  sheet: string;
  lines: ParsedLine[];
  skipped: number;
}

const ARTICLE_HEADER = /артикул|каталожн|номер|парт|код|article|part|sku|number/i;
const QUANTITY_HEADER = /кол|qty|quantity|amount|count|шт/i;

/**
 * Reads part numbers and quantities from an uploaded .xlsx, .csv or .xml (the type decided by the bytes,
 * never the name). Columns are found by their header ('Артикул', 'Количество'…) or taken by position
 * (A = number, B = quantity). Bounded: rows, time, no XML entities.
 */
export async function readSpreadsheet(data: Buffer): Promise<SheetLines> {
  if (data.length === 0) throw new AppError('VALIDATION', 'error.sheetEmpty');
  const started = Date.now();
  const head = data.subarray(0, 8);
  let sheets: Array<{ name: string; rows: RawRow[] }>;
  if (isZip(data)) {
    sheets = await readXlsx(data, started);
  } else if (head.equals(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]))) {
    throw new AppError('VALIDATION', 'error.xlsBinary');
  } else {
    const text = decodeText(data);
    if (text === null) throw new AppError('VALIDATION', 'error.sheetType');
    const trimmed = text.trimStart();
    if (trimmed === '') throw new AppError('VALIDATION', 'error.sheetEmpty');
    sheets = trimmed.startsWith('<')
      ? [{ name: 'XML', rows: readXml(trimmed) }]
      : [{ name: 'CSV', rows: readCsv(text) }];
  }
  for (const sheet of sheets) {
    const result = toLines(sheet.rows);
    if (result.lines.length > 0) return { sheet: sheet.name, ...result };
  }
  throw new AppError('VALIDATION', 'error.fileNoRows');
}

/** A ZIP archive (an .xlsx), by its first bytes. */
export function isZip(data: Buffer): boolean {
  return data[0] === 0x50 && data[1] === 0x4b && data[2] === 0x03 && data[3] === 0x04;
}

/** UTF-8 (with or without BOM), else Windows-1251 as Russian Excel saves CSV; null for binary data. */
function decodeText(data: Buffer): string | null {
  const sample = data.subarray(0, 4096);
  let control = 0;
  for (const b of sample) if (b === 0 || (b < 9 && b !== 0)) control++;
  if (control > 0) return null;
  const utf8 = new TextDecoder('utf-8', { fatal: false }).decode(data);
  if (!utf8.includes('\ufffd')) return utf8.replace(/^\ufeff/, '');
  return new TextDecoder('windows-1251').decode(data);
}

function tooMany(): never {
  throw new AppError('VALIDATION', 'error.fileTooManyRows', { args: [MAX_IMPORT_ROWS] });
}

function checkTime(started: number) {
  if (Date.now() - started > MAX_IMPORT_MS) throw new AppError('VALIDATION', 'error.importTimeout');
}

/** Streams the workbook so a huge or hostile file is stopped at the row limit, not loaded whole. */
async function readXlsx(data: Buffer, started: number): Promise<Array<{ name: string; rows: RawRow[] }>> {
  await checkZipBounds(data, started);
  const sheets: Array<{ name: string; rows: RawRow[] }> = [];
  let total = 0;
  let cells = 0;
  try {
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from(data), {
      sharedStrings: 'cache',
      hyperlinks: 'ignore',
      styles: 'cache',
      worksheets: 'emit',
    });
    for await (const worksheet of reader) {
      const ws = worksheet as unknown as AsyncIterable<ExcelJS.Row> & { name?: string; id?: number };
      const rows: RawRow[] = [];
      for await (const row of ws) {
        total++;
        if (total > MAX_SCANNED_ROWS) tooMany();
        if (total % 1000 === 0) checkTime(started);
        cells += row.cellCount;
        if (cells > MAX_CELLS) throw new AppError('VALIDATION', 'error.sheetTooManyCells', { args: [MAX_CELLS] });
        const values: Cell[] = [];
        row.eachCell({ includeEmpty: false }, (cell, col) => {
          if (col <= 30) values[col - 1] = cellValue(cell);
        });
        if (values.some((c) => c !== null && c !== undefined && c !== ''))
          rows.push({ row: row.number, cells: values });
        if (rows.length > MAX_IMPORT_ROWS + 10) tooMany();
      }
      sheets.push({ name: ws.name ?? `Лист${sheets.length + 1}`, rows });
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw new AppError('VALIDATION', 'error.fileUnreadable');
  }
  return sheets;
}

const MB = 1024 * 1024;
const inflatedTooLarge = (limit: number) =>
  new AppError('VALIDATION', 'error.sheetInflated', { args: [Math.round(limit / MB)] });

/**
 * Inflates every entry of the archive once without keeping it, refusing the file as soon as one entry (the
 * shared strings have a lower bound) or all of them together pass their bound. Sizes the headers declare
 * are checked first (a plain zip bomb is refused without inflating anything); the count of the bytes
 * actually inflated catches headers that lie.
 */
export async function checkZipBounds(data: Buffer, started = Date.now()): Promise<void> {
  let zip: yauzl.ZipFile;
  try {
    zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
      yauzl.fromBuffer(data, { lazyEntries: true, validateEntrySizes: false }, (err, z) =>
        err ? reject(err) : resolve(z),
      ),
    );
  } catch {
    throw new AppError('VALIDATION', 'error.fileUnreadable');
  }
  const entries: yauzl.Entry[] = [];
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry: yauzl.Entry) => {
      entries.push(entry);
      if (entries.length > MAX_ENTRIES) {
        zip.close();
        reject(new AppError('VALIDATION', 'error.fileUnreadable'));
      } else zip.readEntry();
    });
    zip.on('end', () => resolve());
    zip.on('error', () => reject(new AppError('VALIDATION', 'error.fileUnreadable')));
    zip.readEntry();
  });
  const limitOf = (e: yauzl.Entry) =>
    /sharedStrings\.xml$/i.test(e.fileName) ? MAX_SHARED_STRINGS_BYTES : MAX_ENTRY_BYTES;
  let declared = 0;
  for (const e of entries) {
    declared += e.uncompressedSize;
    if (e.uncompressedSize > limitOf(e)) throw inflatedTooLarge(limitOf(e));
    if (declared > MAX_INFLATED_BYTES) throw inflatedTooLarge(MAX_INFLATED_BYTES);
  }
  let inflated = 0;
  for (const e of entries) {
    if (e.fileName.endsWith('/')) continue;
    const limit = limitOf(e);
    const stream = await new Promise<Readable>((resolve, reject) =>
      zip.openReadStream(e, (err, st) =>
        err ? reject(new AppError('VALIDATION', 'error.fileUnreadable')) : resolve(st),
      ),
    );
    let size = 0;
    try {
      for await (const chunk of stream) {
        size += (chunk as Buffer).length;
        inflated += (chunk as Buffer).length;
        if (size > limit) throw inflatedTooLarge(limit);
        if (inflated > MAX_INFLATED_BYTES) throw inflatedTooLarge(MAX_INFLATED_BYTES);
      }
    } catch (err) {
      stream.destroy();
      if (err instanceof AppError) throw err;
      throw new AppError('VALIDATION', 'error.fileUnreadable');
    }
    checkTime(started);
  }
  zip.close();
}

/** A cell as text or number; a number formatted '000000' gets back the leading zeros Excel hid. */
function cellValue(cell: ExcelJS.Cell): Cell {
  const v = cell.value;
  if (v === null || v === undefined) return null;
  if (typeof v === 'number') {
    const fmt = cell.numFmt ?? '';
    if (/^0+$/.test(fmt) && Number.isInteger(v)) return String(v).padStart(fmt.length, '0');
    return v;
  }
  if (typeof v === 'string') return v;
  if (typeof v === 'boolean') return null;
  if (v instanceof Date) return null;
  if (typeof v === 'object') {
    if ('richText' in v && Array.isArray(v.richText)) return v.richText.map((r) => r.text).join('');
    if ('result' in v) {
      const r = v.result;
      return typeof r === 'number' || typeof r === 'string' ? r : null;
    }
    if ('text' in v && typeof v.text === 'string') return v.text;
  }
  return null;
}

function readCsv(text: string): RawRow[] {
  const lines = text.split(/\r\n|\r|\n/);
  if (lines.length > MAX_SCANNED_ROWS) tooMany();
  const first = lines.find((l) => l.trim() !== '') ?? '';
  const sep = [';', '\t', ','].sort((a, b) => first.split(b).length - first.split(a).length)[0] ?? ';';
  const rows: RawRow[] = [];
  lines.forEach((line, i) => {
    if (line.trim() === '') return;
    const cells = line.split(sep).map((c) =>
      c
        .trim()
        .replace(/^"(.*)"$/, '$1')
        .replace(/""/g, '"'),
    );
    rows.push({ row: i + 1, cells });
  });
  if (rows.length > MAX_IMPORT_ROWS + 10) tooMany();
  return rows;
}

/**
 * XML with repeated elements (<item><article/><quantity/></item>, or attributes). DTDs are refused
 * outright and the parser never expands entities, so an entity bomb costs nothing. The `<?xml …?>`
 * declaration and other processing instructions are not data: a one-line file is its one record, never
 * «version» and «1.0».
 */
function readXml(text: string): RawRow[] {
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) throw new AppError('VALIDATION', 'error.xmlEntities');
  let doc: unknown;
  try {
    doc = new XMLParser({
      ignoreAttributes: false,
      attributeNamePrefix: '',
      processEntities: false,
      parseTagValue: false,
      htmlEntities: false,
      ignoreDeclaration: true,
      ignorePiTags: true,
    }).parse(text);
  } catch {
    throw new AppError('VALIDATION', 'error.fileUnreadable');
  }
  // Candidates: every array of records, and every element whose children are all plain values (a single
  // record). The lines are the candidate whose records name a part number, else the largest one.
  const candidates: Array<Array<Record<string, unknown>>> = [];
  const isRecord = (n: unknown): n is Record<string, unknown> => n !== null && typeof n === 'object';
  const walk = (node: unknown, depth: number) => {
    if (depth > 10 || !isRecord(node)) return;
    if (Array.isArray(node)) {
      const records = node.filter(isRecord);
      if (records.length > 0) candidates.push(records);
      for (const n of node.slice(0, 3)) walk(n, depth + 1);
      return;
    }
    const values = Object.values(node);
    if (values.length > 0 && values.every((v) => !isRecord(v))) candidates.push([node]);
    for (const v of values) walk(v, depth + 1);
  };
  walk(doc, 0);
  const namesArticle = (records: Array<Record<string, unknown>>) =>
    records.some((r) => Object.keys(r).some((k) => ARTICLE_HEADER.test(k)));
  const best =
    [...candidates].sort((a, b) => Number(namesArticle(b)) - Number(namesArticle(a)) || b.length - a.length)[0] ?? [];
  if (best.length > MAX_IMPORT_ROWS) tooMany();
  const keys = [...new Set(best.flatMap((r) => Object.keys(r)))];
  const rows: RawRow[] = [{ row: 1, cells: keys }];
  best.forEach((r, i) => {
    rows.push({
      row: i + 2,
      cells: keys.map((k) => {
        const v = r[k];
        return typeof v === 'string' || typeof v === 'number' ? v : null;
      }),
    });
  });
  return rows;
}

/** An article cell as text: numbers without exponent or grouping, '1.23E+11' from CSV expanded. */
function articleText(v: Cell): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'number') {
    return Number.isInteger(v)
      ? v.toLocaleString('en-US', { useGrouping: false, maximumFractionDigits: 0 })
      : String(v);
  }
  const t = v.trim();
  if (/^\d+([.,]\d+)?e\+\d+$/i.test(t)) {
    const n = Number(t.replace(',', '.'));
    if (Number.isFinite(n) && Number.isInteger(n)) return n.toLocaleString('en-US', { useGrouping: false });
  }
  return t;
}

function toLines(rows: RawRow[]): { lines: ParsedLine[]; skipped: number } {
  let articleCol = 0;
  let quantityCol = 1;
  let start = 0;
  // A header in the first rows names the columns; otherwise A and B.
  for (let i = 0; i < Math.min(rows.length, 10); i++) {
    const cells = rows[i]?.cells ?? [];
    const a = cells.findIndex((c) => typeof c === 'string' && ARTICLE_HEADER.test(c) && c.length < 60);
    const q = cells.findIndex(
      (c, idx) => idx !== a && typeof c === 'string' && QUANTITY_HEADER.test(c) && c.length < 60,
    );
    if (a >= 0) {
      articleCol = a;
      quantityCol = q >= 0 ? q : a + 1;
      start = i + 1;
      break;
    }
  }
  const lines: ParsedLine[] = [];
  let skipped = 0;
  for (const r of rows.slice(start)) {
    const article = articleText(r.cells[articleCol] ?? null);
    const rawQ = r.cells[quantityCol] ?? null;
    if (article === '' && (rawQ === null || rawQ === '')) {
      skipped++;
      continue;
    }
    const q = parseQuantity(rawQ);
    lines.push({
      row: r.row,
      article: article.slice(0, 100),
      quantity: q.quantity,
      message: q.message,
      ...(q.message ? { quantityText: String(rawQ).slice(0, 20) } : {}),
    });
    if (lines.length > MAX_IMPORT_ROWS) tooMany();
  }
  return { lines, skipped };
}

/** The blank template of /upload/main/templateBasket.xlsx: a real workbook with the two columns. */
export async function basketTemplate(): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Dealer Portal';
  const ws = wb.addWorksheet('Заказ');
  ws.columns = [
    { header: 'Артикул', key: 'article', width: 28, style: { numFmt: '@' } },
    { header: 'Количество', key: 'quantity', width: 14 },
  ];
  ws.getRow(1).font = { bold: true };
  ws.views = [{ state: 'frozen', ySplit: 1 }];
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/**
 * The rows of an .xlsx under the same bounds as an order import (size, inflation, rows, cells, time), for other
 * spreadsheets of the portal (the back office's replacement numbers, decision 205). Cells as text or numbers.
 */
export async function readSheetRows(data: Buffer): Promise<Array<{ name: string; rows: RawRow[] }>> {
  if (data.length === 0) throw new AppError('VALIDATION', 'error.sheetEmpty');
  if (!isZip(data)) throw new AppError('VALIDATION', 'error.sheetType');
  return readXlsx(data, Date.now());
}
