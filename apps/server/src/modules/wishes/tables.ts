import type { Generated } from 'kysely';
import type { CreatedAt, Id, NullableTimestamp } from '../../db/schema.js';

export interface WishesTable {
  id: Id;
  user_id: number;
  article: string;
  /** normalizeArticle(article): matched against products.article_key when the request is read. */
  article_key: string;
  vin: Generated<string>;
  model: Generated<string>;
  count: Generated<number>;
  is_processed: Generated<boolean>;
  sent_at: NullableTimestamp;
  created_at: CreatedAt;
  updated_at: Generated<Date>;
}

declare module '../../db/schema.js' {
  interface Database {
    wishes: WishesTable;
  }
}
