import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'kysely';
import pg from 'pg';
import type { Config } from '../config.js';
import { createStorage, type FileStorage } from '../storage/index.js';
import { lockDataDir } from './data-dir-lock.js';
import { openDatabase } from './database.js';

/**
 * `npm run db:backup` / `npm run db:restore` (decision 085): the database and every stored file
 * in one `.tar.gz`. PostgreSQL through Debian's `pg_dump` / `pg_restore` (custom format), PGlite through its
 * own `dumpDataDir()` (a tarball of its data directory); files from whichever store is configured (DATA_DIR/files
 * or the S3 bucket) under `files/`, written back through the same interface, so a local backup restores into
 * S3 and the other way round. The archive holds:
 *
 *     backup.json        what, when, from which engine, how many files and bytes
 *     database.pgdump    PostgreSQL (pg_dump --format=custom)   |  pglite.tar.gz  PGlite (dumpDataDir)
 *     files/<key>        every object but the /ready probes
 *     session-secret     DATA_DIR/session-secret when there is one (sessions and codes keep working)
 */

export const BACKUP_FORMAT = 'dealer-portal-backup';

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  version: 1;
  createdAt: string;
  engine: 'pglite' | 'postgres';
  /** The last migration applied in the saved database. */
  migration: string | null;
  storage: 'local' | 's3';
  files: number;
  fileBytes: number;
  sessionSecret: boolean;
}

type Log = (line: string) => void;
type BackupConfig = Pick<Config, 'dataDir' | 'databaseUrl' | 's3'>;

