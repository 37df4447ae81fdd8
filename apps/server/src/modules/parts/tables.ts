import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, Id } from '../../db/schema.js';

/** Migration 0230: a link between two part numbers (decision 205). */
export interface PartReplacementsTable {
  id: Id;
  old_article: string;
  old_article_key: string;
  old_brand: Generated<string>;
  new_article: string;
  new_article_key: string;
  new_brand: Generated<string>;
  /** REPLACED: one-way, order the new number; INTERCHANGEABLE: either may be ordered. */
  kind: Generated<'REPLACED' | 'INTERCHANGEABLE'>;
  /** How many of the new number stand for one of the old (a set: 1 old = 2 × A + 1 × B). */
  ratio: Generated<number>;
  /** From when the link holds (`YYYY-MM-DD` when written); null: always. */
  effective_from: ColumnType<Date | null, string | null | undefined, string | null>;
  source: Generated<'MANUAL' | 'XLSX' | '1C'>;
  /** The number whose card states the link; a source replaces only the links its cards carry. */
  carrier_key: string;
  created_at: CreatedAt;
}

declare module '../../db/schema.js' {
  interface Database {
    part_replacements: PartReplacementsTable;
  }
}
