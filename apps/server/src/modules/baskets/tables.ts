import type { Generated } from 'kysely';
import type { CreatedAt, Id } from '../../db/schema.js';

export interface BasketsTable {
  id: Id;
  user_id: number;
  name: Generated<string>;
  currency: Generated<string>;
  created_at: CreatedAt;
  updated_at: Generated<Date>;
}

export interface BasketItemsTable {
  id: Id;
  basket_id: number;
  product_id: number;
  quantity: number;
  created_at: CreatedAt;
  updated_at: Generated<Date>;
}

declare module '../../db/schema.js' {
  interface Database {
    baskets: BasketsTable;
    basket_items: BasketItemsTable;
  }
}
