import { sql, type Insertable, type Updateable } from 'kysely';
import type { Db } from '../../db/database.js';
import { paged, searchIn, type PageInput } from '../../rest/paging.js';
import type { FormsTable } from './tables.js';
import './tables.js';

/** The SQL of the back office's editing of the support forms (`admin.ts`). */

/** A page of the forms (by code or title), with each form's count of answers, and how many match. */
export async function formsPage(db: Db, search: string | undefined, page: PageInput) {
  const base = db.selectFrom('forms').where(searchIn(search, ['code', 'title']));
  const n = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await paged(
    base
      .selectAll('forms')
      .select(sql<number>`(SELECT count(*) FROM answers a WHERE a.form_id = forms.id)`.as('answers'))
      .orderBy('sort')
      .orderBy('id'),
    page,
  ).execute();
  return { n: n.n, rows };
}

/** A form with this code (other than `exceptId`), if there is one. */
export function formWithCode(db: Db, code: string, exceptId?: number) {
  let q = db.selectFrom('forms').select('id').where('code', '=', code);
  if (exceptId !== undefined) q = q.where('id', '<>', exceptId);
  return q.executeTakeFirst();
}

/** The form, locked for the caller's transaction. */
export const lockForm = (db: Db, id: number) =>
  db.selectFrom('forms').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();

export const insertForm = (db: Db, values: Insertable<FormsTable>) =>
  db.insertInto('forms').values(values).returningAll().executeTakeFirstOrThrow();

export const updateForm = (db: Db, id: number, values: Updateable<FormsTable>) =>
  db.updateTable('forms').set(values).where('id', '=', id).returningAll().executeTakeFirstOrThrow();

export const deleteForm = async (db: Db, id: number): Promise<void> => {
  await db.deleteFrom('forms').where('id', '=', id).execute();
};

/** How many answers the form has. */
export const answerCount = async (db: Db, formId: number): Promise<number> =>
  (
    await db
      .selectFrom('answers')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('form_id', '=', formId)
      .executeTakeFirstOrThrow()
  ).n;

export const formHasAnswers = async (db: Db, formId: number): Promise<boolean> =>
  Boolean(await db.selectFrom('answers').select('id').where('form_id', '=', formId).executeTakeFirst());

/** Which of these agreements exist. */
export const knownAgreementIds = async (db: Db, ids: number[]): Promise<number[]> =>
  (await db.selectFrom('agreements').select('id').where('id', 'in', ids).execute()).map((a) => a.id);
