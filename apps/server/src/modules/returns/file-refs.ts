import type { Db } from '../../db/database.js';
import { isStaff, type Actor } from '../auth/index.js';
import { allowFileReaders, keepFilesInUse } from '../files/index.js';
import { isFileOnReturns } from './queries.js';

/** Staff open every return's files, a dealer those of their own returns (registered from above: files is lower). */
const returnFileReader = (db: Db, actor: Actor, fileId: number) =>
  isFileOnReturns(db, fileId, isStaff(actor) ? undefined : actor.id);
const returnFileUse = (db: Db, fileId: number) => isFileOnReturns(db, fileId);
allowFileReaders(returnFileReader);
keepFilesInUse(returnFileUse);
