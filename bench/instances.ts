/**
 * `DATABASE_URL=postgres://… npm run bench -- --scenario instances [--rounds R] [--duration S] [--port P]`
 *
 * Docs/performance.md, «Two instances behind nginx»: what a dealer's request costs through two
 * instances behind the reverse proxy (deploy/nginx.conf, Debian's nginx, as the two-instance test runs it)
 * against one instance asked directly. PostgreSQL only (PGlite is one process's database); an empty database
 * gets the demo data. Starts two server processes on the one database, nginx in front of both, signs in as
 * `dealer`, then for each request runs R alternating rounds of S seconds on one connection — instance 1
 * directly, then nginx → both — so the machine's background load falls on both sides alike. Every response
 * time is kept; the p50 of all rounds is compared (goal: ≤ 1 ms more through the proxy).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { startNginx } from '../apps/server/src/testing/nginx.js';
import { cannon, percentile } from './cannon.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const { values } = parseArgs({
  options: {
    scenario: { type: 'string' },
    rounds: { type: 'string', default: '8' },
    duration: { type: 'string', default: '3' },
    port: { type: 'string', default: '3280' },
    label: { type: 'string', default: 'instances-postgres' },
    only: { type: 'string' },
  },
});
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  console.error(
    'The instances scenario needs PostgreSQL: DATABASE_URL=postgres://… npm run bench -- --scenario instances',
  );
  process.exit(2);
}
const rounds = Number(values.rounds);
const duration = Number(values.duration);
const port = Number(values.port);

function startServer(p: number, dataDir: string): Promise<ChildProcess> {
  // The server of main.ts without the web build (API calls only are measured).
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/testing/serve.ts'], {
    cwd: path.join(root, 'apps/server'),
    env: {
      ...process.env,
      PORT: String(p),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DEMO_SEED: 'on',
      SESSION_SECRET: 'bench-instances',
      TRUST_PROXY: '127.0.0.1',
      // One session hammered on one connection: the general /rest/ limit (decision 051) off, as in npm run bench.
      REST_LIMIT_SESSION: '0',
      REST_LIMIT_ADDRESS: '0',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const poll = async () => {
      try {
        const r = await fetch(`http://127.0.0.1:${p}/rest/site/get-main-settings`, { method: 'POST' });
        if (r.status < 500) return resolve(child);
      } catch {
        /* not yet */
      }
      if (child.exitCode !== null || Date.now() - started > 180_000) return reject(new Error('a server did not start'));
      setTimeout(() => void poll(), 300);
    };
    void poll();
  });
}

async function signIn(base: string): Promise<{ cookie: string; sessid: string }> {
  const first = await fetch(`${base}/rest/site/get-main-settings`, { method: 'POST' });
  let cookie = (first.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const { sessid } = (await first.json()) as { sessid?: string };
  const login = await fetch(`${base}/rest/user/login?sessid=${sessid ?? ''}`, {
    method: 'POST',
    headers: {
      cookie,
      'content-type': 'application/json',
      authorization: `Basic ${Buffer.from('dealer:Dealer#2026').toString('base64')}`,
    },
    body: '{}',
  });
  cookie = (login.headers.get('set-cookie') ?? cookie).split(';')[0] ?? cookie;
  const result = (await login.json()) as { result?: { sessid: string } };
  if (!result.result) throw new Error(`sign-in failed: ${JSON.stringify(result)}`);
  return { cookie, sessid: result.result.sessid };
}

const dirs = [
  mkdtempSync(path.join(tmpdir(), 'portal-bench-i1-')),
  mkdtempSync(path.join(tmpdir(), 'portal-bench-i2-')),
];
// One after the other: the first migrates and seeds an empty database, the second finds it done.
const servers: ChildProcess[] = [];
let stopNginx = async () => {};
try {
  servers.push(await startServer(port + 1, dirs[0]!));
  servers.push(await startServer(port + 2, dirs[1]!));
  const nginx = await startNginx([`127.0.0.1:${port + 1}`, `127.0.0.1:${port + 2}`]);
  stopNginx = nginx.stop;
  const direct = `http://127.0.0.1:${port + 1}`;
  // Sessions live in the database: one sign-in serves both paths.
  const { cookie, sessid } = await signIn(nginx.url);
  const headers = { cookie, 'content-type': 'application/json' };
  const sections = (await (
    await fetch(`${direct}/rest/section/list?sessid=${sessid}`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ size: -1, filter: { level: 2 } }),
    })
  ).json()) as { result: { items: Array<{ id: number; elementCnt: number }> } };
  const section = [...sections.result.items].sort((a, b) => b.elementCnt - a.elementCnt)[0]!;
  const scenarios = [
    { name: 'profile (session, user, roles)', method: 'profile', input: {} },
    { name: 'basket list', method: 'basket/list', input: {} },
    {
      name: 'section page (60 items, prices, stock)',
      method: 'product/list',
      input: { filter: { category: section.id }, size: 60 },
    },
  ].filter((s) => !values.only || s.name.includes(values.only));

  const rows: Array<Record<string, unknown>> = [];
  const loadBefore = loadavg()[0]!;
  for (const s of scenarios) {
    const body = JSON.stringify(s.input);
    const url = (base: string) => `${base}/rest/${s.method}?sessid=${sessid}`;
    // Warm both paths (and both instances behind the proxy).
    await cannon(url(direct), headers, body, 2, 2);
    await cannon(url(nginx.url), headers, body, 2, 2);
    const one: number[] = [];
    const two: number[] = [];
    let errors = 0;
    for (let r = 0; r < rounds; r++) {
      const a = await cannon(url(direct), headers, body, 1, duration);
      const b = await cannon(url(nginx.url), headers, body, 1, duration);
      one.push(...a.times);
      two.push(...b.times);
      errors += a.errors + b.errors;
    }
    one.sort((x, y) => x - y);
    two.sort((x, y) => x - y);
    const ms = (v: number) => Math.round(v * 100) / 100;
    const row = {
      request: s.name,
      'one instance p50 ms': ms(percentile(one, 50)),
      'nginx → two p50 ms': ms(percentile(two, 50)),
      'p50 difference ms': ms(percentile(two, 50) - percentile(one, 50)),
      'one p95 ms': ms(percentile(one, 95)),
      'two p95 ms': ms(percentile(two, 95)),
      requests: one.length + two.length,
      errors,
    };
    rows.push(row);
    console.log(JSON.stringify(row));
  }
  const report = {
    label: values.label,
    database: 'postgres',
    rounds,
    duration,
    loadAverage: { before: loadBefore, after: loadavg()[0] },
    at: new Date().toISOString(),
    rows,
  };
  mkdirSync(path.join(here, 'results'), { recursive: true });
  writeFileSync(path.join(here, 'results', `${values.label}.json`), JSON.stringify(report, null, 2));
  console.table(rows);
  console.log(`load average (1 min): ${loadBefore.toFixed(2)} before, ${loadavg()[0]!.toFixed(2)} after`);
} finally {
  await stopNginx();
  for (const s of servers) s.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 500));
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
}
