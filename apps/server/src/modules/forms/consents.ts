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
