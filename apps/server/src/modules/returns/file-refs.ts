import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { isStaff, type Actor } from '../auth/index.js';
import { allowFileReaders, keepFilesInUse } from '../files/index.js';
import './tables.js';

const fileRef = (id: number) => JSON.stringify([id]);

/**
 * Whether a file is shown on a return or on a comment of one; with `dealerId`, only on that dealer's own
 * returns (a dealer opens what is attached to their returns; staff handle every return).
 */
export async function isFileOnReturns(db: Db, fileId: number, dealerId?: number): Promise<boolean> {
  const ref = fileRef(fileId);
  const onReturn = await db
    .selectFrom('good_returns as r')
    .select('r.id')
    .where(sql<boolean>`r.file_ids @> ${ref}::jsonb`)
    .$if(dealerId !== undefined, (q) => q.where('r.user_id', '=', dealerId!))
    .executeTakeFirst();
  if (onReturn) return true;
  const onComment = await db
    .selectFrom('good_return_comments as c')
    .innerJoin('good_returns as r', 'r.id', 'c.good_return_id')
    .select('c.id')
    .where(sql<boolean>`c.file_ids @> ${ref}::jsonb`)
    .$if(dealerId !== undefined, (q) => q.where('r.user_id', '=', dealerId!))
    .executeTakeFirst();
  return Boolean(onComment);
}

/** Staff open every return's files, a dealer those of their own returns (registered from above: files is lower). */
const returnFileReader = (db: Db, actor: Actor, fileId: number) =>
  isFileOnReturns(db, fileId, isStaff(actor) ? undefined : actor.id);
const returnFileUse = (db: Db, fileId: number) => isFileOnReturns(db, fileId);
allowFileReaders(returnFileReader);
keepFilesInUse(returnFileUse);
