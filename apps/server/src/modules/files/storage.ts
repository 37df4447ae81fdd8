import { createHash, randomBytes } from 'node:crypto';
import type { PortalFile } from '@portal/contract';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import { AppError, notFound } from '../../rest/app-error.js';
import type { UploadedFile } from '../../rest/context.js';
import { StorageNotFound, type FileStorage } from '../../storage/index.js';
import type { Actor } from '../auth/index.js';
import {
  countOwn,
  fileById,
  filesByIds,
  generatedFile,
  insertFiles,
  insertGeneratedFile,
  ownFileRow,
  type FileRow,
} from './queries.js';

export type { FileRow } from './queries.js';

/** Types a dealer may attach, decided by the bytes. Images get a preview. */
const ALLOWED = new Map<string, string>([
  ['image/jpeg', 'jpg'],
  ['image/png', 'png'],
  ['image/webp', 'webp'],
  ['application/pdf', 'pdf'],
  ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'xlsx'],
  ['application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'docx'],
  ['application/x-cfb', 'xls'],
  // Orders imported from XML (docs/spec/02-screens.md /basket/xml); served only as an attachment.
  ['application/xml', 'xml'],
  ['text/xml', 'xml'],
]);
/** Served inline; everything else is an attachment. */
export const SAFE_INLINE = new Set(['image/jpeg', 'image/png', 'image/webp']);

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

/** The names a type may carry (decision 055): a name that says otherwise is refused, never kept misleading. */
const EXTENSIONS = new Map<string, string[]>([
  ['image/jpeg', ['jpg', 'jpeg', 'jpe', 'jfif']],
  ['image/png', ['png']],
  ['image/webp', ['webp']],
  ['application/pdf', ['pdf']],
  ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', ['xlsx', 'xls']],
  ['application/vnd.openxmlformats-officedocument.wordprocessingml.document', ['docx', 'doc']],
  ['application/x-cfb', ['xls', 'doc']],
  // Excel saves «XML Spreadsheet 2003» and CSV under .xls too (decision 021).
  ['application/xml', ['xml', 'xls']],
  ['text/xml', ['xml', 'xls']],
  ['text/plain', ['txt', 'csv', 'tsv', 'xls', 'xml']],
]);
const TYPE_LABEL = new Map<string, string>([
  ['image/jpeg', 'JPEG'],
  ['image/png', 'PNG'],
  ['image/webp', 'WebP'],
  ['application/pdf', 'PDF'],
  ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'XLSX'],
  ['application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'DOCX'],
  ['application/x-cfb', 'XLS/DOC'],
  ['application/xml', 'XML'],
  ['text/xml', 'XML'],
  ['text/plain', 'TXT/CSV'],
]);

/**
 * Markup a browser would run, or server code: HTML, SVG (which carries scripts), PHP/ASP tags. Text and XML
 * are accepted for orders and notes, never as a page or a script under some other name.
 */
const MARKUP = /<\s*(svg|html|head|body|script|iframe|object|embed|frameset)\b|<!doctype\s+html|<\?php|<%/i;

