import type { Banner, Contact, contentMethods, Department, News, Storage } from '@portal/contract';
import type { Selectable } from 'kysely';
import { sql } from 'kysely';
import { AppError } from '../../rest/app-error.js';
import type { Handlers, RestContext } from '../../rest/context.js';
import { sameHash } from '../auth/index.js';
import { containsPattern, paged } from '../../rest/paging.js';
import type { BannersTable, ContactsTable, DepartmentsTable, NewsTable, StoragesTable } from './tables.js';
import './tables.js';

const notFound = () => new AppError('NOT_FOUND', 'error.notFound');

type NewsRow = Selectable<NewsTable> & { is_view: boolean };

function toNews(row: NewsRow, withDetail: boolean, share = false): News {
  return {
    id: row.id,
    src: `/news/${row.id}/`,
    shareSrc: share ? `/news/${row.id}/${row.access_key}/` : '',
    date: new Date(row.published_at).toISOString(),
    isView: row.is_view,
    title: row.title,
    previewText: row.preview_text,
    detailText: withDetail ? row.detail_text : '',
    image: { preview: row.preview_image, detail: row.detail_image },
  };
}

const toBanner = (r: Selectable<BannersTable>): Banner => ({
  id: r.id,
  img: r.img,
  link: r.link,
  name: r.name,
  text: r.text,
});

const toDepartment = (r: Selectable<DepartmentsTable>): Department => ({
  id: r.id,
  name: r.name,
  parentSectionId: r.parent_id ?? 0,
  description: r.description,
});

const toContact = (r: Selectable<ContactsTable>): Contact => ({
  id: r.id,
  name: r.name,
  jobTitle: r.job_title,
  phone: r.phone,
  email: r.email,
  sectionId: r.department_id,
  img: r.img,
});

const toStorage = (r: Selectable<StoragesTable>): Storage => ({
  id: r.id,
  name: r.name,
  address: r.address,
  coordinate: r.lat !== null && r.lon !== null ? { lat: Number(r.lat), lon: Number(r.lon) } : null,
  working: r.working,
  description: r.description,
  email: r.emails,
  phone: r.phones,
  images: { preview: r.preview, gallery: r.gallery ?? [], scheme: r.scheme },
});

/** A banner's period holds today (Moscow, where the supplier works); open ends always hold. */
const inPeriod = sql<boolean>`(active_from IS NULL OR active_from <= (now() AT TIME ZONE 'Europe/Moscow')::date)
  AND (active_to IS NULL OR active_to >= (now() AT TIME ZONE 'Europe/Moscow')::date)`;

/** Whether the caller has read a news item: a signed-in user's own mark; nobody else has one. */
function isViewExpr(ctx: RestContext) {
  const userId = ctx.actor?.id ?? 0;
  return sql<boolean>`EXISTS (SELECT 1 FROM news_views v WHERE v.news_id = news.id AND v.user_id = ${userId})`.as(
    'is_view',
  );
}

