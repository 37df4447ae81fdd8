import type { Db } from '../../db/database.js';
import { isStaff, type Actor } from '../auth/index.js';
import { modelsOfMachines } from './queries.js';

/** The models of the machines `F_MACHINE` names that the actor may use (the catalogue's MachineModelsLookup). */
export const machineModelsFor = (db: Db, actor: Actor, asked: readonly string[]) =>
  modelsOfMachines(db, actor.id, isStaff(actor), asked);
