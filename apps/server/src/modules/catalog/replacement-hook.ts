import type { Db } from '../../db/database.js';
import './tables.js';

/** One part an old number now stands for, with how many of it replace one of the old. */
export interface ReplacementPart {
  productId: number;
  name: string;
  article: string;
  brand: string;
  ratio: number;
  /** The numbers from the old one to this part: `['A', 'B', 'C']` for A → B → C. */
  chain: string[];
}

/** What replaces a normalised part number: one part, or a set of several (decision 205). */
export type ReplacementLookup = (db: Db, keys: readonly string[]) => Promise<Map<string, ReplacementPart[]>>;

let lookup: ReplacementLookup | null = null;

/**
 * The replacement numbers live in the parts module, above the catalogue and the baskets; the composer
 * registers its lookup here so that search and the quick order follow old numbers without importing upwards.
 */
export function registerReplacementLookup(fn: ReplacementLookup | null): void {
  lookup = fn;
}

/** The current parts for each old number among `keys`; numbers nothing replaces are absent. */
export function replacementsOf(db: Db, keys: readonly string[]): Promise<Map<string, ReplacementPart[]>> {
  if (!lookup || keys.length === 0) return Promise.resolve(new Map());
  return lookup(db, keys);
}