export const contentHandlers: Handlers<typeof contentMethods> = {
  /** Newest first; the list carries no detail text, so the dashboard's six items stay small. */
  async 'news/list'(input, ctx) {
    let query = ctx.db.selectFrom('news').where('news.active', '=', true);
    const search = input?.filter?.search;
    if (search) {
      const pattern = containsPattern(search);
      query = query.where((eb) =>
        eb.or([eb('news.title', 'ilike', pattern), eb('news.preview_text', 'ilike', pattern)]),
      );
    }
    if (input?.filter?.isView !== undefined) {
      const seen = sql<boolean>`EXISTS (SELECT 1 FROM news_views v WHERE v.news_id = news.id AND v.user_id = ${ctx.actor?.id ?? 0})`;
      query = query.where(input.filter.isView ? seen : sql<boolean>`NOT ${seen}`);
    }
    const count = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const direction = input?.sort?.ID ?? input?.sort?.DATE ?? 'DESC';
    const byId = input?.sort?.ID !== undefined && input?.sort?.DATE === undefined;
    let rows = query
      .selectAll('news')
      .select(isViewExpr(ctx))
      .orderBy(byId ? 'news.id' : 'news.published_at', direction === 'ASC' ? 'asc' : 'desc')
      .orderBy('news.id', direction === 'ASC' ? 'asc' : 'desc');
    rows = paged(rows, input);
    const items = (await rows.execute()).map((r) => toNews(r, false));
    return { count: Number(count.n), items };
  },

  /**
   * A signed-in user opens any published item and it is marked read for them. A valid access_key opens
   * the item without signing in; a wrong key is answered like a missing item.
   */
  async 'news/get'(input, ctx) {
    const row = await ctx.db
      .selectFrom('news')
      .selectAll('news')
      .select(isViewExpr(ctx))
      .where('news.id', '=', input.id)
      .where('news.active', '=', true)
      .executeTakeFirst();
    if (!row) throw notFound();
    const key = input.access_key ?? '';
    if (key && !sameHash(Buffer.from(key).toString('hex'), Buffer.from(row.access_key).toString('hex'))) {
      throw notFound();
    }
    if (!ctx.actor && !key) throw new AppError('UNAUTHORIZED', 'error.unauthorized');
    if (ctx.actor) {
      await ctx.db
        .insertInto('news_views')
        .values({ news_id: row.id, user_id: ctx.actor.id })
        .onConflict((oc) => oc.columns(['user_id', 'news_id']).doNothing())
        .execute();
      row.is_view = true;
    }
    return toNews(row, true, Boolean(ctx.actor));
  },

  /** Active banners within their period (migration 0120), the days taken in Moscow time. */
  async 'banner/list'(input, ctx) {
    const base = ctx.db.selectFrom('banners').where('active', '=', true).where(inPeriod);
    const count = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    let rows = base.selectAll().orderBy('sort').orderBy('id');
    rows = paged(rows, input);
    return { count: Number(count.n), items: (await rows.execute()).map(toBanner) };
  },

  async 'banner/get'(input, ctx) {
    const row = await ctx.db
      .selectFrom('banners')
      .selectAll()
      .where('id', '=', input.id)
      .where('active', '=', true)
      .where(inPeriod)
      .executeTakeFirst();
    if (!row) throw notFound();
    return toBanner(row);
  },

  /** The url is already checked by the contract (no `..`, no encoded characters): an exact lookup. */
  async 'page/get'(input, ctx) {
    const row = await ctx.db
      .selectFrom('pages')
      .select(['url', 'title', 'content'])
      .where('url', '=', input.url)
      .where('active', '=', true)
      .executeTakeFirst();
    if (!row) throw notFound();
    return row;
  },

  async 'faq/list'(input, ctx) {
    let base = ctx.db.selectFrom('faq').where('active', '=', true);
    const search = input?.filter?.search;
    if (search) {
      const pattern = containsPattern(search);
      base = base.where((eb) => eb.or([eb('question', 'ilike', pattern), eb('answer', 'ilike', pattern)]));
    }
    const count = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    let rows = base.select(['id', 'question', 'answer']).orderBy('sort').orderBy('id');
    rows = paged(rows, input);
    const items = (await rows.execute()).map((r) => ({ id: r.id, questionText: r.question, answerText: r.answer }));
    return { count: Number(count.n), items };
  },

  async 'departments/list'(input, ctx) {
    const count = await ctx.db
      .selectFrom('departments')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    let rows = ctx.db.selectFrom('departments').selectAll().orderBy('sort').orderBy('id');
    rows = paged(rows, input);
    return { count: Number(count.n), items: (await rows.execute()).map(toDepartment) };
  },

  async 'departments/get'(input, ctx) {
    const row = await ctx.db.selectFrom('departments').selectAll().where('id', '=', input.id).executeTakeFirst();
    if (!row) throw notFound();
    return toDepartment(row);
  },

  async 'contacts/list'(input, ctx) {
    let base = ctx.db.selectFrom('contacts');
    if (input?.filter?.sectionId) base = base.where('department_id', '=', input.filter.sectionId);
    const search = input?.filter?.search;
    if (search) {
      const pattern = containsPattern(search);
      base = base.where((eb) => eb.or([eb('name', 'ilike', pattern), eb('job_title', 'ilike', pattern)]));
    }
    const count = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    let rows = base.selectAll().orderBy('department_id').orderBy('sort').orderBy('id');
    rows = paged(rows, input);
    return { count: Number(count.n), items: (await rows.execute()).map(toContact) };
  },

  async 'contacts/get'(input, ctx) {
    const row = await ctx.db.selectFrom('contacts').selectAll().where('id', '=', input.id).executeTakeFirst();
    if (!row) throw notFound();
    return toContact(row);
  },

  async 'storage/list'(input, ctx) {
    const base = ctx.db.selectFrom('storages').where('active', '=', true);
    const count = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    let rows = base.selectAll().orderBy('sort').orderBy('id');
    rows = paged(rows, input);
    return { count: Number(count.n), items: (await rows.execute()).map(toStorage) };
  },

  async 'storage/get'(input, ctx) {
    const row = await ctx.db
      .selectFrom('storages')
      .selectAll()
      .where('id', '=', input.id)
      .where('active', '=', true)
      .executeTakeFirst();
    if (!row) throw notFound();
    return toStorage(row);
  },
};
