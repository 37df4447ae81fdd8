import { SUPPORT_FORM_CODE, type AnswerStatus } from '@portal/contract';
import { sql, type Insertable, type RawBuilder, type Updateable } from 'kysely';
import type { Db } from '../../db/database.js';
import { countAndPage, searchIn, type PageInput } from '../../rest/paging.js';
import type { FormsTable, StoredAnswerField } from './tables.js';
import './tables.js';

/** The SQL of the forms module: the back office's editing of the forms (`admin.ts`) first, then the handlers'. */

/** A page of the forms (by code or title), with each form's count of answers, and how many match. */
export async function formsPage(db: Db, search: string | undefined, page: PageInput) {
  const base = db.selectFrom('forms').where(searchIn(search, ['code', 'title']));
  return countAndPage(
    base,
    (q) =>
      q
        .selectAll('forms')
        .select(sql<number>`(SELECT count(*) FROM answers a WHERE a.form_id = forms.id)`.as('answers'))
        .orderBy('sort')
        .orderBy('id'),
    page,
  );
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

/* The SQL of the forms' handlers (`handlers.ts`): the forms, the answers, agreements and consents. */

/** The answers with their forms' code, titles, fields and translation. */
export const answerRows = (db: Db, ids: number[]) =>
  db
    .selectFrom('answers as a')
    .innerJoin('forms as f', 'f.id', 'a.form_id')
    .selectAll('a')
    .select(['f.code', 'f.title', 'f.title_en', 'f.fields', 'f.translation_en'])
    .where('a.id', 'in', ids)
    .execute();

/** The answer's id, if it exists (and, when `userId` is given, is that user's). */
export function answerId(db: Db, id: number, userId: number | null) {
  let q = db.selectFrom('answers').select('id').where('id', '=', id);
  if (userId !== null) q = q.where('user_id', '=', userId);
  return q.executeTakeFirst();
}

/** The forms (or the one with this code), in their order. */
export function formsByCode(db: Db, code: string | undefined) {
  let q = db.selectFrom('forms');
  if (code) q = q.where('code', '=', code);
  return q.selectAll().orderBy('sort').orderBy('id').execute();
}

/** The form with this id and/or code. */
export function formBy(db: Db, by: { id?: number; code?: string }) {
  let q = db.selectFrom('forms').selectAll();
  if (by.id !== undefined) q = q.where('id', '=', by.id);
  if (by.code !== undefined) q = q.where('code', '=', by.code);
  return q.executeTakeFirst();
}

/** Records the user's consent to the agreement (once). */
export async function addConsent(db: Db, userId: number, agreementId: number): Promise<void> {
  await db
    .insertInto('consents')
    .values({ user_id: userId, agreement_id: agreementId })
    .onConflict((oc) => oc.columns(['user_id', 'agreement_id']).doNothing())
    .execute();
}

export const insertAnswer = async (
  db: Db,
  formId: number,
  userId: number,
  userFields: StoredAnswerField[],
): Promise<number> =>
  (
    await db
      .insertInto('answers')
      .values({ form_id: formId, user_id: userId, user_fields: JSON.stringify(userFields) })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;

/** The answers (one user's, or everyone's when `userId` is null) by form code and status, and the staff's dealer condition. */
export function filteredAnswers(
  db: Db,
  userId: number | null,
  filter: { code?: string; status?: AnswerStatus } | undefined,
  byDealer: RawBuilder<boolean> | undefined,
) {
  let q = db.selectFrom('answers as a').innerJoin('forms as f', 'f.id', 'a.form_id');
  if (userId !== null) q = q.where('a.user_id', '=', userId);
  if (filter?.code) q = q.where('f.code', '=', filter.code);
  if (filter?.status) q = q.where('a.status', '=', filter.status);
  if (byDealer) q = q.where(byDealer);
  return q;
}

/** An employee's answer: the status and the answer fields. */
export async function answerAnswer(
  db: Db,
  id: number,
  status: AnswerStatus,
  adminFields: StoredAnswerField[],
): Promise<void> {
  await db
    .updateTable('answers')
    .set({ status, admin_fields: JSON.stringify(adminFields), updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

export const agreementId = (db: Db, id: number) =>
  db.selectFrom('agreements').select('id').where('id', '=', id).executeTakeFirst();

export const agreementCode = (db: Db, id: number) =>
  db.selectFrom('agreements').select('code').where('id', '=', id).executeTakeFirst();

/** The agreement with this id and/or code. */
export function agreementBy(db: Db, by: { id?: number; code?: string }) {
  let q = db.selectFrom('agreements').select(['id', 'code', 'title', 'text', 'title_en', 'text_en']);
  if (by.id !== undefined) q = q.where('id', '=', by.id);
  if (by.code !== undefined) q = q.where('code', '=', by.code);
  return q.executeTakeFirst();
}

export const consentOf = (db: Db, userId: number, agreementId: number) =>
  db
    .selectFrom('consents')
    .select(['id', 'agreement_id'])
    .where('user_id', '=', userId)
    .where('agreement_id', '=', agreementId)
    .executeTakeFirstOrThrow();

/** Withdraws the user's consent; its agreement, or undefined when it is not theirs or missing. */
export const deleteConsent = (db: Db, userId: number, id: number) =>
  db
    .deleteFrom('consents')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returning('agreement_id')
    .executeTakeFirst();

/**
 * The agreement with this code and the user's consent to it, if any (the mailing asks before subscribing);
 * `db` may be the caller's transaction.
 */
export async function consentTo(
  db: Db,
  agreementCode: string,
  userId: number,
): Promise<{ agreementId: number | null; consentId: number | null }> {
  const agreement = await db.selectFrom('agreements').select('id').where('code', '=', agreementCode).executeTakeFirst();
  if (!agreement) return { agreementId: null, consentId: null };
  const consent = await db
    .selectFrom('consents')
    .select('id')
    .where('user_id', '=', userId)
    .where('agreement_id', '=', agreement.id)
    .executeTakeFirst();
  return { agreementId: agreement.id, consentId: consent?.id ?? null };
}

/** Support appeals still «Новое»: the support list the dashboard's tile opens, filtered the same way. */
export async function countAppealsWaiting(db: Db): Promise<number> {
  const { n } = await db
    .selectFrom('answers as a')
    .innerJoin('forms as f', 'f.id', 'a.form_id')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('f.code', '=', SUPPORT_FORM_CODE)
    .where('a.status', '=', 'NEW')
    .executeTakeFirstOrThrow();
  return Number(n);
}
