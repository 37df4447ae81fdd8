import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Role, type PortalFile } from '@portal/contract';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { sql, type Selectable } from 'kysely';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import { AppError, notFound } from '../../rest/app-error.js';
import type { UploadedFile } from '../../rest/context.js';
import type { Actor } from '../auth/actor.js';
import type { FilesTable } from '../orders/tables.js';
import '../orders/tables.js';

export type FileRow = Selectable<FilesTable>;

/** Types a dealer may attach, decided by the bytes. Images get a preview. */
const ALLOWED = new Map<string, string>([
  ['image/jpeg', 'jpg'],
  ['image/png', 'png'],
  ['image/webp', 'webp'],
  ['application/pdf', 'pdf'],
  ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'xlsx'],
  ['application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'docx'],
  ['application/x-cfb', 'xls'],
  // Orders imported from XML (spec §2 /basket/xml); served only as an attachment.
  ['application/xml', 'xml'],
  ['text/xml', 'xml'],
]);
/** Served inline; everything else is an attachment. */
export const SAFE_INLINE = new Set(['image/jpeg', 'image/png', 'image/webp']);

export const filesDir = (config: Config) => path.join(config.dataDir, 'files');

/** Plain text has no magic number: accepted when it is valid UTF-8 without control bytes. */
function isPlainText(data: Buffer): boolean {
  if (data.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    return false;
  }
  // eslint-disable-next-line no-control-regex
  return !/[\x01-\x08\x0e-\x1f\x7f]/.test(data.toString('utf8'));
}

export async function detectType(file: UploadedFile): Promise<string> {
  const detected = await fileTypeFromBuffer(file.data);
  if (detected && ALLOWED.has(detected.mime)) return detected.mime;
  if (!detected && isPlainText(file.data)) return 'text/plain';
  throw new AppError('VALIDATION', 'error.fileType', { args: [file.fileName] });
}

/** A name safe to keep and show: no path, no control characters, bounded. */
export function cleanName(name: string): string {
  // eslint-disable-next-line no-control-regex
  const base = (name.split(/[\\/]/).pop() ?? '').replace(/[\x00-\x1f\x7f]/g, '').trim();
  return (base || 'file').slice(0, 200);
}

/**
 * Checks every upload first and then writes them all, so a bad file among good ones saves nothing.
 * Photos get a preview of at most 320 px made with sharp.
 */
export async function saveUploads(db: Db, config: Config, actor: Actor, uploads: UploadedFile[]): Promise<FileRow[]> {
  if (uploads.length === 0) throw new AppError('VALIDATION', 'error.fileRequired');
  const checked: Array<{ file: UploadedFile; type: string }> = [];
  for (const file of uploads) {
    if (file.data.length === 0)
      throw new AppError('VALIDATION', 'error.fileEmpty', { args: [cleanName(file.fileName)] });
    if (file.data.length > config.uploadMaxBytes) {
      throw new AppError('PAYLOAD_TOO_LARGE', 'error.fileTooLarge', {
        args: [cleanName(file.fileName), Math.round(config.uploadMaxBytes / 1024 / 1024)],
      });
    }
    checked.push({ file, type: await detectType(file) });
  }
  const dir = filesDir(config);
  await mkdir(dir, { recursive: true });
  const written: string[] = [];
  try {
    const values = [];
    for (const { file, type } of checked) {
      const key = `${randomBytes(16).toString('hex')}.${ALLOWED.get(type) ?? 'txt'}`;
      await writeFile(path.join(dir, key), file.data);
      written.push(key);
      let previewKey: string | null = null;
      if (SAFE_INLINE.has(type)) {
        previewKey = key.replace(/\.(\w+)$/, '-preview.$1');
        await writeFile(path.join(dir, previewKey), await previewOf(file, type));
        written.push(previewKey);
      }
      values.push({
        user_id: actor.id,
        name: cleanName(file.fileName),
        content_type: type,
        size: file.data.length,
        storage_key: key,
        preview_key: previewKey,
      });
    }
    return await db.insertInto('files').values(values).returningAll().execute();
  } catch (err) {
    await Promise.all(written.map((k) => rm(path.join(dir, k), { force: true })));
    throw err;
  }
}

/** Longest side of an image preview, in pixels. */
const PREVIEW_SIZE = 320;

/**
 * A small copy of a photo in its own format, upright (EXIF orientation applied). libvips works off the event
 * loop; an image too large to decode or not decodable at all is refused like any other bad file.
 */
async function previewOf(file: UploadedFile, type: string): Promise<Buffer> {
  try {
    const image = sharp(file.data, { limitInputPixels: 50_000_000 })
      .rotate()
      .resize(PREVIEW_SIZE, PREVIEW_SIZE, { fit: 'inside', withoutEnlargement: true });
    if (type === 'image/png') return await image.png().toBuffer();
    if (type === 'image/webp') return await image.webp({ quality: 80 }).toBuffer();
    return await image.jpeg({ quality: 80 }).toBuffer();
  } catch {
    throw new AppError('VALIDATION', 'error.fileType', { args: [cleanName(file.fileName)] });
  }
}

