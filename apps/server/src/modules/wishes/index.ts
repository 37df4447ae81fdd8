/** The wishes module's face: what other modules may use of it. */
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { activeProductByArticleKey } from '../catalog/index.js';
import './tables.js';

/**
 * Requests staff still owe an answer: not processed and the part is still not on the site (the list's
 * «ERROR» status, which the dashboard's tile opens). A part added since answers the request by itself.
 */
export async function countWishesWaiting(db: Db): Promise<number> {
  const { n } = await db
    .selectFrom('wishes as w')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('w.is_processed', '=', false)
    .where((eb) => eb.not(eb.exists(activeProductByArticleKey('w.article_key'))))
    .executeTakeFirstOrThrow();
  return Number(n);
}
