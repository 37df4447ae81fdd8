import { describe, expect, it } from 'vitest';
import { normalizeArticle } from './article.js';

describe('normalizeArticle', () => {
  it.each(['6005-028-743', '6005028743', '6005 028 743', '6005.028/743', ' 6005\t028\u00a0743 ', '6005–028—743'])(
    'gives one key for %j',
    (article) => {
      expect(normalizeArticle(article)).toBe('6005028743');
    },
  );

  it('upper-cases Latin letters', () => {
    expect(normalizeArticle('ab-12/c')).toBe('AB12C');
  });

  // docs/design.md §7: А В Е К М Н О Р С Т У Х, typed on a Russian keyboard, are the Latin letters they look like.
  const lookalikes: Array<[string, string]> = [
    ['А', 'A'],
    ['В', 'B'],
    ['Е', 'E'],
    ['К', 'K'],
    ['М', 'M'],
    ['Н', 'H'],
    ['О', 'O'],
    ['Р', 'P'],
    ['С', 'C'],
    ['Т', 'T'],
    ['У', 'Y'],
    ['Х', 'X'],
  ];

  it.each(lookalikes)('maps Cyrillic %s (upper and lower case) to Latin %s', (cyrillic, latin) => {
    expect(normalizeArticle(cyrillic)).toBe(latin);
    expect(normalizeArticle(cyrillic.toLowerCase())).toBe(latin);
    expect(normalizeArticle(`1${cyrillic}-2`)).toBe(`1${latin}2`);
  });

  it('turns a part number typed in Cyrillic into the Latin key', () => {
    expect(normalizeArticle('КАМ-5320.1001')).toBe('KAM53201001');
    expect(normalizeArticle('кам 5320/1001')).toBe('KAM53201001');
    expect(normalizeArticle('ВОСХ-12')).toBe(normalizeArticle('BOCX 12'));
  });

  it('keeps other letters (upper-cased) and other characters', () => {
    expect(normalizeArticle('ЖД-100')).toBe('ЖД100');
    expect(normalizeArticle('ябл')).toBe('ЯБЛ');
    expect(normalizeArticle('Ё1')).toBe('Ё1');
    expect(normalizeArticle('Z9_Q')).toBe('Z9_Q');
    expect(normalizeArticle('ä-1')).toBe('Ä1');
  });

  it('is idempotent and maps an empty or separator-only string to an empty key', () => {
    const once = normalizeArticle('ам-6005 028.743/х');
    expect(normalizeArticle(once)).toBe(once);
    expect(normalizeArticle('')).toBe('');
    expect(normalizeArticle(' - . / ')).toBe('');
  });
});
