import type { Generated } from 'kysely';
import type { CreatedAt, Id } from '../../db/schema.js';

export interface NoticesTable {
  id: Id;
  user_id: number;
  title: string;
  description: Generated<string>;
  title_en: Generated<string>;
  description_en: Generated<string>;
  link: Generated<string>;
  was_read: Generated<boolean>;
  created_at: CreatedAt;
}

export interface MessagesTable {
  id: Id;
  /** The dealer whose conversation with the supplier this message belongs to. */
  dealer_id: number;
  author_id: number | null;
  text: string;
  created_at: CreatedAt;
}

/** What a user wants to hear of, per kind of tidings; no row = both channels on. */
export interface NoticePreferencesTable {
  user_id: number;
  kind: string;
  notice: Generated<boolean>;
  email: Generated<boolean>;
  /** The linked Telegram chat (decision 226). */
  telegram: Generated<boolean>;
}

declare module '../../db/schema.js' {
  interface Database {
    notices: NoticesTable;
    messages: MessagesTable;
    notice_preferences: NoticePreferencesTable;
  }
}
