import type { Db } from '../../db/database.js';

/**
 * What ends with a withdrawn consent, by agreement code (the mailing's subscription ends with its agreement's
 * consent). Registered from above, since the mailing sits on a floor above forms (docs/architecture.md, "Floors");
 * `db` is the withdrawal's transaction.
 */
export type ConsentWithdrawn = (db: Db, userId: number) => Promise<void>;
const withdrawals = new Map<string, ConsentWithdrawn>();
export function onConsentWithdrawn(agreementCode: string, then: ConsentWithdrawn): void {
  withdrawals.set(agreementCode, then);
}
export const consentWithdrawn = (agreementCode: string) => withdrawals.get(agreementCode);

/**
 * Whether an order field's value names an order of the author (`null`: any order, for an administrator).
 * Registered by the orders module from above; until it is, no order is accepted.
 */
export type OrderCheck = (db: Db, orderId: number, userId: number | null) => Promise<boolean>;
let orderCheck: OrderCheck = async () => false;
export function checkOrderFieldsWith(check: OrderCheck): void {
  orderCheck = check;
}
export const isOrderOfAuthor: OrderCheck = (db, orderId, userId) => orderCheck(db, orderId, userId);
