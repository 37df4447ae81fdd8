import { describe, expect, it } from 'vitest';
import { businessDay, formatDate, formatNumber, formatPrice, formatQuantity } from './format.js';

describe('formatPrice', () => {
  it('separates thousands with spaces and shows no decimals for whole values', () => {
    expect(formatPrice(1234567)).toBe('1 234 567 ₽');
    expect(formatPrice(1000)).toBe('1 000 ₽');
    expect(formatPrice(999)).toBe('999 ₽');
    expect(formatPrice(0)).toBe('0 ₽');
    expect(formatPrice(100000)).toBe('100 000 ₽');
    expect(formatPrice(1234567890)).toBe('1 234 567 890 ₽');
  });

  it('shows two decimals, with a comma in Russian, only when the value is fractional', () => {
    expect(formatPrice(1234.5)).toBe('1 234,50 ₽');
    expect(formatPrice(0.5)).toBe('0,50 ₽');
    expect(formatPrice(0.05)).toBe('0,05 ₽');
    expect(formatPrice(1234567.89)).toBe('1 234 567,89 ₽');
  });

  it('uses a decimal point in English', () => {
    expect(formatPrice(1234.5, 'USD', 'en')).toBe('1 234.50 $');
    expect(formatPrice(1234, 'USD', 'en')).toBe('1 234 $');
  });

  it('puts the symbol of the currency after the number', () => {
    expect(formatPrice(10, 'RUB')).toBe('10 ₽');
    expect(formatPrice(10, 'USD')).toBe('10 $');
    expect(formatPrice(1234.5, 'EUR')).toBe('1 234,50 €');
    expect(formatPrice(1234.5, 'EUR', 'en')).toBe('1 234.50 €');
  });

  it('puts a minus before negative values', () => {
    expect(formatPrice(-1234.5)).toBe('-1 234,50 ₽');
    expect(formatPrice(-1000)).toBe('-1 000 ₽');
    expect(formatPrice(-0.01)).toBe('-0,01 ₽');
  });

  it('rounds to kopecks, halves away from zero, as a person would', () => {
    expect(formatPrice(1.004)).toBe('1 ₽');
    expect(formatPrice(0.125)).toBe('0,13 ₽');
    expect(formatPrice(999.999)).toBe('1 000 ₽');
    expect(formatPrice(1234.567)).toBe('1 234,57 ₽');
    // Binary fractions just under the half (1.005 is stored as 1.00499999…) still round up.
    expect(formatPrice(1.005)).toBe('1,01 ₽');
    expect(formatPrice(1234.565)).toBe('1 234,57 ₽');
    expect(formatPrice(-1.005)).toBe('-1,01 ₽');
    // Something that rounds to zero has no sign.
    expect(formatPrice(-0.001)).toBe('0 ₽');
    expect(formatPrice(-0)).toBe('0 ₽');
  });

  it('adds money computed in floating point without showing the error', () => {
    expect(formatPrice(0.1 + 0.2)).toBe('0,30 ₽');
    expect(formatPrice(19.99 * 3)).toBe('59,97 ₽');
  });
});

describe('formatNumber and formatQuantity (one way everywhere)', () => {
  it('writes Russian numbers with a decimal comma and thousands spaces', () => {
    expect(formatNumber(9.35)).toBe('9,35');
    expect(formatNumber(0.023)).toBe('0,023');
    expect(formatNumber(12500)).toBe('12 500');
    expect(formatNumber(1234567.5)).toBe('1 234 567,5');
    expect(formatNumber(-1234.25)).toBe('-1 234,25');
    expect(formatNumber(0)).toBe('0');
  });

  it('rounds to the decimals asked for and drops trailing zeros', () => {
    expect(formatNumber(0.12345, 'ru', 4)).toBe('0,1235');
    expect(formatNumber(2.5, 'ru', 0)).toBe('3');
    expect(formatNumber(1.0004)).toBe('1');
    expect(formatNumber(-0.0001)).toBe('0');
  });

  it('uses a decimal point in English', () => {
    expect(formatNumber(9.35, 'en')).toBe('9.35');
    expect(formatNumber(12500.5, 'en')).toBe('12 500.5');
  });

  it('adds the unit symbol', () => {
    expect(formatQuantity(9.35, 'кг')).toBe('9,35 кг');
    expect(formatQuantity(0.023, 'м³')).toBe('0,023 м³');
    expect(formatQuantity(3, '')).toBe('3');
  });

  it('gives an empty text for something that is not a number', () => {
    expect(formatNumber(Number.NaN)).toBe('');
    expect(formatNumber(Infinity)).toBe('');
  });
});

describe('dates in the supplier day (decision 180)', () => {
  it('shows an instant on its Moscow day whatever the zone of the process', () => {
    // 22:30 UTC on the 24th is 01:30 on the 25th in Moscow.
    expect(formatDate('2026-11-24T22:30:00Z')).toBe('25.11.2026');
    expect(formatDate('2026-11-24T22:30:00Z', 'ru', true)).toBe('25.11.2026, 01:30');
    expect(formatDate('2026-11-24T22:30:00Z', 'en')).toBe('25/11/2026');
    expect(businessDay('2026-11-24T22:30:00Z')).toBe('2026-11-25');
    expect(businessDay('2026-11-24T20:59:59Z')).toBe('2026-11-24');
  });

  it('answers an empty text for a value that is not a date', () => {
    expect(formatDate('not a date')).toBe('');
  });
});
