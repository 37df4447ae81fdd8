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

declare module '../../db/schema.js' {
  interface Database {
    price_list_links: PriceListLinksTable;
    price_list_jobs: PriceListJobsTable;
  }
}
