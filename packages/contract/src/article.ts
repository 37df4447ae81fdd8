// Cyrillic capitals that dealers type instead of the Latin ones they look like (docs/design.md §7).
const LOOKALIKES: Record<string, string> = {
  А: 'A',
  В: 'B',
  Е: 'E',
  К: 'K',
  М: 'M',
  Н: 'H',
  О: 'O',
  Р: 'P',
  С: 'C',
  Т: 'T',
  У: 'Y',
  Х: 'X',
};

/**
 * Separators dropped from a key: any white space (tabs and no-break spaces pasted from spreadsheets), dots,
 * slashes and every dash a word processor or spreadsheet may put in place of the hyphen.
 */
const SEPARATOR = /[\s./\-\u2010-\u2015\u2212]/u;

/** The one key a part number is stored and searched by: `6005-028.743` and `6005 028 743` give the same key. */
export function normalizeArticle(article: string): string {
  let key = '';
  for (const ch of article.toUpperCase()) {
    if (SEPARATOR.test(ch)) continue;
    key += LOOKALIKES[ch] ?? ch;
  }
  return key;
}
