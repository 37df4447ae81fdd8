import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, Id, NullableTimestamp } from '../../db/schema.js';

export interface ApiKeysTable {
  id: Id;
  user_id: number;
  name: string;
  scope: 'read' | 'order';
  /** The key's first characters, shown to tell keys apart. */
  prefix: string;
  /** SHA-256 of the whole key (hex); the key itself is never stored (decision 210). */
  token_hash: string;
  created_at: CreatedAt;
  last_used_at: NullableTimestamp;
  revoked_at: NullableTimestamp;
  revoked_by: number | null;
}

export interface ApiKeyCallsTable {
  id: ColumnType<string, never, never>;
  key_id: number;
  method: string;
  status: number;
  ip: Generated<string>;
  created_at: CreatedAt;
}

declare module '../../db/schema.js' {
  interface Database {
    api_keys: ApiKeysTable;
    api_key_calls: ApiKeyCallsTable;
  }
}
