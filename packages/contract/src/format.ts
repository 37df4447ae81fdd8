export const CURRENCIES = ['RUB', 'USD', 'EUR'] as const;
export type Currency = (typeof CURRENCIES)[number];

const group = (whole: string) => whole.replace(/\B(?=(\d{3})+(?!\d))/g, ' ');

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
  const grouped = group(String(whole));
  const sign = value < 0 && cents > 0 ? '-' : '';
  const decimals = fraction > 0 ? (locale === 'ru' ? ',' : '.') + String(fraction).padStart(2, '0') : '';
  return `${sign}${grouped}${decimals} ${CURRENCY_SYMBOL[currency]}`;
}

/**
 * Every other number dealers read (quantities, weights, volumes, counts), formatted like money: thousands
 * separated by spaces, a decimal comma in Russian and a point in English, at most `maxFraction` decimals
 * with trailing zeros dropped (`9,35`, `0,023`, `12 500`). The one formatter of the web app, the print
 * pages and the server's texts.
 */
export function formatNumber(value: number, locale: 'ru' | 'en' = 'ru', maxFraction = 3): string {
  if (!Number.isFinite(value)) return '';
  const scale = 10 ** maxFraction;
  const scaled = Math.round(Number((Math.abs(value) * scale).toPrecision(15)));
  const whole = Math.floor(scaled / scale);
  const fraction = String(scaled % scale)
    .padStart(maxFraction, '0')
    .replace(/0+$/, '');
  const sign = value < 0 && scaled > 0 ? '-' : '';
  return `${sign}${group(String(whole))}${fraction ? (locale === 'ru' ? ',' : '.') + fraction : ''}`;
}

/** Volumes in m³ keep five decimals everywhere (the server rounds them so): 0,00015 m³ is a spark plug. */
export const VOLUME_DECIMALS = 5;

/** A number with its unit symbol: `9,35 кг`, `0,023 м³`, `12 шт`. */
export function formatQuantity(value: number, unit: string, locale: 'ru' | 'en' = 'ru', maxFraction = 3): string {
  const number = formatNumber(value, locale, maxFraction);
  return unit ? `${number} ${unit}` : number;
}

/**
 * The supplier's day (decision 180): every date a person reads or filters by is a day in Moscow, where the
 * supplier works, whatever zone the server or the dealer's browser runs in. An order placed at 01:30 Moscow
 * time is on that Moscow day on the screen, the printed bill, the e-mail and in the date filter alike.
 */
export const BUSINESS_TIME_ZONE = 'Europe/Moscow';

/** A date (and time) as people read it: `25.11.2026`, `25.11.2026, 03:30`; English `25/11/2026`. */
// Building an Intl.DateTimeFormat costs far more than formatting with one: the акт сверки's 5,000 dates spent
// two thirds of the .xlsx's CPU building them (docs/performance.md, «The dealer's account»). One per form.
const dateFormats = new Map<string, Intl.DateTimeFormat>();
const dateFormat = (locale: 'ru' | 'en', withTime: boolean) => {
  const key = `${locale}:${withTime}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale === 'en' ? 'en-GB' : 'ru-RU', {
      timeZone: BUSINESS_TIME_ZONE,
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      ...(withTime ? { hour: '2-digit', minute: '2-digit' } : {}),
    });
    dateFormats.set(key, format);
  }
  return format;
};

export function formatDate(value: string | Date, locale: 'ru' | 'en' = 'ru', withTime = false): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  return dateFormat(locale === 'en' ? 'en' : 'ru', withTime).format(date);
}

/** The supplier's calendar day of an instant as `YYYY-MM-DD` (the form of the date filters). */
export function businessDay(value: string | Date = new Date()): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  return new Intl.DateTimeFormat('sv-SE', { timeZone: BUSINESS_TIME_ZONE }).format(date);
}
