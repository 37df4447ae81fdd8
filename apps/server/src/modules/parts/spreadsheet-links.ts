import { normalizeArticle } from '@portal/contract';
import type { Db } from '../../db/database.js';
import { AppError } from '../../rest/app-error.js';
import { readSheetRows } from '../baskets/index.js';
import { parseReplacementDate } from './exchange-links.js';
import { lockReplacements, replaceCarriedLinks, type LinkInput } from './queries.js';

type Cell = string | number | null | undefined;

/** Columns by their header, else by position: A old number, B its brand, C new number, D its brand, E qty, F kind, G date. */
const HEADERS: Array<[keyof Columns, RegExp]> = [
  ['oldArticle', /стар|old|заменяем/i],
  ['newArticle', /нов|new|замена|заменён|заменен/i],
  ['ratio', /кол|qty|quantity|шт/i],
  ['kind', /вид|тип|kind|type/i],
  ['date', /дата|с даты|date|from/i],
];
interface Columns {
  oldArticle: number;
  oldBrand: number;
  newArticle: number;
  newBrand: number;
  ratio: number;
  kind: number;
  date: number;
}
const BY_POSITION: Columns = { oldArticle: 0, oldBrand: 1, newArticle: 2, newBrand: 3, ratio: 4, kind: 5, date: 6 };

const text = (c: Cell) => (c === null || c === undefined ? '' : String(c).trim());

function columnsOf(header: Cell[]): Columns | null {
  const found: Partial<Columns> = {};
  header.forEach((cell, i) => {
    const h = text(cell);
    if (/бренд|brand|производ/i.test(h)) {
      if (found.newArticle === undefined && found.oldBrand === undefined) found.oldBrand = i;
      else if (found.newBrand === undefined) found.newBrand = i;
      return;
    }
    for (const [key, re] of HEADERS) if (found[key] === undefined && re.test(h)) return void (found[key] = i);
  });
  if (found.oldArticle === undefined || found.newArticle === undefined) return null;
  return { ...BY_POSITION, oldBrand: -1, newBrand: -1, ratio: -1, kind: -1, date: -1, ...found } as Columns;
}

export interface SheetReport {
  rows: number;
  written: number;
  refused: Array<{ row: number; oldArticle: string; newArticle: string; reason: string }>;
}

/**
 * A back-office spreadsheet of replacement numbers (decision 205), one link a row. The numbers in column «old»
 * carry the links: their earlier spreadsheet links are replaced by the file's, in one transaction. A row whose
 * numbers are missing, whose quantity is not 1…10000, or that would close a loop is refused and reported.
 */
export async function importReplacementSheet(db: Db, data: Buffer): Promise<SheetReport> {
  const sheets = await readSheetRows(data);
  const sheet = sheets.find((s) => s.rows.length > 0);
  if (!sheet) throw new AppError('VALIDATION', 'error.fileNoRows');
  const first = sheet.rows[0]!;
  const named = columnsOf(first.cells);
  const cols = named ?? BY_POSITION;
  const rows = named ? sheet.rows.slice(1) : sheet.rows;
  const refused: SheetReport['refused'] = [];
  const links: Array<LinkInput & { carrier: string; row: number }> = [];
  const at = (cells: Cell[], i: number) => (i < 0 ? '' : text(cells[i]));
  for (const { row, cells } of rows) {
    const oldArticle = at(cells, cols.oldArticle).slice(0, 100);
    const newArticle = at(cells, cols.newArticle).slice(0, 100);
    const ratioText = at(cells, cols.ratio);
    const ratio = ratioText === '' ? 1 : Number(ratioText.replace(',', '.'));
    const kind = /взаимо|interch|↔|двух/i.test(at(cells, cols.kind)) ? 'INTERCHANGEABLE' : 'REPLACED';
    const dateText = at(cells, cols.date);
    const effectiveFrom = dateText ? parseReplacementDate(dateText) : null;
    const reason =
      !normalizeArticle(oldArticle) || !normalizeArticle(newArticle)
        ? 'validation.required'
        : normalizeArticle(oldArticle) === normalizeArticle(newArticle)
          ? 'error.replacementSelf'
          : !Number.isInteger(ratio) || ratio < 1 || ratio > 10000
            ? 'validation.replacementRatio'
            : dateText && !effectiveFrom
              ? 'validation.date'
              : null;
    if (reason) {
      refused.push({ row, oldArticle, newArticle, reason });
      continue;
    }
    links.push({
      row,
      oldArticle,
      oldBrand: at(cells, cols.oldBrand).slice(0, 100),
      newArticle,
      newBrand: at(cells, cols.newBrand).slice(0, 100),
      kind,
      ratio: kind === 'REPLACED' ? ratio : 1,
      effectiveFrom,
      carrier: oldArticle,
    });
  }
  const result = await db.transaction().execute(async (trx) => {
    await lockReplacements(trx);
    return replaceCarriedLinks(
      trx,
      'XLSX',
      links.map((l) => normalizeArticle(l.carrier)),
      links,
    );
  });
  for (const loop of result.loops as Array<(typeof links)[number]>)
    refused.push({
      row: loop.row,
      oldArticle: loop.oldArticle,
      newArticle: loop.newArticle,
      reason: 'error.replacementLoop',
    });
  refused.sort((a, b) => a.row - b.row);
  return { rows: rows.length, written: result.written, refused };
}
