import type { ColumnType, Generated } from 'kysely';
import type { ContentImage } from '@portal/contract';
import type { CreatedAt, Id } from '../../db/schema.js';

type JsonImage = ColumnType<ContentImage | null, string | null | undefined, string | null>;

export interface NewsTable {
  id: Id;
  title: string;
  preview_text: Generated<string>;
  detail_text: Generated<string>;
  published_at: ColumnType<Date, Date | string | undefined, Date | string>;
  preview_image: JsonImage;
  detail_image: JsonImage;
  /** Opens the item by link without signing in (docs/spec/02-screens.md `/news/{id}/{token}/`). */
  access_key: string;
  active: Generated<boolean>;
}

export interface NewsViewsTable {
  news_id: number;
  user_id: number;
  viewed_at: CreatedAt;
}

export interface BannersTable {
  id: Id;
  name: string;
  text: Generated<string>;
  link: Generated<string>;
  img: JsonImage;
  sort: Generated<number>;
  active: Generated<boolean>;
  /** Shown from this day on (migration 0120); null = at once. */
  active_from: ColumnType<Date | null, string | null | undefined, string | null>;
  /** Shown until this day, inclusive; null = for ever. */
  active_to: ColumnType<Date | null, string | null | undefined, string | null>;
}

export interface PagesTable {
  id: Id;
  url: string;
  title: string;
  content: Generated<string>;
  active: Generated<boolean>;
}

export interface FaqTable {
  id: Id;
  question: string;
  answer: Generated<string>;
  sort: Generated<number>;
  active: Generated<boolean>;
}

export interface DepartmentsTable {
  id: Id;
  parent_id: number | null;
  name: string;
  description: Generated<string>;
  sort: Generated<number>;
}

export interface ContactsTable {
  id: Id;
  department_id: number;
  name: string;
  job_title: Generated<string>;
  phone: Generated<string>;
  email: Generated<string>;
  img: JsonImage;
  sort: Generated<number>;
}

export interface StoragesTable {
  id: Id;
  store_id: number | null;
  name: string;
  address: Generated<string>;
  lat: number | null;
  lon: number | null;
  working: Generated<string>;
  description: Generated<string>;
  emails: ColumnType<string[], string[] | undefined, string[]>;
  phones: ColumnType<string[], string[] | undefined, string[]>;
  preview: JsonImage;
  gallery: ColumnType<ContentImage[], string | undefined, string>;
  scheme: JsonImage;
  sort: Generated<number>;
  active: Generated<boolean>;
}

declare module '../../db/schema.js' {
  interface Database {
    news: NewsTable;
    news_views: NewsViewsTable;
    banners: BannersTable;
    pages: PagesTable;
    faq: FaqTable;
    departments: DepartmentsTable;
    contacts: ContactsTable;
    storages: StoragesTable;
  }
}
