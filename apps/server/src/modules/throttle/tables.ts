import type { Timestamp } from '../../db/schema.js';

/**
 * One counter per key and fixed window (`slot` = milliseconds since the epoch ÷ `window_ms`, taken from the
 * database's clock so every instance agrees). Incremented by a single upsert, whose row lock serialises
 * concurrent attempts on one key: N simultaneous attempts count N (decision 050).
 */
export interface RateCountersTable {
  key: string;
  slot: number;
  window_ms: number;
  hits: number;
  /** The end of the next window: after it this row no longer counts, even as the previous window. */
  expires_at: Timestamp;
}

declare module '../../db/schema.js' {
  interface Database {
    rate_counters: RateCountersTable;
  }
}
