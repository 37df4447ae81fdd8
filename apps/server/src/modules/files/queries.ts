import { sql, type Insertable, type Selectable } from 'kysely';
import type { Db } from '../../db/database.js';
import { paged } from '../../rest/paging.js';
import type { FilesTable } from './tables.js';
import './tables.js';

export type FileRow = Selectable<FilesTable>;

export const insertFiles = (db: Db, values: Array<Insertable<FilesTable>>) =>
  db.insertInto('files').values(values).returningAll().execute();

export const fileById = (db: Db, id: number) =>
  db.selectFrom('files').selectAll().where('id', '=', id).executeTakeFirst();

export const filesByIds = (db: Db, ids: number[]) =>
  db.selectFrom('files').selectAll().where('id', 'in', ids).execute();

/** One of the user's own files. */
export const ownFileRow = (db: Db, userId: number, id: number) =>
  db.selectFrom('files').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();

/** How many of these ids are the user's own files. */
export async function countOwn(db: Db, userId: number, ids: number[]): Promise<number> {
  const rows = await db.selectFrom('files').select('id').where('id', 'in', ids).where('user_id', '=', userId).execute();
  return rows.length;
}

export const deleteFileRow = (db: Db, id: number) => db.deleteFrom('files').where('id', '=', id).execute();

/** A page of the user's own uploads (files/list). */
export async function listOwn(
  db: Db,
  userId: number,
  options: {
    ids?: number[] | undefined;
    sortName?: 'asc' | 'desc';
    sortId: 'asc' | 'desc';
    size: number;
    page: number;
  },
): Promise<{ count: number; rows: FileRow[] }> {
  let q = db.selectFrom('files').where('user_id', '=', userId);
  if (options.ids) q = q.where('id', 'in', options.ids);
  const { n } = await q.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
  let rows = q.selectAll();
  rows = options.sortName ? rows.orderBy('name', options.sortName) : rows.orderBy('id', options.sortId);
  return { count: Number(n), rows: await paged(rows, options).execute() };
}

/** Every stored key (files and previews), in id order, a page at a time (moving files between stores). */
export const keysPage = (db: Db, afterId: number, limit: number) =>
  db
    .selectFrom('files')
    .select(['id', 'storage_key', 'preview_key', 'content_type'])
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();

/** The name of the file whose id is in `idColumn` (another table's column), '' when there is none. */
export const fileNameOf = (idColumn: string) =>
  sql<string>`coalesce((SELECT f.name FROM files f WHERE f.id = ${sql.ref(idColumn)}), '')`;

/** The user's generated file made from this source (`source_key`: its kind and the hash of the source). */
export const generatedFile = (db: Db, userId: number, sourceKey: string) =>
  db
    .selectFrom('files')
    .selectAll()
    .where('user_id', '=', userId)
    .where('source_key', '=', sourceKey)
    .executeTakeFirst();

/** Stores a generated file unless the same source's file was stored a moment ago (then: undefined). */
export const insertGeneratedFile = (db: Db, values: Insertable<FilesTable>) =>
  db
    .insertInto('files')
    .values(values)
    .onConflict((oc) => oc.columns(['user_id', 'source_key']).where('source_key', 'is not', null).doNothing())
    .returningAll()
    .executeTakeFirst();
