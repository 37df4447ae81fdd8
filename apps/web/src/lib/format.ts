import { formatNumber, formatPrice, type Currency } from '@portal/contract';
import { currentLanguage } from './i18n';
import i18n from './i18n';

export const money = (value: number, currency: Currency = 'RUB') => formatPrice(value, currency, currentLanguage());

/**
 * Every other number on a screen or a print page (quantities, weights, volumes): one formatter, the
 * contract's, in the interface language — «9,35», «0,023», «12 500» in Russian (issue 11, point 18).
 */
export const num = (value: number, maxFraction = 3) => formatNumber(value, currentLanguage(), maxFraction);

/** A number with its unit: «9,35 кг», «12 шт». */
export const qty = (value: number, unit: string, maxFraction = 3) =>
  unit ? `${num(value, maxFraction)} ${unit}` : num(value, maxFraction);

/** Dates in the interface language (Russian formats by default). */
export function formatDate(value: string | Date, withTime = false): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(i18n.language || 'ru', {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    ...(withTime ? { hour: '2-digit', minute: '2-digit' } : {}),
  }).format(date);
}
