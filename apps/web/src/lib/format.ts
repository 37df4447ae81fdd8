import {
  formatDate as formatSharedDate,
  formatNumber,
  formatPrice,
  VOLUME_DECIMALS,
  type Currency,
} from '@portal/contract';
import { currentLanguage } from './i18n';

export const money = (value: number, currency: Currency = 'RUB') => formatPrice(value, currency, currentLanguage());

/**
 * Every other number on a screen or a print page (quantities, weights, volumes): one formatter, the
 * contract's, in the interface language — «9,35», «0,023», «12 500» in Russian.
 */
export const num = (value: number, maxFraction = 3) => formatNumber(value, currentLanguage(), maxFraction);

/** A volume in m³, with the same decimals on every screen and print page. */
export const volume = (valueM3: number) => num(valueM3, VOLUME_DECIMALS);

/** A number with its unit: «9,35 кг», «12 шт». */
export const qty = (value: number, unit: string, maxFraction = 3) =>
  unit ? `${num(value, maxFraction)} ${unit}` : num(value, maxFraction);

/** Dates in the interface language, on the supplier's day in Moscow whatever the browser's zone (decision 180). */
export const formatDate = (value: string | Date, withTime = false): string =>
  formatSharedDate(value, currentLanguage(), withTime);

/**
 * A month of a `YYYY-MM` key by name in the interface language: «янв», «февр», … («Jan», «Feb» in English),
 * without the abbreviation's dot, for a chart's axis; `long` gives «январь 2026» for its tooltip.
 */
export function monthName(key: string, long = false): string {
  const [year, month] = key.split('-').map(Number) as [number, number];
  const date = new Date(Date.UTC(year, month - 1, 1));
  const format = new Intl.DateTimeFormat(currentLanguage(), {
    timeZone: 'UTC',
    ...(long ? { month: 'long', year: 'numeric' } : { month: 'short' }),
  });
  return long ? format.format(date).replace(/\s*г\.$/u, '') : format.format(date).replace(/\.$/u, '');
}
