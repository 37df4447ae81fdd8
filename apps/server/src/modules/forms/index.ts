/** The forms module's face: what other modules may use of it. */
import { SUPPORT_FORM_CODE } from '@portal/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import './tables.js';

export {
  checkOrderFieldsWith,
  consentTo,
  onConsentWithdrawn,
  type ConsentWithdrawn,
  type OrderCheck,
} from './consents.js';
export type { FormAdminMethod } from './admin.js';

/** Support appeals still «Новое»: the support list the dashboard's tile opens, filtered the same way. */
export async function countAppealsWaiting(db: Db): Promise<number> {
  const { n } = await db
    .selectFrom('answers as a')
    .innerJoin('forms as f', 'f.id', 'a.form_id')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('f.code', '=', SUPPORT_FORM_CODE)
    .where('a.status', '=', 'NEW')
    .executeTakeFirstOrThrow();
  return Number(n);
}
