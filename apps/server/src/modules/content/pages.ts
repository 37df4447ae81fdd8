import type { Db } from '../../db/database.js';
import './tables.js';

/** Active content pages (docs/spec/02-screens.md `/{path}`), for the menu: url and title, in title order. */
export async function listContentPages(db: Db): Promise<Array<{ url: string; title: string }>> {
  return db
    .selectFrom('pages')
    .select(['url', 'title'])
    .where('active', '=', true)
    .orderBy('title')
    .limit(50)
    .execute();
}
