import { translate, type Language } from '@portal/contract';
import type { Db } from '../../db/database.js';
import { counterpartyById } from '../companies/index.js';
import { noticePreferences, tellUser, type Telling } from '../notices/index.js';
import { recordOrderDocument } from '../orders/index.js';
import { tellAccountListeners } from './events.js';
import type { DocumentKind } from './queries.js';

/**
 * What the dealer is told of their account (decision 202): a shipment, a document to download, a payment
 * received — each a notice and an e-mail, each switchable in the profile (`accountShipment`, `accountDocument`,
 * `accountPayment`) — and a line in the order's history when the document names an order. Only a document
 * 1C sends for the first time: a re-sent one tells nobody again. In the document's transaction.
 */

export interface StoredDocument {
  kind: DocumentKind;
  number: string;
  /** ISO day. */
  date: string;
  sum: number;
  currency: string;
  counterpartyId: number;
  orderId: number | null;
  tracking: string;
}

const both = (key: string, ...args: Array<string | number>) => ({
  ru: translate('ru', key, ...args),
  en: translate('en', key, ...args),
});

const dayOf = (iso: string) => iso.split('-').reverse().join('.');

function amount(sum: number, currency: string, language: Language): string {
  const text = new Intl.NumberFormat(language === 'en' ? 'en-GB' : 'ru-RU', { minimumFractionDigits: 2 }).format(sum);
  return `${text} ${currency === 'RUB' ? '₽' : currency}`;
}

const KIND = { shipment: 'accountShipment', payment: 'accountPayment', document: 'accountDocument' } as const;

export async function tellOfDocument(trx: Db, t: Telling | undefined, doc: StoredDocument): Promise<void> {
  if (doc.kind === 'order') return;
  if (doc.orderId !== null) {
    await recordOrderDocument(trx, doc.orderId, {
      field: 'document',
      kind: doc.kind,
      number: doc.number,
      date: doc.date,
      sum: doc.sum,
      currency: doc.currency,
    });
  }
  if (!t || doc.kind === 'return') return;
  const owner = await counterpartyById(trx, doc.counterpartyId);
  if (!owner) return;
  const tidingsKind = doc.kind === 'shipment' ? 'shipment' : doc.kind === 'payment' ? 'payment' : 'document';
  if (doc.kind !== 'payment') {
    await tellAccountListeners(trx, {
      userId: owner.user_id,
      kind: doc.kind === 'shipment' ? 'shipment' : 'document',
      documentKind: doc.kind,
      number: doc.number,
      date: doc.date,
      sum: doc.sum,
      currency: doc.currency,
      orderId: doc.orderId,
      tracking: doc.tracking,
    });
  }
  const prefs = (await noticePreferences(trx, owner.user_id))[KIND[tidingsKind]];
  const date = dayOf(doc.date);
  const text = (language: Language) => {
    const lines = [
      translate(language, `tidings.${tidingsKind}.text`, doc.number, date, amount(doc.sum, doc.currency, language)),
    ];
    if (tidingsKind === 'shipment' && doc.orderId !== null)
      lines.push(translate(language, 'tidings.shipment.order', doc.orderId));
    if (tidingsKind === 'shipment' && doc.tracking)
      lines.push(translate(language, 'tidings.shipment.tracking', doc.tracking));
    return lines.join(' ');
  };
  await tellUser(
    { ...t, db: trx },
    owner.user_id,
    {
      title:
        tidingsKind === 'payment'
          ? both('tidings.payment.title', doc.number)
          : both(`tidings.${tidingsKind}.title`, doc.number, date),
      text: { ru: text('ru'), en: text('en') },
      link:
        doc.orderId !== null
          ? `/order/${doc.orderId}/`
          : tidingsKind === 'document'
            ? '/account/documents/'
            : '/account/',
    },
    prefs,
  );
}
