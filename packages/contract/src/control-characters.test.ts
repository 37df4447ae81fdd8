import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { LONE_SURROGATE, textFault, wellFormedText, withCleanText } from './control-characters.js';
import { checkedInput } from './method.js';
import { methods } from './methods/index.js';

/** Decisions 052 and 188: text with a control character or a lone surrogate is refused on every method. */

describe('a lone UTF-16 surrogate', () => {
  it.each(['a\ud800b', '\udc00', 'end\ud83d', '\ude00start', '\ud800\ud800\udc00', '😀\udc00'])(
    'is found in %j',
    (text) => {
      expect(LONE_SURROGATE.test(text)).toBe(true);
      expect(textFault(text)).toBe('validation.illFormedText');
    },
  );

  it.each(['', 'обычный текст', 'emoji 😀 and 👍🏽', '\ud83d\ude00\ud83d\ude00', 'tab\tand\nline'])(
    'is not in %j',
    (text) => {
      expect(LONE_SURROGATE.test(text)).toBe(false);
      expect(textFault(text)).toBeNull();
    },
  );

  it('a control character is named first, as decision 052 words it', () => {
    expect(textFault('a\u0000\ud800')).toBe('validation.controlCharacter');
  });

  it('wellFormedText replaces each one by U+FFFD and keeps pairs', () => {
    expect(wellFormedText('a\ud800b')).toBe('a\ufffdb');
    expect(wellFormedText('\udc00😀\ud800')).toBe('\ufffd😀\ufffd');
    expect(wellFormedText('\ud800\ud800\udc00')).toBe('\ufffd\ud800\udc00');
    expect(encodeURIComponent(wellFormedText('\ud800'))).toBe('%EF%BF%BD');
    expect(wellFormedText('ok 😀')).toBe('ok 😀');
  });
});

describe('withCleanText / checkedInput', () => {
  const schema = withCleanText(
    z.object({ a: z.string(), list: z.array(z.string()), map: z.record(z.string(), z.string()) }),
  );
  const issues = (value: unknown) => schema.safeParse(value).error?.issues.map((i) => [i.path.join('.'), i.message]);

  it('names the field with a lone surrogate, at any depth and in a key', () => {
    expect(issues({ a: 'x\ud800', list: [], map: {} })).toEqual([['a', 'validation.illFormedText']]);
    expect(issues({ a: 'x', list: ['ok', '\udfff'], map: {} })).toEqual([['list.1', 'validation.illFormedText']]);
    expect(issues({ a: 'x', list: [], map: { '\ud800': 'v' } })).toEqual([['map.\ud800', 'validation.illFormedText']]);
    expect(issues({ a: 'x', list: [], map: { k: 'a\u0000' } })).toEqual([['map.k', 'validation.controlCharacter']]);
    expect(issues({ a: 'x 😀', list: ['y'], map: { k: 'v' } })).toBeUndefined();
  });

  it.each([
    ['user/restore-password', { login: 'a\ud800b' }, 'login'],
    ['message/create', { message: 'Здравствуйте \ud800' }, 'message'],
    ['desk-order/change', { id: 1, note: '\udc00' }, 'note'],
    ['application-good-return-comment/create', { fields: { goodReturn: 1, text: 'a\udc00' } }, 'fields.text'],
    ['product/list', { filter: { search: 'фильтр\ud800' } }, 'filter.search'],
  ] as const)('%s refuses %j on %s', (name, input, field) => {
    const result = checkedInput(methods[name]).safeParse(input);
    // The search's own check and the one of every method may both say it; the answer names the field once.
    const named = new Set(result.error?.issues.map((i) => `${i.path.join('.')} ${i.message}`));
    expect([...named]).toEqual([`${field} validation.illFormedText`]);
  });
});
