/**
 * The benched server, as the catalogue bench (bench/run.ts) and the parts bench (bench/parts.ts) start it: a
 * generated catalogue seeded into an empty database, the app of main.ts without the web build in its own
 * process group on 127.0.0.1, and `dealer` signed in with a session cookie and sessid.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serverNodeArgs } from './server-node-args.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The general /rest/ limit (decision 051): `raised` counts every call exactly as shipped, with thresholds a
 * single benchmarking session cannot reach; `shipped` keeps 600/3,000 a minute (the bench's one session is
 * then refused within a second); `off` switches it off (REST_LIMIT_*=0).
 */
export function limitEnv(limits: string): Record<string, string> {
  if (limits === 'off') return { REST_LIMIT_SESSION: '0', REST_LIMIT_ADDRESS: '0' };
  if (limits === 'shipped') return {};
  if (limits !== 'raised') throw new Error('--limits raised|shipped|off');
  return { REST_LIMIT_SESSION: '1000000000', REST_LIMIT_ADDRESS: '1000000000' };
}

/** `src/db/cli-seed.ts --products N` into DATABASE_URL or DATA_DIR, unless it already holds data. */
export function seedCatalogue(products: number, dataDir: string, databaseUrl: string | undefined): void {
  if (!databaseUrl && existsSync(path.join(dataDir, 'pglite', 'PG_VERSION'))) return;
  console.log(`seeding ${products} products…`);
  const r = spawnSync('npx', ['tsx', 'src/db/cli-seed.ts', '--products', String(products)], {
    cwd: path.join(root, 'apps/server'),
    env: { ...process.env, DATA_DIR: dataDir },
    stdio: 'inherit',
  });
  // A non-empty database answers 1: it is already seeded.
  if (r.status !== 0 && r.status !== 1) throw new Error('seeding failed');
}

export async function startServer(options: {
  port: number;
  dataDir: string;
  limits: string;
  sessionSecret: string;
}): Promise<ChildProcess> {
  const base = `http://127.0.0.1:${options.port}`;
  // The app of main.ts without the web build (src/testing/serve.ts): the bench asks the API only. Its heap is
  // the one `npm start` gives (serverNodeArgs), so the peak RSS is a deployment's.
  const server = spawn(process.execPath, serverNodeArgs('src/testing/serve.ts'), {
    cwd: path.join(root, 'apps/server'),
    env: {
      ...process.env,
      PORT: String(options.port),
      HOST: '127.0.0.1',
      DATA_DIR: options.dataDir,
      LOG_LEVEL: 'warn',
      DEMO_SEED: 'off',
      SESSION_SECRET: process.env.SESSION_SECRET ?? options.sessionSecret,
      // Sessions, sessid and the sign-in throttle run as shipped. The general /rest/ limit counts every call
      // as shipped too; its thresholds are raised (--limits) because one session at 10 connections would be
      // refused within a second.
      ...limitEnv(options.limits),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: true,
  });
  for (let i = 0; i < 240; i++) {
    try {
      const r = await fetch(`${base}/rest/profile`, { method: 'POST' });
      if (r.status < 500) return server;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  if (server.pid) process.kill(-server.pid, 'SIGTERM');
  throw new Error('the server did not start');
}

/** Signs in as the demo dealer: the session cookie and the sessid every call carries. */
export async function signIn(
  base: string,
  login = 'dealer',
  password = 'Dealer#2026',
): Promise<{ cookie: string; sessid: string }> {
  const first = await fetch(`${base}/rest/profile`, { method: 'POST' });
  let cookie = (first.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const body = (await first.json()) as { sessid?: string };
  const answer = await fetch(`${base}/rest/user/login?sessid=${body.sessid ?? ''}`, {
    method: 'POST',
    headers: {
      cookie,
      'content-type': 'application/json',
      authorization: `Basic ${Buffer.from(`${login}:${password}`).toString('base64')}`,
    },
    body: '{}',
  });
  cookie = (answer.headers.get('set-cookie') ?? cookie).split(';')[0] ?? cookie;
  const result = (await answer.json()) as { result?: { sessid: string } };
  if (!result.result) throw new Error(`sign-in failed: ${JSON.stringify(result)}`);
  return { cookie, sessid: result.result.sessid };
}

/** The server's database round trips and explicit transactions so far (the probe of /metrics). */
export async function statementsOf(base: string): Promise<{ statements: number; transactions: number }> {
  const text = await (await fetch(`${base}/metrics`)).text();
  const read = (kind: string) =>
    Number(new RegExp(`^portal_db_statements_total\\{kind="${kind}"\\} (\\d+)`, 'm').exec(text)?.[1] ?? NaN);
  return { statements: read('statement'), transactions: read('transaction') };
}