export async function detectType(file: UploadedFile): Promise<string> {
  const detected = await fileTypeFromBuffer(file.data);
  const name = cleanName(file.fileName);
  let type: string;
  if (detected && ALLOWED.has(detected.mime)) type = detected.mime;
  else if (!detected && isPlainText(file.data)) type = 'text/plain';
  else throw new AppError('VALIDATION', 'error.fileType', { args: [file.fileName] });
  if ((type === 'text/plain' || type.endsWith('/xml')) && MARKUP.test(file.data.toString('utf8'))) {
    throw new AppError('VALIDATION', 'error.fileMarkup', { args: [name] });
  }
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
  if (extension && !(EXTENSIONS.get(type) ?? []).includes(extension)) {
    throw new AppError('VALIDATION', 'error.fileTypeMismatch', { args: [name, TYPE_LABEL.get(type) ?? type] });
  }
  return type;
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
export async function saveUploads(
  db: Db,
  storage: FileStorage,
  config: Pick<Config, 'uploadMaxBytes'>,
  actor: Actor,
  uploads: UploadedFile[],
): Promise<FileRow[]> {
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
  const written: string[] = [];
  try {
    const values = [];
    for (const { file, type } of checked) {
      const key = `${randomBytes(16).toString('hex')}.${ALLOWED.get(type) ?? 'txt'}`;
      await storage.put(key, file.data, type);
      written.push(key);
      let previewKey: string | null = null;
      if (SAFE_INLINE.has(type)) {
        previewKey = key.replace(/\.(\w+)$/, '-preview.$1');
        await storage.put(previewKey, await previewOf(file, type), type);
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
    return await insertFiles(db, values);
  } catch (err) {
    await Promise.all(written.map((k) => storage.delete(k).catch(() => {})));
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

/** Files by id, in the order asked, skipping any that are gone. */
export async function loadFileViews(db: Db, ids: number[]): Promise<Map<number, PortalFile>> {
  const map = new Map<number, PortalFile>();
  if (ids.length === 0) return map;
  for (const row of await filesByIds(db, ids)) map.set(row.id, toFileView(row));
  return map;
}

export const pick = (map: Map<number, PortalFile>, ids: number[]) =>
  ids.map((id) => map.get(id)).filter((f): f is PortalFile => Boolean(f));

/** Attachments must be the caller's own uploads; anything else is refused as a whole. */
export async function assertOwnFiles(
  db: Db,
  actor: Actor,
  ids: number[] | undefined,
  purpose: 'any' | 'photos' = 'any',
): Promise<number[]> {
  const unique = [...new Set(ids ?? [])];
  if (unique.length === 0) return [];
  if ((await countOwn(db, actor.id, unique)) !== unique.length) {
    throw new AppError('VALIDATION', 'error.fileNotYours');
  }
  // Photos are photos (decision 055): a PDF or a text attached as a photo is refused, by the type of its bytes.
  if (purpose === 'photos') {
    const notPhoto = (await filesByIds(db, unique)).find((f) => !SAFE_INLINE.has(f.content_type));
    if (notPhoto) throw new AppError('VALIDATION', 'error.photoType', { args: [notPhoto.name] });
  }
  return unique;
}

/**
 * Who else may open a file than its owner, as the module that shows the file says (an order's attached bill:
 * its dealer and the administrators; a return's file: staff, and the dealer of that return). Registered by
 * those modules from above (docs/architecture.md, "Floors"), so this one need not import them.
 */
export type FileReader = (db: Db, actor: Actor, fileId: number) => Promise<boolean>;
const fileReaders: FileReader[] = [];
export function allowFileReaders(reader: FileReader): void {
  if (!fileReaders.includes(reader)) fileReaders.push(reader);
}

export async function findOpenableFile(db: Db, actor: Actor, id: number): Promise<FileRow | undefined> {
  const row = await fileById(db, id);
  if (!row) return undefined;
  if (row.user_id === actor.id) return row;
  for (const reader of fileReaders) if (await reader(db, actor, id)) return row;
  return undefined;
}

/** Whether a module still shows the file (a return, a comment on one); registered from above like the readers. */
export type FileUse = (db: Db, fileId: number) => Promise<boolean>;
const fileUses: FileUse[] = [];
export function keepFilesInUse(use: FileUse): void {
  if (!fileUses.includes(use)) fileUses.push(use);
}

/** A file still shown somewhere may not be deleted. */
export async function isFileInUse(db: Db, id: number): Promise<boolean> {
  for (const use of fileUses) if (await use(db, id)) return true;
  return false;
}

/** The stored bytes of a key; a key with nothing stored is answered as a missing file (404). */
export async function readStored(storage: FileStorage, key: string): Promise<Buffer> {
  try {
    return await storage.get(key);
  } catch (err) {
    if (err instanceof StorageNotFound) throw notFound();
    throw err;
  }
}

export async function removeStored(storage: FileStorage, row: FileRow): Promise<void> {
  await storage.delete(row.storage_key);
  if (row.preview_key && row.preview_key !== row.storage_key) await storage.delete(row.preview_key);
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
  storage: FileStorage,
  db: Db,
  userId: number,
  name: string,
  contentType: string,
  data: Buffer,
): Promise<FileRow> {
  const key = randomBytes(16).toString('hex');
  await storage.put(key, data, contentType);
  const [row] = await insertFiles(db, [
    { user_id: userId, name: cleanName(name), content_type: contentType, size: data.length, storage_key: key },
  ]);
  return row!;
}

/**
 * A generated file made from `source` (the order or bill it shows): the user's stored file made from the same
 * source is reused, so asking again writes nothing new; a changed source gets a new file (decision 068).
 */
export async function reuseGenerated(
  storage: FileStorage,
  db: Db,
  userId: number,
  file: { name: string; contentType: string; kind: string; source: unknown },
  make: () => Promise<Buffer>,
): Promise<FileRow> {
  const hash = createHash('sha256').update(JSON.stringify(file.source)).digest('hex').slice(0, 32);
  const sourceKey = `${file.kind}:${hash}`;
  const find = () => generatedFile(db, userId, sourceKey);
  const existing = await find();
  if (existing) return existing;
  const data = await make();
  const key = randomBytes(16).toString('hex');
  await storage.put(key, data, file.contentType);
  const inserted = await insertGeneratedFile(db, {
    user_id: userId,
    name: cleanName(file.name),
    content_type: file.contentType,
    size: data.length,
    storage_key: key,
    source_key: sourceKey,
  });
  if (inserted) return inserted;
  // Another call made the same file a moment ago: keep that one.
  await storage.delete(key).catch(() => undefined);
  return (await find())!;
}

/** One of the user's own files; another user's is answered as missing. */
export async function ownFile(db: Db, userId: number, id: number): Promise<FileRow> {
  const row = await ownFileRow(db, userId, id);
  if (!row) throw notFound();
  return row;
}

export const readStoredFile = readStored;

export const downloadPath = (row: FileRow) => toFileView(row).src;
