import { cp, mkdir } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, PostgresDialect } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import type { Database } from './schema.js';

export type Db = Kysely<Database>;

export interface DatabaseHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

// numeric and bigint come back as JavaScript numbers on both engines, so queries behave the same.
const NUMERIC = 1700;
const INT8 = 20;
const parseNumber = (v: string) => Number(v);

/** Milliseconds any one statement may run before PostgreSQL cancels it (DESIGN §8). */
export const STATEMENT_TIMEOUT_MS = 15000;

export interface OpenOptions {
  databaseUrl?: string | undefined;
  dataDir: string;
  /** Copy the database of this migrated data directory before opening (tests: a fresh database in a second). */
  templateDir?: string | undefined;
  onPoolError?: (err: Error) => void;
}

export async function openDatabase(options: OpenOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    pg.types.setTypeParser(NUMERIC, parseNumber);
    pg.types.setTypeParser(INT8, parseNumber);
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      connectionTimeoutMillis: 3000,
      idleTimeoutMillis: 30000,
      // No JIT: it compiles for 10 ms and more whenever a short query is estimated expensive (a basket of
      // 1,000 lines, stale statistics right after an import), which costs far more than it saves here.
      options: `-c statement_timeout=${STATEMENT_TIMEOUT_MS} -c jit=off`,
    });
    // An idle client that loses its server emits here; without a listener the process would crash.
    pool.on('error', (err) => options.onPoolError?.(err));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, kind: 'postgres', close: () => db.destroy() };
  }
  const dir = path.join(options.dataDir, 'pglite');
  if (options.templateDir && !existsSync(dir)) {
    // The template is a data directory like DATA_DIR: its database is in its own `pglite` folder.
    const template = path.join(options.templateDir, 'pglite');
    if (!existsSync(path.join(template, 'PG_VERSION'))) {
      throw new Error(`No migrated database to copy in ${options.templateDir}`);
    }
    await mkdir(options.dataDir, { recursive: true });
    await cp(template, dir, { recursive: true });
  }
  await mkdir(dir, { recursive: true });
  const client = await PGlite.create(dir, {
    extensions: { pg_trgm },
    parsers: { [NUMERIC]: parseNumber, [INT8]: parseNumber },
  });
  const db = new Kysely<Database>({ dialect: new PGliteDialect(client) });
  return {
    db,
    kind: 'pglite',
    close: async () => {
      await db.destroy();
      if (!client.closed) await client.close();
    },
  };
}
