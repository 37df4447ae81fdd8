import { normalizeArticle } from '@portal/contract';
import type { Db } from '../../db/database.js';
import './tables.js';

/** Three requests of the demo dealer: one for a part that is on the site, one in work, one not found. */
export async function seedWishes(db: Db): Promise<void> {
  const dealer = await db.selectFrom('users').select('id').where('login', '=', 'dealer').executeTakeFirst();
  if (!dealer) return;
  const product = await db
    .selectFrom('products')
    .select('article')
    .where('active', '=', true)
    .where('article', '<>', '')
    .orderBy('id')
    .executeTakeFirst();
  const rows = [
    ...(product ? [{ article: product.article, count: 2, is_processed: false, vin: '', model: '' }] : []),
    { article: 'AL-221453', count: 4, is_processed: true, vin: '1RW8320RCBD123456', model: 'John Deere 8320R' },
    { article: 'ZX-99-001', count: 1, is_processed: false, vin: '', model: 'Claas Lexion 770' },
  ];
  await db
    .insertInto('wishes')
    .values(rows.map((r) => ({ ...r, user_id: dealer.id, article_key: normalizeArticle(r.article) })))
    .execute();
}
