import type { ColumnType } from 'kysely';
import type { CreatedAt, Id, Json, NullableTimestamp } from '../../db/schema.js';

export interface PriceListLinksTable {
  id: Id;
  user_id: number;
  /** The token's first characters, shown to tell links apart. */
  prefix: string;
  /** SHA-256 of the whole token (hex); the token itself is never stored (decision 212). */
  token_hash: string;
  created_at: CreatedAt;
  expires_at: Date;
  last_used_at: NullableTimestamp;
  revoked_at: NullableTimestamp;
}

export type PriceListJobState = 'queued' | 'running' | 'done' | 'failed';

/** A big price list built on the queue (decision 232). */
export interface PriceListJobsTable {
  id: Id;
  user_id: number;
  format: string;
  /** What the list holds: `{ sectionIds, inStock, filter }` as the request gave it. */
  scope: Json<unknown>;
  state: ColumnType<PriceListJobState, PriceListJobState | undefined, PriceListJobState>;
  rows_total: ColumnType<number, number | undefined, number>;
  rows_done: ColumnType<number, number | undefined, number>;
  storage_key: string | null;
  size: ColumnType<string | null, number | null | undefined, number | null>;
  error: string | null;
  created_at: CreatedAt;
  finished_at: NullableTimestamp;
  expires_at: NullableTimestamp;
}

export type PriceListMailSchedule = 'off' | 'daily' | 'weekly';

/** The scheduled price-list e-mail of one user (decision 219). */
export interface PriceListMailTable {
  user_id: number;
  schedule: ColumnType<PriceListMailSchedule, PriceListMailSchedule | undefined, PriceListMailSchedule>;
  /** ISO weekday 1 (Monday) … 7, for `weekly`. */
  weekday: ColumnType<number, number | undefined, number>;
  content: ColumnType<'full' | 'changes', 'full' | 'changes' | undefined, 'full' | 'changes'>;
  format: ColumnType<'xlsx' | 'csv', 'xlsx' | 'csv' | undefined, 'xlsx' | 'csv'>;
  /** The period last taken by a tick: the supplier's day; taken once, whoever runs the tick. */
  last_period: string | null;
  last_sent_at: NullableTimestamp;
  /** What was last sent, gzipped JSON `[[id, price, stock, article], …]` in base64; null before the first. */
  snapshot: string | null;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

declare module '../../db/schema.js' {
  interface Database {
    price_list_links: PriceListLinksTable;
    price_list_jobs: PriceListJobsTable;
    price_list_mail: PriceListMailTable;
  }
}
