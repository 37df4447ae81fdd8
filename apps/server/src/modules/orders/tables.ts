import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, Id } from '../../db/schema.js';

export interface FilesTable {
  id: Id;
  user_id: number | null;
  name: string;
  content_type: string;
  size: number;
  /** Generated name under DATA_DIR/files; never the uploaded name. */
  storage_key: string;
  preview_key: string | null;
  created_at: CreatedAt;
}

export interface CounterpartiesTable {
  id: Id;
  user_id: number;
  name: string;
  inn: Generated<string>;
  kpp: Generated<string>;
  ogrn: Generated<string>;
  legal_address: Generated<string>;
  bank: Generated<string>;
  bik: Generated<string>;
  account: Generated<string>;
  corr_account: Generated<string>;
  created_at: CreatedAt;
  updated_at: Generated<Date>;
}

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

export interface ShippingsTable {
  id: Id;
  code: string;
  name: string;
  is_pickup: Generated<boolean>;
  sort: Generated<number>;
}

export interface OrderStatusesTable {
  id: Id;
  code: string;
  name: string;
  name_en: Generated<string>;
  type: Generated<string>;
  color: Generated<string>;
  description: Generated<string>;
  sort: Generated<number>;
}

export interface ProductException {
  id: number;
  name: string;
  article: string;
}

export interface OrdersTable {
  id: Id;
  user_id: number;
  status_id: number;
  counterparty_id: number | null;
  pay_system_id: number | null;
  shipping_id: number | null;
  delivery_address: Generated<string>;
  vin: Generated<string>;
  machine_model: Generated<string>;
  comment: Generated<string>;
  price: Generated<number>;
  currency: Generated<string>;
  total_weight_kg: Generated<number>;
  total_volume_m3: Generated<number>;
  weight_exceptions: ColumnType<ProductException[], string | undefined, string>;
  volume_exceptions: ColumnType<ProductException[], string | undefined, string>;
  is_paid: Generated<boolean>;
  is_warning: Generated<boolean>;
  is_canceled: Generated<boolean>;
  file_ids: ColumnType<number[], number[] | undefined, number[]>;
  source_basket_id: number | null;
  idempotency_key: string | null;
  created_at: CreatedAt;
  updated_at: Generated<Date>;
}

export interface OrderItemsTable {
  id: Id;
  order_id: number;
  product_id: number | null;
  name: string;
  article: Generated<string>;
  unit: Generated<string>;
  quantity: number;
  delivered_quantity: Generated<number>;
  price: number;
  currency: Generated<string>;
  weight_kg: number | null;
  volume_m3: number | null;
}

export interface CorrectiveOrdersTable {
  id: Id;
  order_id: number;
  user_id: number;
  created_at: CreatedAt;
}

export interface CorrectiveOrderItemsTable {
  id: Id;
  corrective_order_id: number;
  order_item_id: number | null;
  product_id: number | null;
  name: string;
  article: Generated<string>;
  before_count: number;
  after_count: number;
}

declare module '../../db/schema.js' {
  interface Database {
    files: FilesTable;
    counterparties: CounterpartiesTable;
    baskets: BasketsTable;
    basket_items: BasketItemsTable;
    shippings: ShippingsTable;
    order_statuses: OrderStatusesTable;
    orders: OrdersTable;
    order_items: OrderItemsTable;
    corrective_orders: CorrectiveOrdersTable;
    corrective_order_items: CorrectiveOrderItemsTable;
  }
}
