import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, Id } from '../../db/schema.js';

export interface GoodReturnStatusesTable {
  id: Id;
  code: string;
  name: string;
  name_en: Generated<string>;
  description: Generated<string>;
  description_en: Generated<string>;
  color: Generated<string>;
  sort: Generated<number>;
}

export interface GoodReturnsTable {
  id: Id;
  user_id: number;
  order_id: number;
  order_item_id: number | null;
  product_id: number | null;
  product_name: Generated<string>;
  article: Generated<string>;
  quantity: number;
  status_id: number;
  package_number: Generated<string>;
  product_delivery_date: ColumnType<Date | string | null, string | null | undefined, string | null>;
  reason: Generated<string>;
  comment: Generated<string>;
  file_ids: ColumnType<number[], string | undefined, string>;
  created_at: CreatedAt;
  updated_at: Generated<Date>;
}

export interface GoodReturnCommentsTable {
  id: Id;
  good_return_id: number;
  user_id: number | null;
  text: Generated<string>;
  status_id: number | null;
  file_ids: ColumnType<number[], string | undefined, string>;
  created_at: CreatedAt;
  updated_at: Generated<Date>;
}

declare module '../../db/schema.js' {
  interface Database {
    good_return_statuses: GoodReturnStatusesTable;
    good_returns: GoodReturnsTable;
    good_return_comments: GoodReturnCommentsTable;
  }
}
