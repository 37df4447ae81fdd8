import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../testing/index.js';

/**
 * PostgreSQL connections that drop under load (pg_terminate_backend, a network cut) must not
 * kill the server. A client checked out of the pool emits 'error' on itself, not on the pool; without a
 * listener the process died with "Unhandled 'error' event … Connection terminated unexpectedly".
 * Runs only on PostgreSQL (TEST_DATABASE_URL): PGlite has no connections to lose.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe.runIf(onPostgres)('a server whose PostgreSQL connections are terminated under load', () => {
  let server: ChildProcess;
  let base = '';
  let databaseUrl = '';
  let drop = async () => {};
  let dataDir = '';
  let exited: string | null = null;
  let stderr = '';

  beforeAll(async () => {
    ({ databaseUrl, drop } = await createTestDatabase());
    dataDir = await mkdtemp(path.join(tmpdir(), 'portal-connection-loss-'));
    server = spawn(process.execPath, ['--import', 'tsx', path.join(here, '../testing/serve.ts')], {
      cwd: path.join(here, '../..'),
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl,
        DATA_DIR: dataDir,
        PORT: '0',
        LOG_LEVEL: 'error',
        DEMO_SEED: 'off',
        SESSION_SECRET: 'test-secret',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
    server.on('exit', (code, signal) => (exited = `exit ${code ?? signal}`));
    const port = await new Promise<string>((resolve, reject) => {
      let out = '';
      server.stdout!.on('data', (d: Buffer) => {
        out += d.toString();
        const m = /listening (\d+)/.exec(out);
        if (m) resolve(m[1]!);
      });
      server.on('exit', () => reject(new Error(`server did not start: ${stderr}`)));
    });
    base = `http://127.0.0.1:${port}`;
  }, 60000);

  afterAll(async () => {
    if (server && exited === null) {
      server.kill('SIGTERM');
      await new Promise((r) => server.once('exit', r));
    }
    await drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  /** A browser, anonymous or signed in as the demo dealer: its cookie and sessid. */
  async function browser(signedIn: boolean) {
    const first = await fetch(`${base}/rest/site/get-main-settings`, { method: 'POST' });
    let cookie = first.headers.getSetCookie()[0]!.split(';')[0]!;
    let { sessid } = (await first.json()) as { sessid: string };
    if (signedIn) {
      const r = await fetch(`${base}/rest/user/login?sessid=${sessid}`, {
        method: 'POST',
        headers: {
          cookie,
          'content-type': 'application/json',
          authorization: `Basic ${Buffer.from('dealer:Dealer#2026').toString('base64')}`,
        },
        body: '{}',
      });
      cookie = r.headers.getSetCookie()[0]!.split(';')[0]!;
      ({ sessid } = ((await r.json()) as { result: { sessid: string } }).result);
    }
    return { cookie, sessid };
  }

  async function call(b: { cookie: string; sessid: string }, name: string, body: unknown) {
    const r = await fetch(`${base}/rest/${name}?sessid=${b.sessid}`, {
      method: 'POST',
      headers: { cookie: b.cookie, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return {
      status: r.status,
      body: (await r.json()) as { result?: unknown; error?: string; error_description?: string },
    };
  }

  /** Terminates every connection the server holds to its database, all at once. */
  async function terminateServerConnections(): Promise<number> {
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    try {
      const name = new URL(databaseUrl).pathname.slice(1);
      const r = await admin.query<{ ok: boolean }>(
        'SELECT pg_terminate_backend(pid) AS ok FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
        [name],
      );
      return r.rowCount ?? 0;
    } finally {
      await admin.end();
    }
  }

  it('keeps answering: calls caught by the drop get a 503 envelope, the next ones succeed', async () => {
    const browsers = await Promise.all(Array.from({ length: 16 }, (_, i) => browser(i % 2 === 1)));
    const statuses = new Map<number, number>();
    const bad: unknown[] = [];
    let stop = false;
    // Sixteen browsers calling without pause: the pool's ten clients are nearly always checked out.
    const load = browsers.map(async (b, i) => {
      while (!stop && exited === null) {
        const r = await call(
          b,
          i % 2 ? 'product/list' : 'site/get-main-settings',
          i % 2 ? { filter: { search: 'фильтр' }, size: 20 } : {},
        ).catch((err: unknown) => ({ status: 0, body: { error: String(err), error_description: '' } }));
        statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
        if (r.status === 200) continue;
        if (r.status !== 503 || r.body.error !== 'UNAVAILABLE' || !r.body.error_description) bad.push(r);
      }
    });
    let terminated = 0;
    for (let round = 0; round < 8 && exited === null; round++) {
      await new Promise((r) => setTimeout(r, 400));
      terminated += await terminateServerConnections();
    }
    await new Promise((r) => setTimeout(r, 300));
    stop = true;
    await Promise.all(load);

    expect(exited, `the server died: ${stderr.slice(-2000)}`).toBeNull();
    expect(terminated).toBeGreaterThan(20);
    expect(bad).toEqual([]);
    expect(statuses.get(200)).toBeGreaterThan(50);
    console.log('connection loss:', { terminated, statuses: Object.fromEntries(statuses) });

    // After the storm every call succeeds again, without a restart.
    for (const b of browsers.slice(0, 4)) {
      for (let i = 0; i < 5; i++) expect((await call(b, 'site/get-main-settings', {})).status).toBe(200);
    }
  }, 60000);
});
