import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt } from '../../db/schema.js';

export type AuditValue = Record<string, unknown> | null;

export interface AuditLogTable {
  id: Generated<number>;
  created_at: CreatedAt;
  user_id: number | null;
  user_login: Generated<string>;
  ip: Generated<string>;
  entity: string;
  entity_id: string | null;
  action: string;
  before: ColumnType<AuditValue, string | null, never>;
  after: ColumnType<AuditValue, string | null, never>;
}

declare module '../../db/schema.js' {
  interface Database {
    audit_log: AuditLogTable;
  }
}
