import { describe, expect, it } from 'vitest';
import { findReferences } from './references';

describe('references in a text (decision 192)', () => {
  it('finds orders, returns and appeals in Russian and English, in any case form', () => {
    const refs = (text: string) =>
      findReferences(text)
        .filter((p) => typeof p !== 'string')
        .map((p) => (typeof p === 'string' ? p : `${p.kind}:${p.id}`));
    expect(refs('По заказу № 12 и заказам №13; возврата #4, обращению № 5.')).toEqual([
      'order:12',
      'order:13',
      'return:4',
      'appeal:5',
    ]);
    expect(refs('Order № 7, return No. 8, appeal #9')).toEqual(['order:7', 'return:8', 'appeal:9']);
  });

  it('leaves alone other numbers: corrections, lines, words that only contain the stem', () => {
    const plain = 'Корректировка № 3 отклонена; позиция № 2; предзаказ № 4; заказ без номера; № 5';
    expect(findReferences(plain)).toEqual([plain]);
  });

  it('keeps the text around a reference whole and the number with its №', () => {
    expect(findReferences('См. заказ № 12.')).toEqual([
      'См. ',
      { kind: 'order', id: 12, text: 'заказ №\u00a012' },
      '.',
    ]);
  });
});
