import type { Generated } from 'kysely';
import type { CreatedAt, Id } from '../../db/schema.js';

export interface MailingsTable {
  id: Id;
  user_id: number;
  email: string;
  subscribed: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: Generated<Date>;
}

declare module '../../db/schema.js' {
  interface Database {
    mailings: MailingsTable;
  }
}
