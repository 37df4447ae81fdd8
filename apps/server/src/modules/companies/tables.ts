import type { Generated } from 'kysely';
import type { CreatedAt, Id } from '../../db/schema.js';

/** A dealer's legal entity (counterparty) with its requisites. */
export interface CounterpartiesTable {
  id: Id;
  user_id: number;
  name: string;
  inn: Generated<string>;
  kpp: Generated<string>;
  ogrn: Generated<string>;
  legal_address: Generated<string>;
  bank: Generated<string>;
  bik: Generated<string>;
  account: Generated<string>;
  corr_account: Generated<string>;
  /** The company's own manager (decision 227): wins over the dealer's for its orders. */
  manager_id: Generated<number | null>;
  created_at: CreatedAt;
  updated_at: Generated<Date>;
}

declare module '../../db/schema.js' {
  interface Database {
    counterparties: CounterpartiesTable;
  }
}
