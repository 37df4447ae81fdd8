import type { Banner, Contact, contentMethods, Department, News, Storage } from '@portal/contract';
import type { Selectable } from 'kysely';
import { AppError } from '../../rest/app-error.js';
import type { Handlers } from '../../rest/context.js';
import { sameHash } from '../auth/index.js';
import type { BannersTable, ContactsTable, DepartmentsTable, NewsTable, StoragesTable } from './tables.js';
import * as q from './queries.js';

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

export const contentHandlers: Handlers<typeof contentMethods> = {
  /** Newest first; the list carries no detail text, so the dashboard's six items stay small. */
  async 'news/list'(input, ctx) {
    const { count, rows } = await q.newsPage(ctx.db, ctx.actor?.id ?? 0, input?.filter, input?.sort, input);
    return { count, items: rows.map((r) => toNews(r, false)) };
  },

  /**
   * A signed-in user opens any published item and it is marked read for them. A valid access_key opens
   * the item without signing in; a wrong key is answered like a missing item.
   */
  async 'news/get'(input, ctx) {
    const row = await q.publishedNews(ctx.db, ctx.actor?.id ?? 0, input.id);
    if (!row) throw notFound();
    const key = input.access_key ?? '';
    if (key && !sameHash(Buffer.from(key).toString('hex'), Buffer.from(row.access_key).toString('hex'))) {
      throw notFound();
    }
    if (!ctx.actor && !key) throw new AppError('UNAUTHORIZED', 'error.unauthorized');
    if (ctx.actor) {
      await q.markNewsRead(ctx.db, ctx.actor.id, row.id);
      row.is_view = true;
    }
    return toNews(row, true, Boolean(ctx.actor));
  },

  /** Active banners within their period (migration 0120), the days taken in Moscow time. */
  async 'banner/list'(input, ctx) {
    const { count, rows } = await q.bannersPage(ctx.db, input);
    return { count, items: rows.map(toBanner) };
  },

  async 'banner/get'(input, ctx) {
    const row = await q.shownBanner(ctx.db, input.id);
    if (!row) throw notFound();
    return toBanner(row);
  },

  /** The url is already checked by the contract (no `..`, no encoded characters): an exact lookup. */
  async 'page/get'(input, ctx) {
    const row = await q.activePage(ctx.db, input.url);
    if (!row) throw notFound();
    return row;
  },

  async 'faq/list'(input, ctx) {
    const { count, rows } = await q.faqPage(ctx.db, input?.filter?.search, input);
    return { count, items: rows.map((r) => ({ id: r.id, questionText: r.question, answerText: r.answer })) };
  },

  async 'departments/list'(input, ctx) {
    const { count, rows } = await q.departmentsPage(ctx.db, input);
    return { count, items: rows.map(toDepartment) };
  },

  async 'departments/get'(input, ctx) {
    const row = await q.departmentById(ctx.db, input.id);
    if (!row) throw notFound();
    return toDepartment(row);
  },

  async 'contacts/list'(input, ctx) {
    const { count, rows } = await q.contactsPage(ctx.db, input?.filter, input);
    return { count, items: rows.map(toContact) };
  },

  async 'contacts/get'(input, ctx) {
    const row = await q.contactById(ctx.db, input.id);
    if (!row) throw notFound();
    return toContact(row);
  },

  async 'storage/list'(input, ctx) {
    const { count, rows } = await q.storagesPage(ctx.db, input);
    return { count, items: rows.map(toStorage) };
  },

  async 'storage/get'(input, ctx) {
    const row = await q.activeStorage(ctx.db, input.id);
    if (!row) throw notFound();
    return toStorage(row);
  },
};
