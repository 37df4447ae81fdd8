import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { PortalFile } from '@portal/contract';
import { fileTypeFromBuffer } from 'file-type';
import type { Selectable } from 'kysely';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import { AppError, notFound } from '../../rest/app-error.js';
import type { UploadedFile } from '../../rest/context.js';
import type { FilesTable } from '../orders/tables.js';
import '../orders/tables.js';

export type FileRow = Selectable<FilesTable>;

const ALLOWED = new Set([
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/x-cfb',
  'application/pdf',
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'application/zip',
  'application/xml',
  'text/xml',
  'text/csv',
]);

const dirOf = (config: Config) => path.join(config.dataDir, 'files');

/** Content type decided by the bytes; text (CSV, XML, TXT) has no magic number and is stored as text. */
async function contentTypeOf(file: UploadedFile): Promise<string> {
  const detected = await fileTypeFromBuffer(file.data);
  if (detected) {
    if (!ALLOWED.has(detected.mime)) throw new AppError('VALIDATION', 'error.fileType');
    return detected.mime;
  }
  const sample = file.data.subarray(0, 4096);
  if (sample.includes(0)) throw new AppError('VALIDATION', 'error.fileType');
  const name = file.fileName.toLowerCase();
  if (name.endsWith('.xml')) return 'text/xml';
  if (name.endsWith('.csv')) return 'text/csv';
  return 'text/plain';
}

export async function saveFile(config: Config, db: Db, userId: number, file: UploadedFile): Promise<FileRow> {
  if (file.data.length === 0) throw new AppError('VALIDATION', 'error.fileEmpty');
  const contentType = await contentTypeOf(file);
  const key = randomBytes(16).toString('hex');
  await mkdir(dirOf(config), { recursive: true });
  await writeFile(path.join(dirOf(config), key), file.data);
  const name = path.basename(file.fileName.replace(/\\/g, '/')).slice(0, 200) || key;
  return db
    .insertInto('files')
    .values({ user_id: userId, name, content_type: contentType, size: file.data.length, storage_key: key })
    .returningAll()
    .executeTakeFirstOrThrow();
}

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
  await mkdir(dirOf(config), { recursive: true });
  await writeFile(path.join(dirOf(config), key), data);
  return db
    .insertInto('files')
    .values({ user_id: userId, name, content_type: contentType, size: data.length, storage_key: key })
    .returningAll()
    .executeTakeFirstOrThrow();
}

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

export async function readStoredFile(config: Config, key: string): Promise<Buffer> {
  if (!/^[a-f0-9]{32}$/.test(key)) throw notFound();
  return readFile(path.join(dirOf(config), key)).catch(() => {
    throw notFound();
  });
}

/** The download address: the generated key makes it unguessable, and the route checks the owner too. */
export const downloadPath = (row: FileRow) => `/upload/files/${row.storage_key}/${encodeURIComponent(row.name)}`;

export function toPortalFile(row: FileRow): PortalFile {
  return {
    id: row.id,
    name: row.name,
    size: row.size,
    contentType: row.content_type,
    src: downloadPath(row),
    dateCreate: row.created_at.toISOString(),
  };
}
