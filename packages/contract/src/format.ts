export const CURRENCIES = ['RUB', 'USD', 'EUR'] as const;
export type Currency = (typeof CURRENCIES)[number];

export const CURRENCY_SYMBOL: Record<Currency, string> = { RUB: '₽', USD: '$', EUR: '€' };

/**
 * Money as dealers read it: thousands separated by spaces, two decimals only when the value is
 * fractional, the currency symbol after the number (`1 234 567 ₽`, `1 234,50 $`).
 * Russian texts use a decimal comma, English ones a point.
 */
export function formatPrice(value: number, currency: Currency = 'RUB', locale: 'ru' | 'en' = 'ru'): string {
  // Rounded at 15 significant digits first: 1.005 is stored as 1.00499999…, yet a person expects 1,01.
  const cents = Math.round(Number((Math.abs(value) * 100).toPrecision(15)));
  const whole = Math.floor(cents / 100);
  const fraction = cents % 100;
  const grouped = String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
  const sign = value < 0 && cents > 0 ? '-' : '';
  const decimals = fraction > 0 ? (locale === 'ru' ? ',' : '.') + String(fraction).padStart(2, '0') : '';
  return `${sign}${grouped}${decimals} ${CURRENCY_SYMBOL[currency]}`;
}
