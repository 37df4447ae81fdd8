import path from 'node:path';
import { sql } from 'kysely';
import { lockDataDir } from './data-dir-lock.js';
import { openDatabase } from './database.js';
import { migrateToLatest, withStartupLock } from './migrate.js';

/** `npm run db:migrate`: applies every pending migration to DATABASE_URL, or to PGlite in DATA_DIR. */
const dataDir = path.resolve(process.env.DATA_DIR ?? './data');
const databaseUrl = process.env.DATABASE_URL || undefined;
const release = databaseUrl ? () => {} : lockDataDir(dataDir);
const handle = await openDatabase({ databaseUrl, dataDir });
try {
  const applied = await withStartupLock(handle, (db) => migrateToLatest(db));
  await sql`SELECT 1`.execute(handle.db);
  console.log(applied.length ? `applied: ${applied.join(', ')}` : 'the database is up to date');
} finally {
  await handle.close();
  release();
}
