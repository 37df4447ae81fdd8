import { MAILING_AGREEMENT_CODE } from '@portal/contract';
import type { Db } from '../../db/database.js';
import { onConsentWithdrawn } from '../forms/index.js';
import './tables.js';

/** The user leaves the mailing (their consent to it was withdrawn); `db` may be the caller's transaction. */
export async function unsubscribe(db: Db, userId: number): Promise<void> {
  await db
    .updateTable('mailings')
    .set({ subscribed: false, updated_at: new Date() })
    .where('user_id', '=', userId)
    .execute();
}

// Withdrawing consent to the mailing agreement also ends the subscription (forms is below: it is told from here).
onConsentWithdrawn(MAILING_AGREEMENT_CODE, unsubscribe);
