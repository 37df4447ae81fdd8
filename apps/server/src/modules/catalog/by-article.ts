import { normalizeArticle } from '@portal/contract';
import { expressionBuilder, sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import './tables.js';

/**
 * The active product with this normalised part number, as a subquery (`id`, `name`) that another module
 * joins laterally (`.as('p')`) or tests with `exists`, `articleKeyRef` naming its own column (`'w.article_key'`): the wishes list
 * filters and counts on it, so a keyed read after the page would not do (decision 150).
 */
export function activeProductByArticleKey(articleKeyRef: string) {
  return (
    expressionBuilder<Database, never>()
      .selectFrom('products as p')
      .select(['p.id', 'p.name'])
      .where('p.article_key', '=', sql.ref<string>(articleKeyRef))
      .where('p.active', '=', true)
      // Ordered by the key first: `ORDER BY id LIMIT 1` alone lets the planner walk the primary key and
      // scan the whole catalogue for a number that is not there (measured: seconds at 100k products).
      .orderBy('p.article_key')
      .orderBy('p.id')
      .limit(1)
  );
}

/** A product put on the site by hand (a part a dealer asked for); `db` may be the caller's transaction. */
export async function addProduct(db: Db, product: { name: string; article: string }): Promise<void> {
  await db
    .insertInto('products')
    .values({ name: product.name, article: product.article, article_key: normalizeArticle(product.article) })
    .execute();
}
