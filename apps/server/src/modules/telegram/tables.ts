import type { ColumnType } from 'kysely';
import type { CreatedAt, Id } from '../../db/schema.js';

/** bigint columns arrive as strings from PostgreSQL; they are written as numbers or strings. */
type BigIntColumn = ColumnType<string | number, string | number, string | number>;

export interface TelegramLinksTable {
  user_id: number;
  chat_id: BigIntColumn;
  username: ColumnType<string, string | undefined, string>;
  linked_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface TelegramCodesTable {
  user_id: number;
  /** SHA-256 of the code (hex): the code itself is shown once, in the profile. */
  code_hash: string;
  expires_at: ColumnType<Date, Date | string, Date | string>;
}

export interface TelegramPicksTable {
  id: Id;
  user_id: number;
  chat_id: BigIntColumn;
  /** The found lines of an answer: `[{product, quantity}]`. */
  lines: ColumnType<unknown, string, string>;
  created_at: CreatedAt;
}

export interface TelegramStateTable {
  id: ColumnType<number, number | undefined, never>;
  update_offset: BigIntColumn;
}

declare module '../../db/schema.js' {
  interface Database {
    telegram_links: TelegramLinksTable;
    telegram_codes: TelegramCodesTable;
    telegram_picks: TelegramPicksTable;
    telegram_state: TelegramStateTable;
  }
}
