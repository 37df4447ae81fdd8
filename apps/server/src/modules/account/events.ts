import type { Db } from '../../db/database.js';

/**
 * A shipment or a closing document 1C recorded on a dealer's account for the first time (decision 202), told to
 * listeners the modules above register (decision 215): the dealer's webhooks and Telegram (decisions 225, 226)
 * stand above the account and hear of it here, in the document's transaction.
 */
export interface AccountEvent {
  userId: number;
  /** `shipment` for a shipment; `document` for a bill, an invoice or another closing document. */
  kind: 'shipment' | 'document';
  /** The document's kind as 1C gave it. */
  documentKind: 'shipment' | 'bill' | 'invoice' | 'other';
  number: string;
  /** ISO day. */
  date: string;
  sum: number;
  currency: string;
  orderId: number | null;
  tracking: string;
}

export type AccountListener = (trx: Db, event: AccountEvent) => Promise<void>;

const listeners = new Map<string, AccountListener>();

/** Registers (or replaces, by name) a listener of the account's events. */
export function registerAccountListener(name: string, listener: AccountListener): void {
  listeners.set(name, listener);
}

export async function tellAccountListeners(trx: Db, event: AccountEvent): Promise<void> {
  for (const listener of listeners.values()) await listener(trx, event);
}
