import { ALL_MACHINES } from '@portal/contract';
import { sql, type Selectable } from 'kysely';
import type { Db } from '../../db/database.js';
import { countAndPage, type PageInput } from '../../rest/paging.js';
import type { MachinesTable } from './tables.js';
import './tables.js';

export type MachineRow = Selectable<MachinesTable>;

/** One dealer's machines (or, userId null, every dealer's), oldest first: the order the dealer added them. */
export function listMachines(db: Db, userId: number | null, input: PageInput) {
  let base = db.selectFrom('machines as m');
  if (userId !== null) base = base.where('m.user_id', '=', userId);
  return countAndPage(base, (q) => q.selectAll('m').orderBy('m.id'), input);
}

export const machineById = (db: Db, id: number) =>
  db.selectFrom('machines').selectAll().where('id', '=', id).executeTakeFirst();

/** The dealer's own machine; another dealer's is not found. */
export const ownMachine = (db: Db, userId: number, id: number) =>
  db.selectFrom('machines').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();

/**
 * How many machines the dealer has, after a transaction-scoped advisory lock on the dealer: two additions at
 * once count one after the other, so the limit holds under concurrency (decision 208).
 */
export async function countMachinesLocked(db: Db, userId: number): Promise<number> {
  await sql`SELECT pg_advisory_xact_lock(hashtext('machines'), ${userId})`.execute(db);
  const row = await db
    .selectFrom('machines')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export const insertMachine = (
  db: Db,
  values: { userId: number; name: string; model: string; serial: string; year: number | null },
) =>
  db
    .insertInto('machines')
    .values({
      user_id: values.userId,
      name: values.name,
      model: values.model,
      serial: values.serial,
      year: values.year,
    })
    .returningAll()
    .executeTakeFirstOrThrow();

export const updateMachine = (
  db: Db,
  userId: number,
  id: number,
  values: { name?: string; model?: string; serial?: string; year?: number | null },
) =>
  db
    .updateTable('machines')
    .set({ ...values, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returningAll()
    .executeTakeFirst();

export const deleteMachine = (db: Db, userId: number, id: number) =>
  db.deleteFrom('machines').where('id', '=', id).where('user_id', '=', userId).returningAll().executeTakeFirst();

/**
 * The models of the asked machines (`all`: every machine of the owner). A dealer's ids count only when they are
 * their own; staff name any dealer's machines by id (they may read them), and `all` is their own (none).
 */
export async function modelsOfMachines(
  db: Db,
  userId: number,
  anyOwner: boolean,
  asked: readonly string[],
): Promise<string[]> {
  const all = asked.includes(ALL_MACHINES);
  const ids = asked.filter((a) => a !== ALL_MACHINES).map(Number);
  const rows = await db
    .selectFrom('machines')
    .select('model')
    .distinct()
    .where((eb) => {
      const own = eb('user_id', '=', userId);
      const byId = ids.length ? eb('id', 'in', ids) : eb.val(false);
      if (anyOwner) return all ? eb.or([own, byId]) : byId;
      return all ? own : eb.and([own, byId]);
    })
    .execute();
  return rows.map((r) => r.model);
}
