import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, Id } from '../../db/schema.js';

export interface ProductPhoto {
  id: number;
  src: string;
  width: number;
  height: number;
}

export interface SectionsTable {
  id: Id;
  parent_id: number | null;
  code: string;
  name: string;
  description: Generated<string>;
  photo: Generated<string>;
  level: Generated<number>;
  sort: Generated<number>;
  element_cnt: Generated<number>;
  /** Migration 0090: the 1C Ид of a section, product, price type or warehouse that 1C sent. */
  external_id: string | null;
}

export interface ProductsTable {
  id: Id;
  section_id: number | null;
  name: string;
  article: Generated<string>;
  /** normalizeArticle(article): the key every part-number search uses. */
  article_key: Generated<string>;
  brand: Generated<string>;
  preview_text: Generated<string>;
  detail_text: Generated<string>;
  unit: Generated<string>;
  measure_factor: Generated<number>;
  weight_kg: number | null;
  volume_m3: number | null;
  photos: ColumnType<ProductPhoto[], string | undefined, string>;
  /** code → value, e.g. {"BRAND": "John Deere", "MODEL": "8R 410", "KIND": "Фильтр"}. */
  properties: ColumnType<Record<string, string>, string | undefined, string>;
  active: Generated<boolean>;
  sort: Generated<number>;
  created_at: CreatedAt;
  updated_at: Generated<Date>;
  // Migration 0010: facet and search columns; the generated ones are never written.
  prop_model: ColumnType<string, never, never>;
  prop_kind: ColumnType<string, never, never>;
  /** Migration 0147: the COLOR property (a hex code in upper case, decision 147), '' when none. */
  prop_color: ColumnType<string, never, never>;
  stock_real: Generated<number>;
  stock_virtual: Generated<number>;
  /** Migration 0014: `store:amount,…` by store id, kept by the stock trigger. */
  stock_by_store: Generated<string>;
  availability: ColumnType<'Y' | 'D' | 'N', never, never>;
  search_tsv: ColumnType<string, never, never>;
  external_id: string | null;
}

export interface ProductAnaloguesTable {
  id: Id;
  product_id: number;
  article: string;
  article_key: string;
  brand: Generated<string>;
  analogue_product_id: number | null;
  /** ANALOGUE (aftermarket ↔ OEM cross-reference) or OEM. */
  kind: Generated<string>;
}

export interface ProductSimilarTable {
  product_id: number;
  similar_id: number;
}

export interface PriceTypesTable {
  id: Id;
  code: string;
  name: string;
  name_en: Generated<string>;
  is_default: Generated<boolean>;
  sort: Generated<number>;
  external_id: string | null;
}

export interface PaySystemsTable {
  id: Id;
  code: string;
  name: string;
  description: Generated<string>;
  name_en: Generated<string>;
  description_en: Generated<string>;
  active: Generated<boolean>;
  sort: Generated<number>;
}

export interface ProductPricesTable {
  product_id: number;
  price_type_id: number;
  pay_system_id: number;
  value: number;
  currency: Generated<string>;
}

export interface StoresTable {
  id: Id;
  code: string;
  name: string;
  name_en: Generated<string>;
  is_virtual: Generated<boolean>;
  sort: Generated<number>;
  external_id: string | null;
}

export interface ProductStockTable {
  product_id: number;
  store_id: number;
  amount: Generated<number>;
}

/** Migration 0092: where a 1C price type's prices go (decision 095). */
export interface PriceMappingsTable {
  id: Id;
  external_id: string;
  external_name: Generated<string>;
  /** null: the 1C price type is not used. */
  price_type_id: number | null;
  /** null: every active payment method. */
  pay_system_id: number | null;
  created_at: CreatedAt;
  updated_at: Generated<Date>;
}

export interface FavoritesTable {
  user_id: number;
  product_id: number;
  created_at: CreatedAt;
}

declare module '../../db/schema.js' {
  interface Database {
    sections: SectionsTable;
    products: ProductsTable;
    product_analogues: ProductAnaloguesTable;
    product_similar: ProductSimilarTable;
    price_types: PriceTypesTable;
    pay_systems: PaySystemsTable;
    product_prices: ProductPricesTable;
    stores: StoresTable;
    product_stock: ProductStockTable;
    favorites: FavoritesTable;
    price_mappings: PriceMappingsTable;
    catalog_words: { word: string };
  }
}
