import type { CreatedAt, Id, NullableTimestamp } from '../../db/schema.js';

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

declare module '../../db/schema.js' {
  interface Database {
    price_list_links: PriceListLinksTable;
  }
}
