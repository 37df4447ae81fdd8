import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, Id, NullableTimestamp } from '../../db/schema.js';

export interface WebhooksTable {
  id: Id;
  user_id: number;
  url: string;
  events: ColumnType<string[], string[], string[]>;
  /** The signing secret; kept as it is, since every delivery is signed with it (decision 225). */
  secret: string;
  active: Generated<boolean>;
  /** Failed attempts in a row since the last accepted delivery. */
  failures: Generated<number>;
  created_at: CreatedAt;
  /** When the portal turned the endpoint off after repeated failures. */
  disabled_at: NullableTimestamp;
}

export interface WebhookDeliveriesTable {
  id: Id;
  webhook_id: number;
  event: string;
  payload: ColumnType<unknown, string, string>;
  state: Generated<'queued' | 'ok' | 'retrying' | 'failed'>;
  attempts: Generated<number>;
  http_status: number | null;
  error: Generated<string>;
  created_at: CreatedAt;
  delivered_at: NullableTimestamp;
}

declare module '../../db/schema.js' {
  interface Database {
    webhooks: WebhooksTable;
    webhook_deliveries: WebhookDeliveriesTable;
  }
}
