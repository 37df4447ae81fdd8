/**
 * `npm run bench -- --scenario api [--products N] [--port P] [--formats csv,xlsx]` — the budgets of dealers' systems (decisions 210,
 * 213, 214; docs/performance.md «Dealers' systems»): a key-authenticated call against the same call with a
 * session (p50 of alternating calls), 1,000 part numbers in one `basket/resolve` by key, and the price list of
 * the whole catalogue as .xlsx and .csv with the server's resident memory growth while it streams.
 * Seeds a generated catalogue into DATA_DIR (default /tmp/portal-bench-api-N) when it is empty.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { serverNodeArgs } from './server-node-args.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const { values } = parseArgs({
  options: {
    scenario: { type: 'string' },
    products: { type: 'string', default: '100000' },
    port: { type: 'string', default: '3461' },
    rounds: { type: 'string', default: '300' },
    /** The price lists' order: the first one also pays for the database's first read of the whole catalogue. */
    formats: { type: 'string', default: 'xlsx,csv' },
  },
  strict: false,
});
const products = Number(values.products);
const port = Number(values.port);
const rounds = Number(values.rounds);
const dataDir = process.env.DATA_DIR ?? path.join('/tmp', `portal-bench-api-${products}`);
const base = `http://127.0.0.1:${port}`;

const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
};
const ms = (n: number) => Math.round(n * 100) / 100;

if (!existsSync(path.join(dataDir, 'pglite', 'PG_VERSION'))) {
  console.log(`seeding ${products} products into ${dataDir}…`);
  const r = spawnSync('npx', ['tsx', 'src/db/cli-seed.ts', '--products', String(products)], {
    cwd: path.join(root, 'apps/server'),
    env: { ...process.env, DATA_DIR: dataDir },
    stdio: 'inherit',
  });
  if (r.status !== 0 && r.status !== 1) throw new Error('seeding failed');
}

const server = spawn(process.execPath, serverNodeArgs('src/testing/serve.ts'), {
  cwd: path.join(root, 'apps/server'),
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    DEMO_SEED: 'off',
    SESSION_SECRET: 'bench-api',
    REST_LIMIT_SESSION: '1000000000',
    REST_LIMIT_ADDRESS: '1000000000',
    API_KEY_LIMIT: '0',
  },
  stdio: ['ignore', 'inherit', 'inherit'],
  detached: true,
});
/** Resident MB of the server's node process. */
const rssMb = () => {
  const status = readFileSync(`/proc/${server.pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
};

try {
  for (let i = 0; ; i++) {
    if (i > 240) throw new Error('the server did not start');
    try {
      if ((await fetch(`${base}/rest/profile`, { method: 'POST' })).status < 500) break;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  // Sign in as the demo dealer; create an ordering key.
  const first = await fetch(`${base}/rest/profile`, { method: 'POST' });
  let cookie = (first.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const { sessid: firstSessid } = (await first.json()) as { sessid: string };
  const login = await fetch(`${base}/rest/user/login?sessid=${firstSessid}`, {
    method: 'POST',
    headers: {
      cookie,
      'content-type': 'application/json',
      authorization: `Basic ${Buffer.from('dealer:Dealer#2026').toString('base64')}`,
    },
    body: '{}',
  });
  cookie = (login.headers.get('set-cookie') ?? cookie).split(';')[0] ?? cookie;
  const { sessid } = ((await login.json()) as { result: { sessid: string } }).result;
  const bySession = async (method: string, input: unknown) => {
    const r = await fetch(`${base}/rest/${method}?sessid=${sessid}`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify(input),
    });
    if (r.status !== 200) throw new Error(`${method}: ${r.status} ${await r.text()}`);
    return ((await r.json()) as { result: unknown }).result;
  };
  const { token } = (await bySession('api-key/create', { name: 'bench', scope: 'order' })) as { token: string };
  const byKey = async (method: string, input: unknown) => {
    const r = await fetch(`${base}/rest/${method}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(input),
    });
    if (r.status !== 200) throw new Error(`${method}: ${r.status} ${await r.text()}`);
    return ((await r.json()) as { result: unknown }).result;
  };
  const timed = async (f: () => Promise<unknown>) => {
    const t0 = performance.now();
    await f();
    return performance.now() - t0;
  };
  const loadStart = loadavg();
  const rows: Record<string, string> = {};

  // 1. A key against a session on the same small method, alternating so both see the same machine.
  const input = { size: 20 };
  for (let i = 0; i < 30; i++) await Promise.all([bySession('payment/list', input), byKey('payment/list', input)]);
  const session: number[] = [];
  const key: number[] = [];
  for (let i = 0; i < rounds; i++) {
    session.push(await timed(() => bySession('payment/list', input)));
    key.push(await timed(() => byKey('payment/list', input)));
  }
  rows['payment/list by session'] = `p50 ${ms(percentile(session, 50))} ms, p95 ${ms(percentile(session, 95))} ms`;
  rows['payment/list by API key'] = `p50 ${ms(percentile(key, 50))} ms, p95 ${ms(percentile(key, 95))} ms`;
  rows['key over session, p50 (budget < 1 ms)'] = `${ms(percentile(key, 50) - percentile(session, 50))} ms`;

  // 2. 1,000 part numbers of the catalogue in one basket/resolve by key.
  const page = (await bySession('product/list', { size: 1000 })) as { items: Array<{ article: string }> };
  const items = page.items.map((p, i) => ({ article: p.article, quantity: (i % 9) + 1 }));
  await byKey('basket/resolve', { items });
  const batch: number[] = [];
  for (let i = 0; i < 20; i++) batch.push(await timed(() => byKey('basket/resolve', { items })));
  rows[`basket/resolve ${items.length} items by key (budget < 500 ms)`] =
    `p50 ${ms(percentile(batch, 50))} ms, p95 ${ms(percentile(batch, 95))} ms`;

  // 3. The whole catalogue as a price list: time to the last byte and the server's RSS growth while streaming.
  for (const format of String(values.formats).split(',') as Array<'xlsx' | 'csv'>) {
    const before = rssMb();
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb())), 100);
    const t0 = performance.now();
    const r = await fetch(`${base}/pricelist/download?format=${format}`, { headers: { cookie } });
    let bytes = 0;
    for await (const chunk of r.body as unknown as AsyncIterable<Uint8Array>) bytes += chunk.byteLength;
    const seconds = (performance.now() - t0) / 1000;
    clearInterval(sampler);
    rows[`price list of ${products} products as .${format}`] =
      `${seconds.toFixed(1)} s, ${(bytes / 1048576).toFixed(1)} MB, server RSS +${Math.round(peak - before)} MB (${Math.round(before)} → ${Math.round(peak)} MB)`;
  }
  const loadEnd = loadavg();
  console.log(
    `\napi bench, ${products} products, ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}; load average ${loadStart.map((l) => l.toFixed(2)).join(' ')} at start, ${loadEnd.map((l) => l.toFixed(2)).join(' ')} at end`,
  );
  console.table(rows);
} finally {
  if (server.pid) process.kill(-server.pid, 'SIGTERM');
}
