import { describe, expect, it } from 'vitest';
import { formatPrice } from './format.js';

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
