import { randomBytes } from 'node:crypto';
import type {
  BannerAdmin,
  ContactAdmin,
  ContentImage,
  contentAdminMethods,
  DepartmentAdmin,
  FaqAdmin,
  NewsAdmin,
  PageAdmin,
  StorageAdmin,
} from '@portal/contract';
import type { Selectable } from 'kysely';
import sharp from 'sharp';
import type { Db } from '../../db/database.js';
import { AppError, invalidFields, notFound } from '../../rest/app-error.js';
import type { Language } from '@portal/contract';
import { inTransaction, type Handlers } from '../../rest/context.js';
import { recordAudit } from '../audit/index.js';
import type { FormAdminMethod } from '../forms/index.js';
import { cleanName, detectType } from '../files/index.js';
import { crud } from './admin-crud.js';
import {
  contactsInDepartment,
  deleteDepartment,
  departmentExists,
  departmentForUpdate,
  departmentHasChildren,
  departmentHasContacts,
  departmentParents,
  departmentsAdminPage,
  insertDepartment,
  pageUrlTaken,
  updateDepartment,
} from './queries.js';
import { sanitizeContentHtml } from './sanitize.js';
import type { BannersTable, ContactsTable, DepartmentsTable, NewsTable, StoragesTable } from './tables.js';
import './tables.js';

/**
 * The back office's content editing (decision 120). Every write is one transaction with its audit line
 * (decision 101); every HTML field is sanitised here before it is stored (decision 031, defence in depth).
 */

const json = (image: ContentImage | null) => (image ? JSON.stringify(image) : null);
const day = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString().slice(0, 10));
const count = (n: unknown) => Number(n);

/* ── News ─────────────────────────────────────────────────────────────────────────────────────────── */

const toNewsAdmin = (r: Selectable<NewsTable>): NewsAdmin => ({
  id: r.id,
  title: r.title,
  date: day(r.published_at)!,
  previewText: r.preview_text,
  detailText: r.detail_text,
  previewImage: r.preview_image,
  detailImage: r.detail_image,
  active: r.active,
  src: `/news/${r.id}/`,
});

/** The day chosen, at the present moment when it is today (so the newest item is first), else at noon UTC. */
function publishedAt(date: string, previous?: Date): Date {
  if (previous && day(previous) === date) return previous;
  const now = new Date();
  return day(now) === date ? now : new Date(`${date}T12:00:00Z`);
}

/* ── Banners ──────────────────────────────────────────────────────────────────────────────────────── */

const toBannerAdmin = (r: Selectable<BannersTable>): BannerAdmin => ({
  id: r.id,
  name: r.name,
  text: r.text,
  link: r.link,
  img: r.img,
  sort: r.sort,
  active: r.active,
  activeFrom: day(r.active_from),
  activeTo: day(r.active_to),
});

/* ── Warehouses ───────────────────────────────────────────────────────────────────────────────────── */

const toStorageAdmin = (r: Selectable<StoragesTable>): StorageAdmin => ({
  id: r.id,
  name: r.name,
  address: r.address,
  lat: r.lat === null ? null : Number(r.lat),
  lon: r.lon === null ? null : Number(r.lon),
  working: r.working,
  description: r.description,
  phones: r.phones,
  emails: r.emails,
  preview: r.preview,
  gallery: r.gallery ?? [],
  scheme: r.scheme,
  sort: r.sort,
  active: r.active,
});

const toContactAdmin = (r: Selectable<ContactsTable>): ContactAdmin => ({
  id: r.id,
  name: r.name,
  jobTitle: r.job_title,
  phone: r.phone,
  email: r.email,
  departmentId: r.department_id,
  img: r.img,
  sort: r.sort,
});

const toDepartmentAdmin = (r: Selectable<DepartmentsTable> & { contacts: unknown }): DepartmentAdmin => ({
  id: r.id,
  name: r.name,
  parentId: r.parent_id ?? 0,
  description: r.description,
  sort: r.sort,
  contacts: count(r.contacts),
});

/* ── Pictures ─────────────────────────────────────────────────────────────────────────────────────── */

const PICTURE_TYPES = new Map([
  ['image/jpeg', 'jpg'],
  ['image/png', 'png'],
  ['image/webp', 'webp'],
]);
export const CONTENT_PICTURE_PREFIX = 'content-pictures';

/* ── The row-by-row tables ───────────────────────────────────────────────────────────────────────────── */

type Methods = Handlers<typeof contentAdminMethods>;
type Fields<M extends keyof Methods> = Parameters<Methods[M]>[0] extends { fields: infer F } ? F : never;

