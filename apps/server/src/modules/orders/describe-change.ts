import { translate, type Language } from '@portal/contract';
import type { HistoryStatus, OrderHistoryChange } from './tables.js';

/*
 * The words of an order's history (decision 100): a module of its own, so that the history's reader
 * (history.ts, under view.ts and queries.ts) does not import the change mechanism that uses those queries.
 */

/** An amount as the reader writes it (the currency's sign when known). */
function money(value: number, language: Language, currency?: string): string {
  const locale = language === 'en' ? 'en-GB' : 'ru-RU';
  try {
    return new Intl.NumberFormat(locale, {
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
      ...(currency ? { style: 'currency', currency } : {}),
    }).format(value);
  } catch {
    return value.toFixed(2);
  }
}

/** One change as a sentence in a language (the history, the notice and the e-mail say the same). */
export function describeChange(c: OrderHistoryChange, language: Language): string {
  const t = (key: Parameters<typeof translate>[1], ...args: Array<string | number>) =>
    translate(language, key, ...args);
  const statusName = (s: HistoryStatus) => (language === 'en' && s.nameEn ? s.nameEn : s.name);
  switch (c.field) {
    case 'status':
      return t('history.status', statusName(c.before), statusName(c.after));
    case 'isPayment':
    case 'isWarning':
    case 'isCanceled':
      return t(`history.${c.field}.${c.after ? 'on' : 'off'}`);
    case 'line':
      if (c.before === 0) return t('history.lineAdded', c.article, c.name, c.after);
      if (c.after === 0) return t('history.lineRemoved', c.article, c.name, c.before);
      if (c.priceBefore !== undefined && c.priceAfter !== undefined) {
        const prices = [money(c.priceBefore, language), money(c.priceAfter, language)] as const;
        return c.before === c.after
          ? t('history.linePrice', c.article, c.name, ...prices)
          : t('history.lineChangedPrice', c.article, c.name, c.before, c.after, ...prices);
      }
      return t('history.lineChanged', c.article, c.name, c.before, c.after);
    case 'total':
      return t('history.total', money(c.before, language, c.currency), money(c.after, language, c.currency));
    case 'bill':
      if (c.fileId) return t('history.billAttached', c.fileName);
      return c.replaced ? t('history.billReplaced', c.replaced) : t('history.billIssued');
    case 'offer':
      if (c.fileId === null) return t('history.offerRemoved', c.fileName);
      return c.replaced ? t('history.offerReplaced', c.fileName, c.replaced) : t('history.offerAttached', c.fileName);
    case 'correction':
      if (c.decision === 'accepted') return t('history.correctionAccepted', c.correctionId);
      if (c.decision === 'sent') return t('history.correctionSent', c.correctionId);
      return c.reason
        ? t('history.correctionRefused', c.correctionId, c.reason)
        : t('history.correctionRefusedNoReason', c.correctionId);
    case 'document':
      // The day as ДД.ММ.ГГГГ (1C's date of the document, no time of day).
      return t(
        `history.document.${c.kind}`,
        c.number,
        c.date.split('-').reverse().join('.'),
        money(c.sum, language, c.currency),
      );
  }
}
