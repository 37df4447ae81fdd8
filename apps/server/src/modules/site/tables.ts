import type { Generated } from 'kysely';
import type { Id } from '../../db/schema.js';

export interface MenuItemsTable {
  id: Id;
  menu: string;
  parent_id: number | null;
  sort: number;
  label_ru: string;
  label_en: string;
  link: string;
  permission: string | null;
  icon: string | null;
  /** Who sees the entry: `all`, `dealers` (the buyer's entries) or `staff` (migration 0194, decision 194). */
  audience: Generated<string>;
}

declare module '../../db/schema.js' {
  interface Database {
    menu_items: MenuItemsTable;
  }
}
