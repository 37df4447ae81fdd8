import { ORDER_QUANTITY_MAX } from '@portal/contract';

/** One line a dealer pasted or a spreadsheet row: a part number and a quantity (1 when absent). */
export interface ParsedLine {
  row: number;
  article: string;
  quantity: number | null;
  /** A MESSAGES key when the line cannot be used as it is. */
  message?: string;
  /** What was written as the quantity when it could not be read (shown beside the message). */
  quantityText?: string;
  /**
   * Another reading of a pasted line whose last word is not a number: that word was a quantity the dealer
   * mistyped (`LF3349 abc`). Used only when the whole line matches no part (decision 191).
   */
  alternative?: { article: string; quantityText: string };
}

/**
 * A quantity as dealers and spreadsheets write it: '5', '5.0', '5,0', ' 5 шт'. Anything else — negative,
 * fractional, zero, over 10000, words — gives a message key instead.
 */
export function parseQuantity(raw: unknown): { quantity: number | null; message?: string } {
  if (raw === null || raw === undefined || raw === '') return { quantity: 1 };
  let n: number;
  if (typeof raw === 'number') n = raw;
  else {
    const text = String(raw)
      .trim()
      .replace(/\s*(шт|pcs|ед)\.?$/i, '')
      .replace(/\s/g, '')
      .replace(',', '.');
    if (text === '') return { quantity: 1 };
    if (!/^[-+]?\d+(\.\d+)?(e[-+]?\d+)?$/i.test(text)) return { quantity: null, message: 'validation.number' };
    n = Number(text);
  }
  if (!Number.isFinite(n)) return { quantity: null, message: 'validation.number' };
  if (!Number.isInteger(n)) return { quantity: null, message: 'validation.integer' };
  if (n < 1 || n > ORDER_QUANTITY_MAX) return { quantity: null, message: 'validation.quantityRange' };
  return { quantity: n };
}

/**
 * Pasted text, one part per line: number and quantity separated by a space (docs/spec/05-validation.md), or by a tab,
 * semicolon or comma when the lines come from a spreadsheet. With spaces only, the last token is the
 * quantity when it is a number, so numbers that contain spaces ('6005 028 743 2') still work.
 */
export function parseLines(text: string): ParsedLine[] {
  const out: ParsedLine[] = [];
  const lines = text.split(/\r\n|\r|\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = (lines[i] ?? '').replace(/\u00a0/g, ' ').trim();
    if (line === '') continue;
    let article: string;
    let rawQuantity: string | undefined;
    let alternative: ParsedLine['alternative'];
    if (/[\t;,]/.test(line)) {
      const parts = line
        .split(/[\t;,]/)
        .map((p) => p.trim())
        .filter((p) => p !== '');
      article = parts[0] ?? '';
      rawQuantity = parts[1];
    } else {
      // «LF3349 2 шт»: the unit after the quantity is dropped first.
      const tokens = line.replace(/(\s[-+]?\d+(?:[.,]\d+)?)\s*(?:шт|pcs|ед)\.?$/iu, '$1').split(/\s+/);
      const last = tokens[tokens.length - 1] ?? '';
      if (tokens.length > 1 && /^[-+]?\d+([.,]\d+)?$/.test(last) && last.length <= 6) {
        rawQuantity = last;
        article = tokens.slice(0, -1).join(' ');
      } else {
        article = line;
        if (tokens.length > 1)
          alternative = { article: tokens.slice(0, -1).join(' ').slice(0, 100), quantityText: last.slice(0, 20) };
      }
    }
    const q = parseQuantity(rawQuantity);
    out.push({
      row: i + 1,
      article: article.slice(0, 100),
      quantity: q.quantity,
      message: q.message,
      ...(q.message && rawQuantity !== undefined ? { quantityText: rawQuantity.slice(0, 20) } : {}),
      ...(alternative ? { alternative } : {}),
    });
  }
  return out;
}
