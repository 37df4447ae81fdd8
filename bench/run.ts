/**
 * `npm run bench -- [--products N] [--duration S] [--label name]`
 * `npm run bench -- --scenario exchange [--products N] [--partial M]` (the 1C exchange, bench/exchange.ts)
 * `DATABASE_URL=… npm run bench -- --scenario instances [--rounds R]` (two instances behind nginx, bench/instances.ts)
 *
 * Catalogue benchmark (issue 3, docs/performance.md): seeds a generated catalogue when the database is
 * empty, starts the server alone on 127.0.0.1 in its own process, signs in as `dealer`, then for each
 * scenario runs autocannon (in this process, not the server's): a warm-up, a single-connection run for
 * latency and a 10-connection run for throughput. PGlite in DATA_DIR by default; PostgreSQL with
 * DATABASE_URL. Latency percentiles are computed from every response time (exact p95).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { cannon } from './cannon.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const { values } = parseArgs({
  options: {
    products: { type: 'string', default: '100000' },
    duration: { type: 'string', default: '10' },
    port: { type: 'string', default: '3190' },
    label: { type: 'string' },
    only: { type: 'string' },
    /** `exchange`: the 1C exchange budget (bench/exchange.ts) instead of the catalogue scenarios. */
    scenario: { type: 'string' },
    partial: { type: 'string' },
    /** `instances`: rounds of each side (bench/instances.ts). */
    rounds: { type: 'string' },
  },
});
if (values.scenario === 'exchange') {
  await import('./exchange.js');
  process.exit(0);
}
if (values.scenario === 'instances') {
  await import('./instances.js');
  process.exit(0);
}
const products = Number(values.products);
const duration = Number(values.duration);
const port = Number(values.port);
const databaseUrl = process.env.DATABASE_URL || undefined;
const dataDir = process.env.DATA_DIR ?? path.join('/tmp', `portal-bench-${products}`);
const label = values.label ?? `${databaseUrl ? 'postgres' : 'pglite'}-${products}`;
const base = `http://127.0.0.1:${port}`;

function seed() {
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

async function startServer(): Promise<ChildProcess> {
  const server = spawn('npx', ['tsx', 'src/main.ts'], {
    cwd: path.join(root, 'apps/server'),
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DEMO_SEED: 'off',
      // Throughput is measured with one session at 10 connections: the general /rest/ limit (decision 051)
      // would refuse it within a second.
      REST_LIMIT_SESSION: '0',
      REST_LIMIT_ADDRESS: '0',
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
  throw new Error('the server did not start');
}

async function signIn(): Promise<{ cookie: string; sessid: string }> {
  const first = await fetch(`${base}/rest/profile`, { method: 'POST' });
  let cookie = (first.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const body = (await first.json()) as { sessid?: string };
  const login = await fetch(`${base}/rest/user/login?sessid=${body.sessid ?? ''}`, {
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

const seconds = (ms: number) => Math.round(ms * 10) / 10;

seed();
const server = await startServer();
try {
  const { cookie, sessid } = await signIn();
  const headers = { cookie, 'content-type': 'application/json' };
  const call = async (name: string, input: unknown) => {
    const r = await fetch(`${base}/rest/${name}?sessid=${sessid}`, {
      method: 'POST',
      headers,
      body: JSON.stringify(input),
    });
    return (await r.json()) as { result: never };
  };
  const sections = (await call('section/list', { size: -1, filter: { level: 2 } })).result as {
    items: Array<{ id: number; code: string; elementCnt: number }>;
  };
  const section = sections.items.find((s) => s.code === 'oil-filters') ?? sections.items[0]!;
  const digits = (await call('product/list', { filter: { search: '890176' }, size: 5 })).result as {
    items: Array<{ article: string }>;
  };
  console.log(`section ${section.code}: ${section.elementCnt} products; '890176' → ${digits.items[0]?.article}`);

  const scenarios: Array<{ name: string; method: string; input: unknown }> = [
    {
      name: 'section page (60 items, prices, stock)',
      method: 'product/list',
      input: { filter: { category: section.id }, size: 60 },
    },
    {
      name: 'section page sorted by price',
      method: 'product/list',
      input: { filter: { category: section.id }, size: 60, sort: { PRICE: 'ASC' } },
    },
    {
      name: 'get-filter for a section (counts)',
      method: 'product/get-filter',
      input: { filter: { category: section.id } },
    },
    {
      name: 'part-number search 6005-028-743',
      method: 'product/list',
      input: { filter: { search: '6005-028-743' }, size: 60 },
    },
    { name: 'digits search 890176', method: 'product/list', input: { filter: { search: '890176' }, size: 60 } },
    { name: 'suggestions RE5048', method: 'product/suggest', input: { search: 'RE5048' } },
    { name: 'product card', method: 'product/get', input: { id: 1 } },
  ].filter((s) => !values.only || s.name.includes(values.only));

  const rows: Array<Record<string, unknown>> = [];
  for (const s of scenarios) {
    const url = `${base}/rest/${s.method}?sessid=${sessid}`;
    const body = JSON.stringify(s.input);
    await cannon(url, headers, body, 2, 3); // warm-up
    const single = await cannon(url, headers, body, 1, duration);
    const ten = await cannon(url, headers, body, 10, duration);
    const row = {
      scenario: s.name,
      'p50 ms (1 conn)': seconds(single.p50),
      'p95 ms (1 conn)': seconds(single.p95),
      'req/s (10 conn)': Math.round(ten.rps),
      'p99 ms (10 conn)': seconds(ten.p99),
      errors: single.errors + ten.errors,
    };
    rows.push(row);
    console.log(JSON.stringify(row));
  }
  let rssMb: number | null = null;
  try {
    // The server is `npx → tsx → node`; the largest resident process of its group is the server.
    const ps = spawnSync('ps', ['-o', 'rss=', '-g', String(server.pid)], { encoding: 'utf8' });
    rssMb = Math.round(Math.max(...ps.stdout.split('\n').filter(Boolean).map(Number)) / 1024);
  } catch {
    /* not on Linux */
  }
  const report = {
    label,
    products,
    database: databaseUrl ? 'postgres' : 'pglite',
    duration,
    rssMb,
    at: new Date().toISOString(),
    rows,
  };
  mkdirSync(path.join(here, 'results'), { recursive: true });
  writeFileSync(path.join(here, 'results', `${label}.json`), JSON.stringify(report, null, 2));
  console.log(`\n${label}: server RSS ${rssMb} MB`);
  console.table(rows);
} finally {
  if (server.pid) process.kill(-server.pid, 'SIGTERM');
}
