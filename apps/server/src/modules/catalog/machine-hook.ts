import { shortFilterKeys, type ProductFilter } from '@portal/contract';
import type { Db } from '../../db/database.js';
import type { Actor } from '../auth/index.js';
import type { FilterValues } from './products.js';
import './tables.js';

/** The machine models of the machines `F_MACHINE` names (ids, or `all`) that the actor may use. */
export type MachineModelsLookup = (db: Db, actor: Actor, machines: readonly string[]) => Promise<string[]>;

let lookup: MachineModelsLookup | null = null;

/**
 * The dealer's machines live in the machines module, above the catalogue (decision 208); the composer registers
 * its lookup here so that «для моей техники» narrows the catalogue without an import upwards.
 */
export function registerMachineModels(fn: MachineModelsLookup | null): void {
  lookup = fn;
}

/**
 * «Для моей техники» (decision 208): `F_MACHINE` becomes the machine-model facet — the models of the asked
 * machines, kept to the models already ticked when some are. No machine (or none of the caller's) leaves an
 * empty list of models, so nothing matches; the rest of the filter (and its caches) sees an ordinary MODEL facet.
 */
export async function withMachines(
  db: Db,
  actor: Actor,
  filter: ProductFilter | undefined,
  f: FilterValues,
): Promise<FilterValues> {
  const asked = shortFilterKeys((filter ?? {}) as Record<string, unknown>).F_MACHINE;
  if (!Array.isArray(asked) || asked.length === 0) return f;
  const models = lookup ? await lookup(db, actor, asked as string[]) : [];
  const ticked = f.MODEL;
  return { ...f, MODEL: ticked ? models.filter((m) => ticked.includes(m)) : models };
}