/** A child process; rejects with its stderr when it fails (never with the connection string). */
function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'], env });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', (err: NodeJS.ErrnoException) =>
      reject(
        err.code === 'ENOENT'
          ? new Error(
              `${command} is not installed. PostgreSQL backups need the PostgreSQL client tools of the server's major ` +
                'version or newer (Debian: apt-get install postgresql-client).',
            )
          : err,
      ),
    );
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} failed (exit ${code}): ${stderr.trim()}`)),
    );
  });
}

/**
 * libpq reads the connection from the environment (PGHOST, PGPASSWORD, …) rather than the command line, so the
 * password never shows in `ps`.
 */
function libpqEnv(databaseUrl: string): NodeJS.ProcessEnv {
  const u = new URL(databaseUrl);
  const env: NodeJS.ProcessEnv = { ...process.env };
  if (u.hostname) env.PGHOST = decodeURIComponent(u.hostname.replace(/^\[|\]$/g, ''));
  if (u.port) env.PGPORT = u.port;
  if (u.username) env.PGUSER = decodeURIComponent(u.username);
  if (u.password) env.PGPASSWORD = decodeURIComponent(u.password);
  env.PGDATABASE = decodeURIComponent(u.pathname.replace(/^\//, ''));
  for (const [key, value] of u.searchParams) {
    if (key === 'sslmode') env.PGSSLMODE = value;
    if (key === 'host') env.PGHOST = value;
  }
  return env;
}

async function lastMigration(config: BackupConfig): Promise<string | null> {
  const handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const rows = await sql<{ name: string }>`SELECT name FROM kysely_migration ORDER BY name DESC LIMIT 1`
      .execute(handle.db)
      .catch(() => ({ rows: [] as Array<{ name: string }> }));
    return rows.rows[0]?.name ?? null;
  } finally {
    await handle.close();
  }
}

const pgliteDir = (dataDir: string) => path.join(dataDir, 'pglite');

async function openPglite(dir: string, loadDataDir?: Blob): Promise<PGlite> {
  return PGlite.create(dir, { extensions: { pg_trgm }, ...(loadDataDir ? { loadDataDir } : {}) });
}

/** Every stored object under `files/` of the staging directory; returns how many and their bytes. */
async function saveFiles(storage: FileStorage, into: string, log: Log): Promise<{ files: number; bytes: number }> {
  let files = 0;
  let bytes = 0;
  for await (const key of storage.list('')) {
    if (key.startsWith('_probe/')) continue;
    const data = await storage.get(key);
    const file = path.join(into, ...key.split('/'));
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, data);
    files += 1;
    bytes += data.length;
    if (files % 1000 === 0) log(`  ${files} files…`);
  }
  return { files, bytes };
}

async function* walk(root: string, relative = ''): AsyncGenerator<string> {
  const entries = await readdir(path.join(root, relative), { withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    const key = relative ? `${relative}/${entry.name}` : entry.name;
    if (entry.isDirectory()) yield* walk(root, key);
    else if (entry.isFile()) yield key;
  }
}

/**
 * Writes the archive `out`. PostgreSQL is dumped while the servers run (pg_dump reads one snapshot); PGlite
 * has one process, so its server must be stopped (the data directory lock says so). The database is saved
 * before the files: a file uploaded meanwhile is an extra object, never a row without its file.
 */
export async function backup(config: BackupConfig, out: string, log: Log = () => {}): Promise<BackupManifest> {
  const staging = await mkdtemp(path.join(tmpdir(), 'portal-backup-'));
  const release = config.databaseUrl ? () => {} : lockDataDir(config.dataDir);
  const storage = createStorage(config);
  try {
    let engine: BackupManifest['engine'];
    let migration: string | null;
    if (config.databaseUrl) {
      engine = 'postgres';
      migration = await lastMigration(config);
      log('dumping PostgreSQL (pg_dump)…');
      await run(
        'pg_dump',
        ['--format=custom', '--no-owner', '--no-privileges', `--file=${path.join(staging, 'database.pgdump')}`],
        libpqEnv(config.databaseUrl),
      );
    } else {
      engine = 'pglite';
      if (!existsSync(path.join(pgliteDir(config.dataDir), 'PG_VERSION'))) {
        throw new Error(`There is no database in ${config.dataDir} to back up.`);
      }
      migration = await lastMigration(config);
      log('dumping PGlite (dumpDataDir)…');
      const client = await openPglite(pgliteDir(config.dataDir));
      try {
        const dump = await client.dumpDataDir('gzip');
        await writeFile(path.join(staging, 'pglite.tar.gz'), Buffer.from(await dump.arrayBuffer()));
      } finally {
        await client.close();
      }
    }
    log(`copying files from the ${storage.kind === 's3' ? 'S3 bucket' : 'local store'}…`);
    const { files, bytes } = await saveFiles(storage, path.join(staging, 'files'), log);
    const secret = path.join(config.dataDir, 'session-secret');
    const sessionSecret = existsSync(secret);
    if (sessionSecret) await writeFile(path.join(staging, 'session-secret'), await readFile(secret), { mode: 0o600 });
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      version: 1,
      createdAt: new Date().toISOString(),
      engine,
      migration,
      storage: storage.kind,
      files,
      fileBytes: bytes,
      sessionSecret,
    };
    await writeFile(path.join(staging, 'backup.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    await mkdir(path.dirname(out), { recursive: true });
    const partial = `${out}.partial`;
    await run('tar', ['-czf', partial, '-C', staging, '.']);
    await rename(partial, out);
    return manifest;
  } finally {
    await storage.close();
    release();
    await rm(staging, { recursive: true, force: true });
  }
}

export interface RestoreOptions {
  /** Replace a database that already holds tables (PostgreSQL: pg_restore --clean; PGlite: set aside). */
  force?: boolean;
}

/**
 * Puts an archive of `backup()` back: the database (into an empty one unless `force`) and every file into the
 * configured store. The servers must be stopped; afterwards they start as usual (pending migrations of a newer
 * version apply then). The engine must match the archive's.
 */
export async function restore(
  config: BackupConfig,
  archive: string,
  options: RestoreOptions = {},
  log: Log = () => {},
): Promise<BackupManifest> {
  if (!existsSync(archive)) throw new Error(`No archive at ${archive}`);
  const staging = await mkdtemp(path.join(tmpdir(), 'portal-restore-'));
  const release = config.databaseUrl ? () => {} : lockDataDir(config.dataDir);
  const storage = createStorage(config);
  try {
    // backup.json first: a wrong archive or a full target is refused before anything large is unpacked.
    await run('tar', ['-xzf', archive, '-C', staging, './backup.json']).catch(() => {});
    const manifest = JSON.parse(
      await readFile(path.join(staging, 'backup.json'), 'utf8').catch(() => '{}'),
    ) as Partial<BackupManifest>;
    if (manifest.format !== BACKUP_FORMAT || manifest.version !== 1) {
      throw new Error(`${archive} is not a backup of this portal (no backup.json of format ${BACKUP_FORMAT} 1).`);
    }
    const target = config.databaseUrl ? 'postgres' : 'pglite';
    if (manifest.engine !== target) {
      throw new Error(
        `The archive holds a ${manifest.engine} database, and the target is ${target} ` +
          `(${target === 'postgres' ? 'DATABASE_URL is set' : 'DATABASE_URL is unset'}); restore it on the same engine.`,
      );
    }
    const pgliteTarget = pgliteDir(config.dataDir);
    if (!config.databaseUrl && existsSync(pgliteTarget) && (await readdir(pgliteTarget)).length > 0 && !options.force) {
      throw new Error(
        `${pgliteTarget} already holds a database. Restore into an empty DATA_DIR, or add --force to replace it.`,
      );
    }
    if (config.databaseUrl) {
      const client = new pg.Client({ connectionString: config.databaseUrl });
      await client.connect();
      let tables = 0;
      try {
        const r = await client.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM pg_tables WHERE schemaname NOT IN ('pg_catalog', 'information_schema')",
        );
        tables = r.rows[0]?.n ?? 0;
      } finally {
        await client.end();
      }
      if (tables > 0 && !options.force) {
        throw new Error(
          `The target database already has ${tables} tables. Restore into an empty database, or add --force to replace it.`,
        );
      }
      await run('tar', ['-xzf', archive, '-C', staging]);
      log('restoring PostgreSQL (pg_restore)…');
      await run(
        'pg_restore',
        [
          '--no-owner',
          '--no-privileges',
          '--exit-on-error',
          '--single-transaction',
          ...(tables > 0 ? ['--clean', '--if-exists'] : []),
          `--dbname=${libpqEnv(config.databaseUrl).PGDATABASE}`,
          path.join(staging, 'database.pgdump'),
        ],
        libpqEnv(config.databaseUrl),
      );
    } else {
      await run('tar', ['-xzf', archive, '-C', staging]);
      const dir = pgliteTarget;
      if (existsSync(dir) && (await readdir(dir)).length > 0) {
        const aside = `${dir}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
        await rename(dir, aside);
        log(`the database that was there is kept in ${aside}`);
      }
      log('restoring PGlite (loadDataDir)…');
      await mkdir(dir, { recursive: true });
      const tarball = await readFile(path.join(staging, 'pglite.tar.gz'));
      const client = await openPglite(dir, new Blob([tarball]));
      try {
        await client.query('SELECT 1 FROM kysely_migration LIMIT 1');
      } finally {
        await client.close();
      }
    }
    log(`writing files into the ${storage.kind === 's3' ? 'S3 bucket' : 'local store'}…`);
    const filesDir = path.join(staging, 'files');
    let written = 0;
    for await (const key of walk(filesDir)) {
      await storage.put(key, await readFile(path.join(filesDir, ...key.split('/'))));
      written += 1;
      if (written % 1000 === 0) log(`  ${written} files…`);
    }
    if (written !== manifest.files) {
      throw new Error(`The archive lists ${manifest.files} files and holds ${written}; it is damaged.`);
    }
    const secret = path.join(staging, 'session-secret');
    const target_secret = path.join(config.dataDir, 'session-secret');
    if (existsSync(secret) && (options.force || !existsSync(target_secret))) {
      await mkdir(config.dataDir, { recursive: true });
      await writeFile(target_secret, await readFile(secret), { mode: 0o600 });
    }
    return manifest as BackupManifest;
  } finally {
    await storage.close();
    release();
    await rm(staging, { recursive: true, force: true });
  }
}

/** Size of a file in bytes (the CLI's report). */
export const sizeOf = async (file: string) => (await stat(file)).size;

/**
 * DATA_DIR as `npm start` reads it: relative to where npm was run (npm runs workspace scripts in the
 * workspace's folder), `<repository>/data` when unset.
 */
export function resolveDataDir(env: NodeJS.ProcessEnv, repositoryRoot: string): string {
  const from = env.INIT_CWD ?? process.cwd();
  return env.DATA_DIR ? path.resolve(from, env.DATA_DIR) : path.join(repositoryRoot, 'data');
}
