import { describe, expect, it } from 'vitest';
import { dateTextOk, dateTextToIso, isoToDateText } from './date-text';

describe('filter dates typed as ДД.ММ.ГГГГ', () => {
  it('travel as ГГГГ-ММ-ДД and come back', () => {
    expect(dateTextToIso('5.3.2026')).toBe('2026-03-05');
    expect(dateTextToIso(' 25.11.2026 ')).toBe('2026-11-25');
    expect(isoToDateText('2026-11-25')).toBe('25.11.2026');
    expect(isoToDateText(null)).toBe('');
  });
  it('accept an empty field and real days only', () => {
    expect(dateTextOk('')).toBe(true);
    expect(dateTextOk('29.02.2028')).toBe(true);
    expect(dateTextOk('29.02.2026')).toBe(false);
    expect(dateTextOk('31.04.2026')).toBe(false);
    expect(dateTextOk('2026-11-25')).toBe(true); // typed as the address carries it: unambiguous, taken
    expect(dateTextOk('25.11')).toBe(false);
  });
});
