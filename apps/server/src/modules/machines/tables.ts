import type { Generated } from 'kysely';
import type { CreatedAt, Id } from '../../db/schema.js';

/** A dealer's machine (migration 0240, decision 208). */
export interface MachinesTable {
  id: Id;
  user_id: number;
  name: Generated<string>;
  /** A value of the catalogue's machine-model facet (products.prop_model). */
  model: string;
  /** Serial number or VIN, upper case. */
  serial: Generated<string>;
  year: number | null;
  created_at: CreatedAt;
  updated_at: Generated<Date>;
}

declare module '../../db/schema.js' {
  interface Database {
    machines: MachinesTable;
  }
}
