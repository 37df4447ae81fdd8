import { sql, type Selectable } from 'kysely';
import type { Db } from '../../db/database.js';
import { countAndPage, type PageInput } from '../../rest/paging.js';
import type { ProductFilter } from '@portal/contract';
import type { PriceListJobsTable, PriceListLinksTable, PriceListMailTable } from './tables.js';
import './tables.js';

export type PriceListLinkRow = Selectable<PriceListLinksTable>;

export async function insertLink(
  db: Db,
  values: { userId: number; prefix: string; tokenHash: string; days: number },
): Promise<PriceListLinkRow> {
  return db
    .insertInto('price_list_links')
    .values({
      user_id: values.userId,
      prefix: values.prefix,
      token_hash: values.tokenHash,
      expires_at: sql<Date>`now() + make_interval(days => ${values.days})`,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function countActiveLinks(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('price_list_links')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function listLinks(db: Db, userId: number, input: PageInput) {
  return countAndPage(
    db.selectFrom('price_list_links').where('user_id', '=', userId),
    (q) => q.selectAll().orderBy('id', 'desc'),
    input,
  );
}

export const linkById = (db: Db, id: number) =>
  db.selectFrom('price_list_links').selectAll().where('id', '=', id).executeTakeFirst();

export async function revokeLink(db: Db, id: number): Promise<void> {
  await db
    .updateTable('price_list_links')
    .set({ revoked_at: sql<Date>`now()` })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .execute();
}

/**
 * The owner of a live link with this hash, marking it used, in one statement: a revoked, expired or unknown
 * link finds nothing.
 */
export async function useLink(db: Db, tokenHash: string): Promise<number | null> {
  const row = await db
    .updateTable('price_list_links')
    .set({ last_used_at: sql<Date>`now()` })
    .where('token_hash', '=', tokenHash)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .returning('user_id')
    .executeTakeFirst();
  return row?.user_id ?? null;
}

export type PriceListJobRow = Selectable<PriceListJobsTable>;

/** What a price-list job builds, stored with it: the section's subtree, in stock only, the screen's filter. */
export interface PriceListScope {
  sectionIds: number[] | null;
  inStock: boolean;
  filter: ProductFilter | null;
  /**
   * The price type and payment method the request was priced at (`priceTypeId:paySystemId`): part of what makes
   * two requests the same one. The build reads the owner's prices anew; absent in jobs made before it.
   */
  prices?: string;
}

export async function insertPriceListJob(
  db: Db,
  values: { userId: number; format: string; scope: PriceListScope; rowsTotal: number },
): Promise<PriceListJobRow> {
  return db
    .insertInto('price_list_jobs')
    .values({
      user_id: values.userId,
      format: values.format,
      scope: JSON.stringify(values.scope),
      rows_total: values.rowsTotal,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Serialises one user's price-list requests until the transaction ends, so that simultaneous requests see each
 * other's jobs (the per-user cap and deduplication in `price-list-job/create`).
 */
export async function lockUsersPriceListJobs(db: Db, userId: number): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtext('price-list-jobs'), ${userId})`.execute(db);
}

/** The user's jobs still queued or running, oldest first. */
export async function activePriceListJobs(db: Db, userId: number): Promise<PriceListJobRow[]> {
  return db
    .selectFrom('price_list_jobs')
    .selectAll()
    .where('user_id', '=', userId)
    .where('state', 'in', ['queued', 'running'])
    .orderBy('id')
    .execute();
}

/** The user's own job; another's answers as missing. */
export async function ownPriceListJob(db: Db, userId: number, id: number): Promise<PriceListJobRow | undefined> {
  return db
    .selectFrom('price_list_jobs')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export async function priceListJobById(db: Db, id: number): Promise<PriceListJobRow | undefined> {
  return db.selectFrom('price_list_jobs').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function startPriceListJob(db: Db, id: number): Promise<void> {
  await db
    .updateTable('price_list_jobs')
    .set({ state: 'running', rows_done: 0, error: null })
    .where('id', '=', id)
    .execute();
}

export async function priceListJobProgress(db: Db, id: number, rowsDone: number): Promise<void> {
  await db.updateTable('price_list_jobs').set({ rows_done: rowsDone }).where('id', '=', id).execute();
}

export async function finishPriceListJob(
  db: Db,
  id: number,
  values: { storageKey: string; size: number; rowsDone: number; hours: number },
): Promise<PriceListJobRow> {
  return db
    .updateTable('price_list_jobs')
    .set({
      state: 'done',
      storage_key: values.storageKey,
      size: values.size,
      rows_done: values.rowsDone,
      finished_at: sql<Date>`now()`,
      expires_at: sql<Date>`now() + make_interval(hours => ${values.hours})`,
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function failPriceListJob(db: Db, id: number, state: 'queued' | 'failed', error: string): Promise<void> {
  await db
    .updateTable('price_list_jobs')
    .set({ state, error, ...(state === 'failed' ? { finished_at: sql<Date>`now()` } : {}) })
    .where('id', '=', id)
    .execute();
}

/** Files of jobs past their expiry, still stored: removed from storage, then forgotten here. */
export async function expiredPriceListFiles(db: Db, limit: number): Promise<Array<{ id: number; key: string }>> {
  const rows = await db
    .selectFrom('price_list_jobs')
    .select(['id', 'storage_key'])
    .where('storage_key', 'is not', null)
    .where('expires_at', '<', sql<Date>`now()`)
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ id: r.id, key: r.storage_key! }));
}

export async function forgetPriceListFile(db: Db, id: number): Promise<void> {
  await db.updateTable('price_list_jobs').set({ storage_key: null }).where('id', '=', id).execute();
}

/** The user's own ready file, not yet expired: what GET /pricelist/jobs/{id} sends. */
export async function readyPriceListFile(db: Db, userId: number, id: number): Promise<PriceListJobRow | undefined> {
  return db
    .selectFrom('price_list_jobs')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('state', '=', 'done')
    .where('storage_key', 'is not', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
}

// The scheduled price-list e-mail (decision 219).

export type PriceListMailRow = Selectable<PriceListMailTable>;
export type PriceListMailSettings = Pick<PriceListMailRow, 'schedule' | 'weekday' | 'content' | 'format'>;

export async function mailSettingsOf(db: Db, userId: number): Promise<PriceListMailRow | undefined> {
  return db.selectFrom('price_list_mail').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

export async function saveMailSettings(db: Db, userId: number, s: PriceListMailSettings): Promise<PriceListMailRow> {
  return db
    .insertInto('price_list_mail')
    .values({ user_id: userId, ...s })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...s, updated_at: sql<Date>`now()` }))
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * The users whose e-mail is due in `period` (the supplier's day): daily ones, and weekly ones on their weekday,
 * that no tick has taken this period yet (the snapshot is read later, one user at a time).
 */
export async function dueMailUsers(db: Db, period: string, weekday: number): Promise<number[]> {
  const rows = await db
    .selectFrom('price_list_mail')
    .select('user_id')
    .where((eb) =>
      eb.or([eb('schedule', '=', 'daily'), eb.and([eb('schedule', '=', 'weekly'), eb('weekday', '=', weekday)])]),
    )
    .where((eb) => eb.or([eb('last_period', 'is', null), eb('last_period', '<>', period)]))
    .orderBy('user_id')
    .execute();
  return rows.map((r) => r.user_id);
}

/**
 * Takes the period for the user: one conditional update, so of two ticks (or two workers) only one gets the row
 * back and queues the mail in the same transaction; the other gets nothing and sends nothing (decision 219).
 * `snapshot` undefined keeps the stored one (nothing was sent: changes-only with no changes).
 */
export async function claimMailPeriod(
  db: Db,
  userId: number,
  period: string,
  snapshot: string | undefined,
): Promise<boolean> {
  const row = await db
    .updateTable('price_list_mail')
    .set({
      last_period: period,
      ...(snapshot !== undefined ? { snapshot, last_sent_at: sql<Date>`now()` } : {}),
    })
    .where('user_id', '=', userId)
    .where('schedule', '<>', 'off')
    .where(sql<boolean>`last_period IS DISTINCT FROM ${period}`)
    .returning('user_id')
    .executeTakeFirst();
  return row !== undefined;
}

/** A file the scheduled e-mail stored (above decision 232's threshold) as a done job row, downloaded by its owner. */
export async function insertMailedPriceListFile(
  db: Db,
  values: { userId: number; format: string; rows: number; storageKey: string; size: number; hours: number },
): Promise<PriceListJobRow> {
  return db
    .insertInto('price_list_jobs')
    .values({
      user_id: values.userId,
      format: values.format,
      scope: JSON.stringify({ mail: true }),
      state: 'done',
      rows_total: values.rows,
      rows_done: values.rows,
      storage_key: values.storageKey,
      size: values.size,
      finished_at: sql<Date>`now()`,
      expires_at: sql<Date>`now() + make_interval(hours => ${values.hours})`,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}