const news = crud({
  table: 'news',
  entity: 'news',
  search: ['title', 'preview_text'],
  order: [
    ['published_at', 'desc'],
    ['id', 'desc'],
  ],
  view: toNewsAdmin,
  values: (f: Fields<'news/create'>, old) => ({
    title: f.title,
    published_at: publishedAt(f.date, old?.published_at),
    preview_text: sanitizeContentHtml(f.previewText),
    detail_text: sanitizeContentHtml(f.detailText),
    preview_image: json(f.previewImage),
    detail_image: json(f.detailImage),
    active: f.active,
    ...(old ? {} : { access_key: randomBytes(12).toString('hex') }),
  }),
});

const banners = crud({
  table: 'banners',
  entity: 'banner',
  search: ['name', 'text'],
  order: [
    ['sort', 'asc'],
    ['id', 'asc'],
  ],
  view: toBannerAdmin,
  values: (f: Fields<'banner/create'>) => ({
    name: f.name,
    text: f.text,
    link: f.link,
    img: json(f.img),
    sort: f.sort,
    active: f.active,
    active_from: f.activeFrom,
    active_to: f.activeTo,
  }),
});

const faq = crud({
  table: 'faq',
  entity: 'faq',
  search: ['question', 'answer'],
  order: [
    ['sort', 'asc'],
    ['id', 'asc'],
  ],
  view: (r): FaqAdmin => ({ ...r }),
  values: (f: Fields<'faq/create'>) => ({
    question: f.question,
    answer: sanitizeContentHtml(f.answer),
    sort: f.sort,
    active: f.active,
  }),
});

const pages = crud({
  table: 'pages',
  entity: 'page',
  search: ['url', 'title'],
  order: [
    ['url', 'asc'],
    ['id', 'asc'],
  ],
  view: (r): PageAdmin => ({ ...r }),
  values: (f: Fields<'page/create'>) => ({
    url: f.url,
    title: f.title,
    content: sanitizeContentHtml(f.content),
    active: f.active,
  }),
  async check(db, ctx, f, id) {
    if (await pageUrlTaken(db, f.url, id)) throw invalidFields(ctx.language, { 'fields.url': 'error.pageUrlTaken' });
  },
});

const storages = crud({
  table: 'storages',
  entity: 'storage',
  search: ['name', 'address'],
  order: [
    ['sort', 'asc'],
    ['id', 'asc'],
  ],
  view: toStorageAdmin,
  values: (f: Fields<'storage/create'>) => ({
    name: f.name,
    address: f.address,
    lat: f.lat,
    lon: f.lon,
    working: f.working,
    description: sanitizeContentHtml(f.description),
    phones: f.phones,
    emails: f.emails,
    preview: json(f.preview),
    gallery: JSON.stringify(f.gallery),
    scheme: json(f.scheme),
    sort: f.sort,
    active: f.active,
  }),
});

const contacts = crud({
  table: 'contacts',
  entity: 'contact',
  search: ['name', 'job_title', 'email', 'phone'],
  order: [
    ['department_id', 'asc'],
    ['sort', 'asc'],
    ['id', 'asc'],
  ],
  view: toContactAdmin,
  values: (f: Fields<'contacts/create'>) => ({
    name: f.name,
    job_title: f.jobTitle,
    phone: f.phone,
    email: f.email,
    department_id: f.departmentId,
    img: json(f.img),
    sort: f.sort,
  }),
  check: (db, ctx, f) => checkDepartment(db, ctx.language, f.departmentId),
});

/* ── Handlers ─────────────────────────────────────────────────────────────────────────────────────── */

