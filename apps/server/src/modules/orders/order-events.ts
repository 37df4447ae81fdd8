import type { Db } from '../../db/database.js';
import type { OrderHistoryChange } from './tables.js';

/** One change of an order as its listeners see it: written, inside the change's transaction. */
export interface OrderEvent {
  orderId: number;
  /** The dealer who placed the order. */
  userId: number;
  historyId: number;
  source: 'desk' | 'exchange' | 'dealer' | 'system';
  changes: OrderHistoryChange[];
  /** True when this change is the order's first shipment (decision 061). */
  shipped: boolean;
}

/**
 * A listener a module above orders registers (the webhooks' outbox, decision 225): it runs in the change's
 * transaction after the history line is written, so what it enqueues exists exactly when the change was
 * committed. Orders sits below it (docs/architecture.md, "Floors"), so it is told, as checkout-guard.ts is.
 */
export type OrderListener = (trx: Db, event: OrderEvent) => Promise<void>;

const listeners = new Map<string, OrderListener>();

/** Registers (or replaces, by name) a listener of every order change. */
export function registerOrderListener(name: string, listener: OrderListener): void {
  listeners.set(name, listener);
}

export async function tellOrderListeners(trx: Db, event: OrderEvent): Promise<void> {
  for (const listener of listeners.values()) await listener(trx, event);
}
