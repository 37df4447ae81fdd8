import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, Id } from '../../db/schema.js';

type Json<T> = ColumnType<T, string | undefined, string>;

export interface ExchangeSessionsTable {
  id: Id;
  token_hash: string;
  /** '1c' (the protocol) or 'manual' (an administrator's upload in the back office). */
  source: Generated<string>;
  user_id: number | null;
  ip: Generated<string>;
  started_at: CreatedAt;
  last_seen_at: Generated<Date>;
  ended_at: Date | null;
  sale_pending: ColumnType<SalePending | null, string | null | undefined, string | null>;
  /** A manual upload's review (decision 197): pending → confirmed | discarded; NULL: applied as it came. */
  review: ColumnType<'pending' | 'confirmed' | 'discarded' | null, string | null | undefined, string | null>;
}

export interface SalePending {
  orders: Array<{ id: number; version: string }>;
}

export interface ExchangeFilesTable {
  id: Id;
  session_id: number;
  name: string;
  size: Generated<number>;
  parts: Generated<number>;
  /** receiving (pieces arriving) → ready (an unpacked entry, complete) → done (imported, unpacked, registered). */
  state: Generated<'receiving' | 'ready' | 'done'>;
  from_archive: number | null;
  created_at: CreatedAt;
  updated_at: Generated<Date>;
}

export interface ExchangeFilePartsTable {
  file_id: number;
  no: number;
  start_at: number;
  size: number;
  key: string;
}

export interface ExchangeRunsTable {
  id: Id;
  session_id: number;
  file_id: number | null;
  type: 'catalog' | 'sale';
  file_name: string;
  status: Generated<'running' | 'done' | 'failed'>;
  phase: Generated<string>;
  cursor: Json<Record<string, unknown>>;
  stats: Json<Record<string, number>>;
  error: string | null;
  lease_until: Date | null;
  started_at: CreatedAt;
  updated_at: Generated<Date>;
  finished_at: Date | null;
  /** What the file will do (decision 197), computed between parse and apply. */
  report: ColumnType<unknown, string | null | undefined, string | null>;
}

export interface ExchangeStageTable {
  run_id: number;
  seq: number;
  kind: string;
  ext_id: Generated<string>;
  data: Json<unknown>;
}

export interface ExchangePicturesTable {
  source: string;
  key: string;
  content_type: string;
  width: number;
  height: number;
  size: number;
  updated_at: Generated<Date>;
}

export interface ExchangeRefsTable {
  kind: string;
  ext_id: string;
  name: Generated<string>;
  data: Json<unknown>;
  updated_at: Generated<Date>;
}

declare module '../../db/schema.js' {
  interface Database {
    exchange_sessions: ExchangeSessionsTable;
    exchange_files: ExchangeFilesTable;
    exchange_file_parts: ExchangeFilePartsTable;
    exchange_runs: ExchangeRunsTable;
    exchange_stage: ExchangeStageTable;
    exchange_pictures: ExchangePicturesTable;
    exchange_refs: ExchangeRefsTable;
  }
}