/** The support forms' editing lives with the forms (`forms/admin.ts`); the rest of the back office's content is here. */
export const contentAdminHandlers: Omit<Handlers<typeof contentAdminMethods>, FormAdminMethod> = {
  /** One picture, its type decided by its bytes, stored under a random name and served publicly. */
  async 'content-image/upload'(_input, ctx) {
    if (ctx.files.length !== 1)
      throw new AppError('VALIDATION', ctx.files.length ? 'error.imageOne' : 'error.fileRequired');
    const file = ctx.files[0]!;
    if (file.data.length === 0)
      throw new AppError('VALIDATION', 'error.fileEmpty', { args: [cleanName(file.fileName)] });
    if (file.data.length > ctx.config.uploadMaxBytes) {
      throw new AppError('PAYLOAD_TOO_LARGE', 'error.fileTooLarge', {
        args: [cleanName(file.fileName), Math.round(ctx.config.uploadMaxBytes / 1024 / 1024)],
      });
    }
    const type = await detectType(file).catch(() => '');
    const ext = PICTURE_TYPES.get(type);
    if (!ext) throw new AppError('VALIDATION', 'error.imageType');
    const meta = await sharp(file.data, { limitInputPixels: 50_000_000 })
      .metadata()
      .catch(() => {
        throw new AppError('VALIDATION', 'error.imageType');
      });
    if (!meta.width || !meta.height) throw new AppError('VALIDATION', 'error.imageType');
    const turned = (meta.orientation ?? 1) >= 5;
    const name = `${randomBytes(16).toString('hex')}.${ext}`;
    await ctx.storage.put(`${CONTENT_PICTURE_PREFIX}/${name}`, file.data, type);
    const image = {
      src: `/upload/content/${name}`,
      width: turned ? meta.height : meta.width,
      height: turned ? meta.width : meta.height,
    };
    await recordAudit(ctx.db, ctx, { entity: 'content-image', id: name, action: 'upload', after: image });
    return image;
  },

  /* News, banners, FAQ, content pages, warehouses: one scaffold each (admin-crud.ts) */
  'news/admin-list': news.list,
  'news/create': news.create,
  'news/update': news.update,
  'news/delete': news.delete,
  'banner/admin-list': banners.list,
  'banner/create': banners.create,
  'banner/update': banners.update,
  'banner/delete': banners.delete,
  'faq/admin-list': faq.list,
  'faq/create': faq.create,
  'faq/update': faq.update,
  'faq/delete': faq.delete,
  'page/admin-list': pages.list,
  'page/create': pages.create,
  'page/update': pages.update,
  'page/delete': pages.delete,
  'storage/admin-list': storages.list,
  'storage/create': storages.create,
  'storage/update': storages.update,
  // An order that named the warehouse as its pickup point keeps its own copy of the address (decision 064).
  'storage/delete': storages.delete,

  /* Departments */
  async 'departments/admin-list'(input, ctx) {
    const { count, rows } = await departmentsAdminPage(ctx.db, input?.filter?.search, input);
    return { count, items: rows.map(toDepartmentAdmin) };
  },
  async 'departments/create'({ fields: f }, ctx) {
    return inTransaction(ctx, async (db) => {
      await checkParent(db, ctx.language, f.parentId, null);
      const row = await insertDepartment(db, f);
      const item = toDepartmentAdmin({ ...row, contacts: 0 });
      await recordAudit(db, ctx, { entity: 'department', id: row.id, action: 'create', after: item });
      return item;
    });
  },
  async 'departments/update'({ id, fields: f }, ctx) {
    return inTransaction(ctx, async (db) => {
      const old = await departmentForUpdate(db, id);
      if (!old) throw notFound();
      await checkParent(db, ctx.language, f.parentId, id);
      const row = await updateDepartment(db, id, f);
      const item = toDepartmentAdmin({ ...row, contacts: await contactsInDepartment(db, id) });
      await recordAudit(db, ctx, { entity: 'department', id, action: 'update', before: old, after: row });
      return item;
    });
  },
  async 'departments/delete'({ id }, ctx) {
    return inTransaction(ctx, async (db) => {
      const old = await departmentForUpdate(db, id);
      if (!old) throw notFound();
      if (await departmentHasContacts(db, id)) throw new AppError('CONFLICT', 'error.departmentHasContacts');
      if (await departmentHasChildren(db, id)) throw new AppError('CONFLICT', 'error.departmentHasChildren');
      await deleteDepartment(db, id);
      await recordAudit(db, ctx, { entity: 'department', id, action: 'delete', before: old });
      return { ok: true as const };
    });
  },

  /* Contacts */
  'contacts/admin-list': contacts.list,
  'contacts/create': contacts.create,
  'contacts/update': contacts.update,
  'contacts/delete': contacts.delete,
};

async function checkDepartment(db: Db, lang: Language, id: number) {
  if (!(await departmentExists(db, id)))
    throw invalidFields(lang, { 'fields.departmentId': 'error.departmentNotFound' });
}

/** A parent must exist and must not be the department itself or one inside it. */
async function checkParent(db: Db, lang: Language, parentId: number, self: number | null) {
  if (parentId === 0) return;
  if (parentId === self) throw invalidFields(lang, { 'fields.parentId': 'error.departmentParent' });
  const rows = await departmentParents(db);
  const parentOf = new Map(rows.map((r) => [r.id, r.parent_id]));
  if (!parentOf.has(parentId)) throw invalidFields(lang, { 'fields.parentId': 'error.departmentNotFound' });
  for (let at: number | null | undefined = parentId, steps = 0; at && steps < 1000; at = parentOf.get(at), steps++) {
    if (at === self) throw invalidFields(lang, { 'fields.parentId': 'error.departmentParent' });
  }
}
