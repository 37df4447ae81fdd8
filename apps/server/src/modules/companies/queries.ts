import type { counterpartyMethods, CounterpartyFields, ParsedInputOf } from '@portal/contract';
import { expressionBuilder, sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { countAndPage } from '../../rest/paging.js';
import './tables.js';

/** Reads of the `counterparties` table that other modules need, through the companies module's face. */

export const counterpartyById = (db: Db, id: number) =>
  db.selectFrom('counterparties').selectAll().where('id', '=', id).executeTakeFirst();

/** The user's own company with this id, if it is theirs (an order names one of the dealer's companies). */
export const ownCounterpartyId = async (db: Db, userId: number, id: number): Promise<number | undefined> =>
  (
    await db
      .selectFrom('counterparties')
      .select('id')
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst()
  )?.id;

/** The companies of these users (id, owner, name, INN), oldest first. */
export const counterpartiesOfUsers = async (db: Db, userIds: number[]) =>
  userIds.length === 0
    ? []
    : db
        .selectFrom('counterparties')
        .select(['id', 'user_id', 'name', 'inn'])
        .where('user_id', 'in', userIds)
        .orderBy('id')
        .execute();

/**
 * The company 1C names in a document (decision 200): by the Ид the portal sent it (`company-<id>`), else by
 * ИНН and КПП (ИНН alone when 1C sends no КПП and one company has that ИНН).
 */
export async function counterpartyFrom1C(
  db: Db,
  ref: { id: string; inn: string; kpp: string },
): Promise<{ id: number; user_id: number; name: string } | undefined> {
  const own = /^company-(\d{1,9})$/.exec(ref.id.trim());
  if (own) {
    const row = await db
      .selectFrom('counterparties')
      .select(['id', 'user_id', 'name'])
      .where('id', '=', Number(own[1]))
      .executeTakeFirst();
    if (row) return row;
  }
  const inn = ref.inn.replace(/\D/g, '');
  if (!inn) return undefined;
  let q = db.selectFrom('counterparties').select(['id', 'user_id', 'name']).where('inn', '=', inn);
  const kpp = ref.kpp.replace(/\D/g, '');
  if (kpp) q = q.where('kpp', '=', kpp);
  const rows = await q.orderBy('id').limit(2).execute();
  return rows.length === 1 ? rows[0] : undefined;
}

/** The companies a user may see: a dealer's own (`userId`), or every company for staff (`null`); of `ids`. */
export const visibleCounterparties = (db: Db, userId: number | null, ids?: number[]) => {
  let q = db.selectFrom('counterparties').select(['id', 'user_id', 'name', 'inn', 'kpp']);
  if (userId !== null) q = q.where('user_id', '=', userId);
  if (ids) q = q.where('id', 'in', ids.length > 0 ? ids : [0]);
  return q.orderBy('name').orderBy('id').execute();
};

/** The names of these companies, by id. */
export async function counterpartyNames(db: Db, ids: Iterable<number | null>): Promise<Map<number, string>> {
  const wanted = [...new Set([...ids].filter((id): id is number => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db.selectFrom('counterparties').select(['id', 'name']).where('id', 'in', wanted).execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}

/**
 * The company columns an order row shows, the desk and the returns list search on (name, INN) and the 1C
 * exchange sends (KPP, address), as a subquery to join on.
 */
export const orderCompanies = () =>
  expressionBuilder<Database, never>()
    .selectFrom('counterparties')
    .select(['id', 'name', 'inn', 'kpp', 'legal_address']);

/** A dealer's own company (another dealer's is not found). */
export const ownCounterparty = (db: Db, userId: number, id: number) =>
  db.selectFrom('counterparties').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();

/** The dealer's companies, filtered by ids and name, sorted and paged, with the count of all that match. */
export async function listCounterparties(
  db: Db,
  userId: number,
  input: ParsedInputOf<(typeof counterpartyMethods)['counterparty/list']>,
) {
  let q = db.selectFrom('counterparties').where('user_id', '=', userId);
  if (input.filter?.id) q = q.where('id', 'in', input.filter.id);
  if (input.filter?.name) q = q.where('name', 'ilike', `%${input.filter.name.replace(/[%_\\]/g, '\\$&')}%`);
  return countAndPage(
    q,
    (base) => {
      let rows = base.selectAll();
      rows = input.sort?.NAME ? rows.orderBy('name', input.sort.NAME === 'DESC' ? 'desc' : 'asc') : rows;
      return rows.orderBy('id', input.sort?.ID === 'DESC' ? 'desc' : 'asc');
    },
    input,
  );
}

const columnsOf = (f: CounterpartyFields) => ({
  name: f.name,
  inn: f.inn,
  kpp: f.kpp,
  ogrn: f.ogrn,
  legal_address: f.legalAddress,
  bank: f.bank,
  bik: f.bik,
  account: f.account,
  corr_account: f.corrAccount,
});

export const insertCounterparty = (db: Db, userId: number, fields: CounterpartyFields) =>
  db
    .insertInto('counterparties')
    .values({ user_id: userId, ...columnsOf(fields) })
    .returningAll()
    .executeTakeFirstOrThrow();

/** Updates the dealer's own company; undefined when it is not theirs or missing. */
export const updateCounterparty = (db: Db, userId: number, id: number, fields: CounterpartyFields) =>
  db
    .updateTable('counterparties')
    .set({ ...columnsOf(fields), updated_at: new Date() })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returningAll()
    .executeTakeFirst();

/** Deletes the dealer's own company; false when there was none. */
export async function deleteCounterparty(db: Db, userId: number, id: number): Promise<boolean> {
  const res = await db
    .deleteFrom('counterparties')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}

/**
 * The company's own manager (decision 227): an employee an administrator assigns to one company of a
 * dealer; for that company's orders it wins over the dealer's manager. Auth checks the manager is active.
 */
export const companyManagerId = async (db: Db, id: number): Promise<number | null> =>
  (await db.selectFrom('counterparties').select('manager_id').where('id', '=', id).executeTakeFirst())?.manager_id ??
  null;

/** Assigns a company's manager (null: none, the dealer's manager again); answers the one before, for the audit. */
export async function setCompanyManager(db: Db, id: number, managerId: number | null): Promise<number | null> {
  const before = await db
    .selectFrom('counterparties')
    .select('manager_id')
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  await db
    .updateTable('counterparties')
    .set({ manager_id: managerId, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
  return before?.manager_id ?? null;
}

/** A dealer's companies with their own manager's id, oldest first (the dealer's card). */
export const companiesWithManagers = (db: Db, userId: number) =>
  db
    .selectFrom('counterparties')
    .select(['id', 'name', 'inn', 'manager_id'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();

/** The companies that have their own manager, as a subquery (`id`, `user_id`, `manager_id`) for auth to join. */
export const companyManagers = () =>
  sql`(SELECT id, user_id, manager_id FROM counterparties WHERE manager_id IS NOT NULL)`;
