import { formatPrice, type Currency } from '@portal/contract';
import { currentLanguage } from './i18n';
import i18n from './i18n';

export const money = (value: number, currency: Currency = 'RUB') => formatPrice(value, currency, currentLanguage());

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
