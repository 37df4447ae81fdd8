import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, Id } from '../../db/schema.js';

/** Migration 0230: a link between two part numbers (decision 205). */
export interface PartReplacementsTable {
  id: Id;
  old_article: string;
  old_article_key: string;
  old_brand: Generated<string>;
  new_article: string;
  new_article_key: string;
  new_brand: Generated<string>;
  /** REPLACED: one-way, order the new number; INTERCHANGEABLE: either may be ordered. */
  kind: Generated<'REPLACED' | 'INTERCHANGEABLE'>;
  /** How many of the new number stand for one of the old (a set: 1 old = 2 × A + 1 × B). */
  ratio: Generated<number>;
  /** From when the link holds (`YYYY-MM-DD` when written); null: always. */
  effective_from: ColumnType<Date | null, string | null | undefined, string | null>;
  source: Generated<'MANUAL' | 'XLSX' | '1C'>;
  /** The number whose card states the link; a source replaces only the links its cards carry. */
  carrier_key: string;
  created_at: CreatedAt;
}

declare module '../../db/schema.js' {
  interface Database {
    part_replacements: PartReplacementsTable;
  }
}

/** Migration 0231: what is expected to arrive of a product, per warehouse and date (decision 207). */
export interface ProductArrivalsTable {
  id: Id;
  product_id: number;
  /** null: a warehouse 1C did not name. */
  store_id: number | null;
  expected_on: ColumnType<Date, string, string>;
  quantity: ColumnType<string, number, number>;
  source: Generated<'MANUAL' | '1C'>;
  created_at: CreatedAt;
}

/** Migration 0231: a dealer's «сообщить о поступлении»; `notified_at` set ends it (decision 207). */
export interface ArrivalSubscriptionsTable {
  id: Id;
  user_id: number;
  product_id: number;
  created_at: CreatedAt;
  notified_at: Date | null;
}

declare module '../../db/schema.js' {
  interface Database {
    product_arrivals: ProductArrivalsTable;
    arrival_subscriptions: ArrivalSubscriptionsTable;
  }
}
