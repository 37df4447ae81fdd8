import type { Insertable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { ExchangeFilePartsTable } from './tables.js';
import './tables.js';

/* The SQL of the files 1C sends (files.ts): the session's files, their stored parts and the catalogue pictures
   (docs/conventions.md, "Where the SQL lives"). */

type FileState = 'receiving' | 'ready' | 'done';

/** The session's file of exactly this name. */
export const sessionFileNamed = (db: Db, sessionId: number, name: string) =>
  db
    .selectFrom('exchange_files')
    .selectAll()
    .where('session_id', '=', sessionId)
    .where('name', '=', name)
    .executeTakeFirst();

/** The session's files whose base name is `base` (at the top or in any folder). */
export const sessionFilesByBaseName = (db: Db, sessionId: number, base: string) =>
  db
    .selectFrom('exchange_files')
    .selectAll()
    .where('session_id', '=', sessionId)
    .where((eb) => eb.or([eb('name', '=', base), eb('name', 'like', `%/${base.replace(/[\\%_]/g, '\\$&')}`)]))
    .execute();

/** A new file of the session (unpacked from `fromArchive` when given). */
export const insertFile = (db: Db, sessionId: number, name: string, fromArchive?: number) =>
  db
    .insertInto('exchange_files')
    .values({ session_id: sessionId, name, ...(fromArchive === undefined ? {} : { from_archive: fromArchive }) })
    .returningAll()
    .executeTakeFirstOrThrow();

export const insertFilePart = (db: Db, part: Insertable<ExchangeFilePartsTable>) =>
  db.insertInto('exchange_file_parts').values(part).execute();

export const setFileSize = (db: Db, fileId: number, size: number, parts: number) =>
  db.updateTable('exchange_files').set({ size, parts, updated_at: new Date() }).where('id', '=', fileId).execute();

export const setFileState = (db: Db, fileId: number, state: FileState) =>
  db.updateTable('exchange_files').set({ state }).where('id', '=', fileId).execute();

/** The storage keys of a file's parts (deleted with it). */
export const filePartKeys = (db: Db, fileId: number) =>
  db.selectFrom('exchange_file_parts').select('key').where('file_id', '=', fileId).execute();

/** Deletes the file; its part rows go with it (ON DELETE CASCADE). */
export const deleteFile = (db: Db, fileId: number) =>
  db.deleteFrom('exchange_files').where('id', '=', fileId).execute();

/** A file's parts in order, where each starts. */
export const fileParts = (db: Db, fileId: number) =>
  db
    .selectFrom('exchange_file_parts')
    .select(['no', 'start_at', 'size', 'key'])
    .where('file_id', '=', fileId)
    .orderBy('no')
    .execute();

/** The session's files still receiving (the archives among them are unpacked next). */
export const receivingFiles = (db: Db, sessionId: number) =>
  db
    .selectFrom('exchange_files')
    .selectAll()
    .where('session_id', '=', sessionId)
    .where('state', '=', 'receiving')
    .execute();

/** The files already unpacked from an archive. */
export const filesFromArchive = (db: Db, sessionId: number, archiveId: number) =>
  db
    .selectFrom('exchange_files')
    .select(['name', 'state', 'id'])
    .where('session_id', '=', sessionId)
    .where('from_archive', '=', archiveId)
    .execute();

/** The session's files not yet done (pictures among them are registered next). */
export const unfinishedFiles = (db: Db, sessionId: number) =>
  db
    .selectFrom('exchange_files')
    .selectAll()
    .where('session_id', '=', sessionId)
    .where('state', '<>', 'done')
    .execute();

/** Keeps a catalogue picture by its source name; the same source sent again replaces the stored one. */
export function putPicture(
  db: Db,
  picture: { source: string; key: string; content_type: string; width: number; height: number; size: number },
) {
  const { source: _source, ...stored } = picture;
  return db
    .insertInto('exchange_pictures')
    .values(picture)
    .onConflict((oc) => oc.column('source').doUpdateSet({ ...stored, updated_at: new Date() }))
    .execute();
}
