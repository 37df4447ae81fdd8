import type { contentAdminMethods, ParsedInputOf } from '@portal/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { containsPattern, countAndPage, searchIn, type PageInput } from '../../rest/paging.js';
import './tables.js';

/**
 * The SQL of the content module: the public reads, then the back office's departments and checks (`admin.ts`
 * calls them; the row-by-row tables share one scaffold's queries, `admin-crud.ts`).
 */

/** A banner's period holds today (Moscow, where the supplier works); open ends always hold. */
const inPeriod = sql<boolean>`(active_from IS NULL OR active_from <= (now() AT TIME ZONE 'Europe/Moscow')::date)
  AND (active_to IS NULL OR active_to >= (now() AT TIME ZONE 'Europe/Moscow')::date)`;

/** Whether the user has read a news item: a signed-in user's own mark; nobody else (`userId` 0) has one. */
function isViewExpr(userId: number) {
  return sql<boolean>`EXISTS (SELECT 1 FROM news_views v WHERE v.news_id = news.id AND v.user_id = ${userId})`.as(
    'is_view',
  );
}

/** Published news by search and read mark, newest first (or as sorted), a page, and how many match. */
export async function newsPage(
  db: Db,
  userId: number,
  filter: { search?: string; isView?: boolean } | undefined,
  sort: { ID?: 'ASC' | 'DESC'; DATE?: 'ASC' | 'DESC' } | undefined,
  page: PageInput,
) {
  let query = db.selectFrom('news').where('news.active', '=', true);
  const search = filter?.search;
  if (search) {
    const pattern = containsPattern(search);
    query = query.where((eb) => eb.or([eb('news.title', 'ilike', pattern), eb('news.preview_text', 'ilike', pattern)]));
  }
  if (filter?.isView !== undefined) {
    const seen = sql<boolean>`EXISTS (SELECT 1 FROM news_views v WHERE v.news_id = news.id AND v.user_id = ${userId})`;
    query = query.where(filter.isView ? seen : sql<boolean>`NOT ${seen}`);
  }
  const direction = sort?.ID ?? sort?.DATE ?? 'DESC';
  const byId = sort?.ID !== undefined && sort?.DATE === undefined;
  return countAndPage(
    query,
    (q) =>
      q
        .selectAll('news')
        .select(isViewExpr(userId))
        .orderBy(byId ? 'news.id' : 'news.published_at', direction === 'ASC' ? 'asc' : 'desc')
        .orderBy('news.id', direction === 'ASC' ? 'asc' : 'desc'),
    page,
  );
}

/** A published news item with the user's read mark. */
export const publishedNews = (db: Db, userId: number, id: number) =>
  db
    .selectFrom('news')
    .selectAll('news')
    .select(isViewExpr(userId))
    .where('news.id', '=', id)
    .where('news.active', '=', true)
    .executeTakeFirst();

/** Marks the news item read for the user (once). */
export async function markNewsRead(db: Db, userId: number, newsId: number): Promise<void> {
  await db
    .insertInto('news_views')
    .values({ news_id: newsId, user_id: userId })
    .onConflict((oc) => oc.columns(['user_id', 'news_id']).doNothing())
    .execute();
}

/** Active banners within their period (migration 0120), a page, and how many. */
export async function bannersPage(db: Db, page: PageInput) {
  const base = db.selectFrom('banners').where('active', '=', true).where(inPeriod);
  return countAndPage(base, (q) => q.selectAll().orderBy('sort').orderBy('id'), page);
}

export const shownBanner = (db: Db, id: number) =>
  db
    .selectFrom('banners')
    .selectAll()
    .where('id', '=', id)
    .where('active', '=', true)
    .where(inPeriod)
    .executeTakeFirst();

export const activePage = (db: Db, url: string) =>
  db
    .selectFrom('pages')
    .select(['url', 'title', 'content'])
    .where('url', '=', url)
    .where('active', '=', true)
    .executeTakeFirst();

/** Active questions by search, a page, and how many match. */
export async function faqPage(db: Db, search: string | undefined, page: PageInput) {
  let base = db.selectFrom('faq').where('active', '=', true);
  if (search) {
    const pattern = containsPattern(search);
    base = base.where((eb) => eb.or([eb('question', 'ilike', pattern), eb('answer', 'ilike', pattern)]));
  }
  return countAndPage(base, (q) => q.select(['id', 'question', 'answer']).orderBy('sort').orderBy('id'), page);
}

export async function departmentsPage(db: Db, page: PageInput) {
  return countAndPage(db.selectFrom('departments'), (q) => q.selectAll().orderBy('sort').orderBy('id'), page);
}

export const departmentById = (db: Db, id: number) =>
  db.selectFrom('departments').selectAll().where('id', '=', id).executeTakeFirst();

