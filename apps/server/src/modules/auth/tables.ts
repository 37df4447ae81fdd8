import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, Id, NullableTimestamp, Timestamp } from '../../db/schema.js';

export interface UsersTable {
  id: Id;
  login: string;
  email: Generated<string>;
  password_hash: string;
  first_name: Generated<string>;
  last_name: Generated<string>;
  middle_name: Generated<string>;
  inn: Generated<string>;
  city: Generated<string>;
  phone: Generated<string>;
  company: Generated<string>;
  groups: ColumnType<string[], string[] | undefined, string[]>;
  price_type_id: number | null;
  pay_system_id: number | null;
  is_on_order: Generated<boolean>;
  active: Generated<boolean>;
  approved: Generated<boolean>;
  two_factor: Generated<boolean>;
  language: Generated<string>;
  created_at: CreatedAt;
  updated_at: Generated<Date>;
  last_login_at: NullableTimestamp;
  /** The dealer's personal manager, an employee (decision 199). */
  manager_id: Generated<number | null>;
}

export interface SessionsTable {
  id: string;
  sessid: string;
  user_id: number | null;
  persistent: boolean;
  expires_at: Timestamp;
  created_at: CreatedAt;
  last_seen_at: Generated<Date>;
}

export interface AuthCodesTable {
  user_id: number;
  code_hash: string;
  attempts: Generated<number>;
  sent_at: Timestamp;
  expires_at: Timestamp;
}

export interface PasswordRestoresTable {
  id: Id;
  user_id: number;
  checkword_hash: string;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
}

declare module '../../db/schema.js' {
  interface Database {
    users: UsersTable;
    sessions: SessionsTable;
    auth_codes: AuthCodesTable;
    password_restores: PasswordRestoresTable;
  }
}
