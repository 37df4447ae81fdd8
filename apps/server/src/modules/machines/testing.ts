import type { Db } from '../../db/database.js';
import { insertMachine } from './queries.js';

/** A machine of a dealer, for other modules' tests (decision 208). */
export const newMachine = (
  db: Db,
  userId: number,
  values: Partial<{ name: string; model: string; serial: string; year: number | null }> = {},
) =>
  insertMachine(db, {
    userId,
    name: values.name ?? 'Тестовая машина',
    model: values.model ?? 'Lexion 760',
    serial: values.serial ?? '',
    year: values.year ?? null,
  });