export function toFileView(row: FileRow): PortalFile {
  return {
    id: row.id,
    name: row.name,
    contentType: row.content_type,
    size: row.size,
    dateCreate: new Date(row.created_at).toISOString(),
    src: `/files/${row.id}/download`,
    preview: row.preview_key ? `/files/${row.id}/preview` : null,
  };
}

export const isStaff = (actor: Actor) => (actor.roles & (Role.ADMINS | Role.EMPLOYEES)) !== 0;

/** Files by id, in the order asked, skipping any that are gone. */
export async function loadFileViews(db: Db, ids: number[]): Promise<Map<number, PortalFile>> {
  const map = new Map<number, PortalFile>();
  if (ids.length === 0) return map;
  const rows = await db.selectFrom('files').selectAll().where('id', 'in', ids).execute();
  for (const row of rows) map.set(row.id, toFileView(row));
  return map;
}

export const pick = (map: Map<number, PortalFile>, ids: number[]) =>
  ids.map((id) => map.get(id)).filter((f): f is PortalFile => Boolean(f));

/** Attachments must be the caller's own uploads; anything else is refused as a whole. */
export async function assertOwnFiles(db: Db, actor: Actor, ids: number[] | undefined): Promise<number[]> {
  const unique = [...new Set(ids ?? [])];
  if (unique.length === 0) return [];
  const rows = await db
    .selectFrom('files')
    .select('id')
    .where('id', 'in', unique)
    .where('user_id', '=', actor.id)
    .execute();
  if (rows.length !== unique.length) {
    throw new AppError('VALIDATION', 'error.fileNotYours');
  }
  return unique;
}

const fileRef = (id: number) => JSON.stringify([id]);

/**
 * Who may open a file: its owner; staff, when it is attached to a return, a comment or an appeal they
 * handle (staff handle all of them); a dealer, when it is attached to their own return or a comment on it.
 */
export async function findOpenableFile(db: Db, actor: Actor, id: number): Promise<FileRow | undefined> {
  const row = await db.selectFrom('files').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  if (row.user_id === actor.id) return row;
  const ref = fileRef(id);
  const staff = isStaff(actor);
  const onReturn = await db
    .selectFrom('good_returns as r')
    .select('r.id')
    .where(sql<boolean>`r.file_ids @> ${ref}::jsonb`)
    .$if(!staff, (q) => q.where('r.user_id', '=', actor.id))
    .executeTakeFirst();
  if (onReturn) return row;
  const onComment = await db
    .selectFrom('good_return_comments as c')
    .innerJoin('good_returns as r', 'r.id', 'c.good_return_id')
    .select('c.id')
    .where(sql<boolean>`c.file_ids @> ${ref}::jsonb`)
    .$if(!staff, (q) => q.where('r.user_id', '=', actor.id))
    .executeTakeFirst();
  return onComment ? row : undefined;
}

export async function isFileInUse(db: Db, id: number): Promise<boolean> {
  const ref = fileRef(id);
  const a = await db
    .selectFrom('good_returns')
    .select('id')
    .where(sql<boolean>`file_ids @> ${ref}::jsonb`)
    .executeTakeFirst();
  if (a) return true;
  const b = await db
    .selectFrom('good_return_comments')
    .select('id')
    .where(sql<boolean>`file_ids @> ${ref}::jsonb`)
    .executeTakeFirst();
  return Boolean(b);
}

export async function readStored(config: Config, key: string): Promise<Buffer> {
  return readFile(path.join(filesDir(config), path.basename(key)));
}

export async function removeStored(config: Config, row: FileRow): Promise<void> {
  await rm(path.join(filesDir(config), path.basename(row.storage_key)), { force: true });
  if (row.preview_key && row.preview_key !== row.storage_key) {
    await rm(path.join(filesDir(config), path.basename(row.preview_key)), { force: true });
  }
}

/** RFC 6266 / RFC 5987: an ASCII fallback plus the UTF-8 name. */
export function contentDisposition(kind: 'inline' | 'attachment', name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/*
 * What the ordering module needs of stored files: its generated spreadsheets (order, bill) and the
 * dealer's own uploads for import. Same storage, same download route and access rules as every file.
 */

/** Writes a file the server generated (an order or bill spreadsheet) and records its owner. */
export async function saveGenerated(
  config: Config,
  db: Db,
  userId: number,
  name: string,
  contentType: string,
  data: Buffer,
): Promise<FileRow> {
  const key = randomBytes(16).toString('hex');
  await mkdir(filesDir(config), { recursive: true });
  await writeFile(path.join(filesDir(config), key), data);
  return db
    .insertInto('files')
    .values({ user_id: userId, name: cleanName(name), content_type: contentType, size: data.length, storage_key: key })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** One of the user's own files; another user's is answered as missing. */
export async function ownFile(db: Db, userId: number, id: number): Promise<FileRow> {
  const row = await db
    .selectFrom('files')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

export const readStoredFile = (config: Config, key: string) =>
  readStored(config, key).catch(() => {
    throw notFound();
  });

export const downloadPath = (row: FileRow) => toFileView(row).src;
export const toPortalFile = toFileView;
