import type { Language } from '@portal/contract';
import type { Db } from '../../db/database.js';
import type { Actor } from '../auth/index.js';
import './tables.js';

/** What a checkout guard sees: the order about to be written, inside the order's transaction. */
export interface CheckoutAttempt {
  actor: Actor;
  language: Language;
  company: number;
  paySystem: { id: number; code: string };
  price: number;
  currency: string;
}

/**
 * A check a module above orders registers (the account's credit rule, decision 201): it runs in the checkout
 * transaction before the order is written, throws an AppError to refuse, or answers a warning to place the
 * order and tell the dealer. Orders sits below the account (docs/architecture.md, "Floors"), so it is told,
 * as bill-file.ts tells files who reads a bill.
 */
export type CheckoutGuard = (trx: Db, attempt: CheckoutAttempt) => Promise<string | null>;

let guard: CheckoutGuard | null = null;

export function registerCheckoutGuard(next: CheckoutGuard): void {
  guard = next;
}

export async function guardCheckout(trx: Db, attempt: CheckoutAttempt): Promise<string | null> {
  return guard ? guard(trx, attempt) : null;
}
