import { describe, expect, it } from 'vitest';
import { pageFromQuery, sizeFromQuery } from './list-params';

describe('page and size of a route query string (docs/spec/05-validation.md: fall back, never fail)', () => {
  it('reads valid values', () => {
    expect(pageFromQuery('3')).toBe(3);
    expect(sizeFromQuery('120')).toBe(120);
    expect(sizeFromQuery('-1')).toBe(-1);
  });

  it.each([null, '', 'abc', '0', '-1', '1.5', '1e309', '2000000'])('falls back to page 1 for %j', (v) => {
    expect(pageFromQuery(v)).toBe(1);
  });

  it.each([null, '', 'all', '0', '-2', '1.5', '1e309', '1001'])('falls back to the default size for %j', (v) => {
    expect(sizeFromQuery(v)).toBe(60);
    expect(sizeFromQuery(v, 10)).toBe(10);
  });

  it('keeps to the allowed sizes when a list has them, -1 included', () => {
    expect(sizeFromQuery('100', 60, [60, 120, 240])).toBe(60);
    expect(sizeFromQuery('240', 60, [60, 120, 240])).toBe(240);
    expect(sizeFromQuery('-1', 60, [60, 120, 240])).toBe(-1);
  });
});
