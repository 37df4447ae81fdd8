import type { Generated } from 'kysely';
import type { CreatedAt, Id } from '../../db/schema.js';

export interface NoticesTable {
  id: Id;
  user_id: number;
  title: string;
  description: Generated<string>;
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

declare module '../../db/schema.js' {
  interface Database {
    notices: NoticesTable;
    messages: MessagesTable;
  }
}
