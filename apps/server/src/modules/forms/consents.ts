import type { Db } from '../../db/database.js';
import './tables.js';

/**
 * The agreement with this code and the user's consent to it, if any (the mailing asks before subscribing);
 * `db` may be the caller's transaction.
 */
export async function consentTo(
  db: Db,
  agreementCode: string,
  userId: number,
): Promise<{ agreementId: number | null; consentId: number | null }> {
  const agreement = await db.selectFrom('agreements').select('id').where('code', '=', agreementCode).executeTakeFirst();
  if (!agreement) return { agreementId: null, consentId: null };
  const consent = await db
    .selectFrom('consents')
    .select('id')
    .where('user_id', '=', userId)
    .where('agreement_id', '=', agreement.id)
    .executeTakeFirst();
  return { agreementId: agreement.id, consentId: consent?.id ?? null };
}

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