/** Contacts by department and search, a page, and how many match. */
export async function contactsPage(
  db: Db,
  filter: { sectionId?: number; search?: string } | undefined,
  page: PageInput,
) {
  let base = db.selectFrom('contacts');
  if (filter?.sectionId) base = base.where('department_id', '=', filter.sectionId);
  const search = filter?.search;
  if (search) {
    const pattern = containsPattern(search);
    base = base.where((eb) => eb.or([eb('name', 'ilike', pattern), eb('job_title', 'ilike', pattern)]));
  }
  return countAndPage(base, (q) => q.selectAll().orderBy('department_id').orderBy('sort').orderBy('id'), page);
}

export const contactById = (db: Db, id: number) =>
  db.selectFrom('contacts').selectAll().where('id', '=', id).executeTakeFirst();

export async function storagesPage(db: Db, page: PageInput) {
  const base = db.selectFrom('storages').where('active', '=', true);
  return countAndPage(base, (q) => q.selectAll().orderBy('sort').orderBy('id'), page);
}

export const activeStorage = (db: Db, id: number) =>
  db.selectFrom('storages').selectAll().where('id', '=', id).where('active', '=', true).executeTakeFirst();

/* ── The back office ──────────────────────────────────────────────────────────────────────────────── */

/** Departments by search with their contact count, a page, and how many match. */
export async function departmentsAdminPage(db: Db, search: string | undefined, page: PageInput) {
  const base = db.selectFrom('departments').where(searchIn(search, ['name']));
  return countAndPage(
    base,
    (q) =>
      q
        .selectAll('departments')
        .select(sql<number>`(SELECT count(*) FROM contacts c WHERE c.department_id = departments.id)`.as('contacts'))
        .orderBy('sort')
        .orderBy('id'),
    page,
  );
}

type DepartmentFields = ParsedInputOf<(typeof contentAdminMethods)['departments/create']>['fields'];

const departmentColumns = (f: DepartmentFields) => ({
  name: f.name,
  parent_id: f.parentId || null,
  description: f.description,
  sort: f.sort,
});

export const insertDepartment = (db: Db, f: DepartmentFields) =>
  db.insertInto('departments').values(departmentColumns(f)).returningAll().executeTakeFirstOrThrow();

/** The department, locked for the caller's transaction (an update or a delete). */
export const departmentForUpdate = (db: Db, id: number) =>
  db.selectFrom('departments').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();

export const updateDepartment = (db: Db, id: number, f: DepartmentFields) =>
  db.updateTable('departments').set(departmentColumns(f)).where('id', '=', id).returningAll().executeTakeFirstOrThrow();

export async function contactsInDepartment(db: Db, id: number): Promise<number> {
  const { n } = await db
    .selectFrom('contacts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('department_id', '=', id)
    .executeTakeFirstOrThrow();
  return Number(n);
}

export const departmentHasContacts = async (db: Db, id: number) =>
  (await db.selectFrom('contacts').select('id').where('department_id', '=', id).executeTakeFirst()) !== undefined;

export const departmentHasChildren = async (db: Db, id: number) =>
  (await db.selectFrom('departments').select('id').where('parent_id', '=', id).executeTakeFirst()) !== undefined;

export const deleteDepartment = (db: Db, id: number) => db.deleteFrom('departments').where('id', '=', id).execute();

export const departmentExists = async (db: Db, id: number) =>
  (await db.selectFrom('departments').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;

/** Every department's parent, to walk the tree. */
export const departmentParents = (db: Db) => db.selectFrom('departments').select(['id', 'parent_id']).execute();

/** Whether another page (not `self`) has this address. */
export async function pageUrlTaken(db: Db, url: string, self: number | null): Promise<boolean> {
  let taken = db.selectFrom('pages').select('id').where('url', '=', url);
  if (self !== null) taken = taken.where('id', '<>', self);
  return (await taken.executeTakeFirst()) !== undefined;
}

/** A warehouse of the «Склады» page as a pickup point of an order (decision 064). */
export interface PickupPoint {
  id: number;
  name: string;
  address: string;
  working: string;
}

/** The active warehouses in the order of the «Склады» page: where a dealer may collect a pickup order. */
export async function pickupPoints(db: Db): Promise<PickupPoint[]> {
  return db
    .selectFrom('storages')
    .select(['id', 'name', 'address', 'working'])
    .where('active', '=', true)
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

/** Active content pages (docs/spec/02-screens.md `/{path}`), for the menu: url and title, in title order. */
export async function listContentPages(db: Db): Promise<Array<{ url: string; title: string }>> {
  return db
    .selectFrom('pages')
    .select(['url', 'title'])
    .where('active', '=', true)
    .orderBy('title')
    .limit(50)
    .execute();
}
