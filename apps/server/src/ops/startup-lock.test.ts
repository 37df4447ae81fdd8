import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { MIGRATION_NAMES } from '../db/migrate.js';
import { adminUrl } from '../testing/paths.js';

/**
 * Two instances started at the same moment on one empty PostgreSQL migrate it once and load
 * the demo data once (db/migrate.ts withStartupLock), and both then serve. PostgreSQL only: PGlite has one
 * process per data directory (db/data-dir-lock.test.ts).
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const url = process.env.TEST_DATABASE_URL;

describe.runIf(Boolean(url))('two instances started at once on an empty PostgreSQL', () => {
  const name = `portal_test_empty_${randomBytes(6).toString('hex')}`;
  const servers: ChildProcess[] = [];
  const dirs: string[] = [];

  async function admin<T extends pg.QueryResultRow>(database: string, text: string) {
    const c = new pg.Client({ connectionString: adminUrl(url!, database) });
    await c.connect();
    try {
      return (await c.query<T>(text)).rows;
    } finally {
      await c.end();
    }
  }

  afterAll(async () => {
    for (const s of servers) if (s.exitCode === null) s.kill('SIGKILL');
    await admin('postgres', `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    for (const d of dirs) await rm(d, { recursive: true, force: true });
  });

  async function start(): Promise<{ port: number; output: () => string }> {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-startup-'));
    dirs.push(dataDir);
    const server = spawn(process.execPath, ['--import', 'tsx', path.join(here, '../testing/serve.ts')], {
      cwd: path.join(here, '../..'),
      env: {
        ...process.env,
        DATABASE_URL: adminUrl(url!, name),
        DATA_DIR: dataDir,
        PORT: '0',
        LOG_LEVEL: 'info',
        DEMO_SEED: 'on',
        SESSION_SECRET: 'test-secret',
        WORKER: 'off',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    servers.push(server);
    let out = '';
    server.stdout!.on('data', (d: Buffer) => (out += d.toString()));
    server.stderr!.on('data', (d: Buffer) => (out += d.toString()));
    const port = await new Promise<number>((resolve, reject) => {
      const timer = setInterval(() => {
        const m = /listening (\d+)/.exec(out);
        if (m) {
          clearInterval(timer);
          resolve(Number(m[1]));
        }
      }, 50);
      server.on('exit', (code) => {
        clearInterval(timer);
        reject(new Error(`server exited ${code}: ${out}`));
      });
    });
    return { port, output: () => out };
  }

  it('migrates and seeds once; both answer /ready 200', async () => {
    await admin('postgres', `CREATE DATABASE ${name}`);
    const [a, b] = await Promise.all([start(), start()]);

    const applied = await admin<{ name: string }>(name, 'SELECT name FROM kysely_migration');
    expect(applied.map((r) => r.name).sort()).toEqual([...MIGRATION_NAMES].sort());
    // Exactly one of the two applied the migrations and loaded the demo; the other found them done.
    const migrated = [a, b].filter((s) => s.output().includes('"msg":"migrations applied"'));
    expect(migrated).toHaveLength(1);
    const admins = await admin<{ n: number }>(name, "SELECT count(*)::int AS n FROM users WHERE login = 'admin'");
    expect(admins[0]!.n).toBe(1);

    for (const s of [a, b]) {
      const r = await fetch(`http://127.0.0.1:${s.port}/ready`);
      expect(r.status).toBe(200);
    }
  }, 180000);
});
