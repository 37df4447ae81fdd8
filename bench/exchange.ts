/**
 * `npm run bench -- --scenario exchange [--products N] [--partial M] [--port P] [--label name]`
 *
 * The 1C exchange budget (docs/performance.md): writes a CommerceML 2.04 import.xml and
 * offers.xml of N products (3 price types, 5 warehouses) to a temporary folder, starts the server alone (a
 * fresh PGlite in DATA_DIR, or DATABASE_URL), and runs the protocol over HTTP as 1C does — checkauth, init,
 * the files in pieces of file_limit, import until `success` — then a partial update of M offers. While the
 * exchange runs, a dealer's section page is fetched in a loop (one connection) for its latency, and the
 * server's resident memory is sampled every second.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { percentile } from './cannon.js';
import { EXCHANGE, importXml, OneC, offersXml, writeXml } from './commerceml.js';
import { serverNodeArgs } from './server-node-args.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const { values } = parseArgs({
  options: {
    scenario: { type: 'string' },
    products: { type: 'string', default: '100000' },
    partial: { type: 'string', default: '10000' },
    port: { type: 'string', default: '3242' },
    label: { type: 'string' },
    duration: { type: 'string' },
    only: { type: 'string' },
  },
});
const products = Number(values.products);
const partial = Math.min(Number(values.partial), products);
const port = Number(values.port);
const databaseUrl = process.env.DATABASE_URL || undefined;
const dataDir = process.env.DATA_DIR ?? path.join('/tmp', `portal-bench-exchange-${products}`);
// The generated files sit beside the data directory: benches of several worktrees do not share them.
const work = `${dataDir}-files`;
const label = values.label ?? `exchange-${databaseUrl ? 'postgres' : 'pglite'}-${products}`;
const base = `http://127.0.0.1:${port}`;

// ——— the server and 1C ———

async function startServer(): Promise<ChildProcess> {
  // Started as `npm start` starts it (serverNodeArgs: the heap of decision 171).
  const server = spawn(process.execPath, serverNodeArgs('src/main.ts'), {
    cwd: path.join(root, 'apps/server'),
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DEMO_SEED: 'on',
      EXCHANGE_LOGIN: EXCHANGE.login,
      EXCHANGE_PASSWORD: EXCHANGE.password,
      // One dealer fetching pages back to back goes over the /rest/ limit of 600 a minute (decision 051):
      // the bench measures the pages' latency, not the limit.
      REST_LIMIT_SESSION: '0',
      REST_LIMIT_ADDRESS: '0',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: true,
  });
  for (let i = 0; i < 480; i++) {
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

function rssMb(server: ChildProcess): number {
  // The server's process group: node itself (and any child it starts); the largest resident one is the server.
  const ps = spawnSync('ps', ['-o', 'rss=', '-g', String(server.pid)], { encoding: 'utf8' });
  return Math.round(Math.max(0, ...ps.stdout.split('\n').filter(Boolean).map(Number)) / 1024);
}

async function dealer() {
  const first = await fetch(`${base}/rest/profile`, { method: 'POST' });
  let cookie = (first.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const { sessid: s0 } = (await first.json()) as { sessid?: string };
  const login = await fetch(`${base}/rest/user/login?sessid=${s0 ?? ''}`, {
    method: 'POST',
    headers: {
      cookie,
      'content-type': 'application/json',
      authorization: `Basic ${Buffer.from('dealer:Dealer#2026').toString('base64')}`,
    },
    body: '{}',
  });
  cookie = (login.headers.get('set-cookie') ?? cookie).split(';')[0] ?? cookie;
  const { result } = (await login.json()) as { result: { sessid: string } };
  const post = (name: string, body: unknown) =>
    fetch(`${base}/rest/${name}?sessid=${result.sessid}`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  return {
    async sections(): Promise<Array<{ id: number; name: string; level: number }>> {
      const response = await post('section/list', { size: -1 });
      const r = (await response.json()) as { result?: { items: Array<{ id: number; name: string; level: number }> } };
      if (!r.result) throw new Error(`section/list: ${response.status} ${JSON.stringify(r)}`);
      return r.result.items;
    },
    /** One section page (60 products with prices and stock), timed. */
    async page(body: unknown): Promise<number> {
      const t0 = performance.now();
      await (await post('product/list', body)).arrayBuffer();
      return performance.now() - t0;
    },
  };
}

const s = (ms: number) => Math.round(ms / 100) / 10;

rmSync(work, { recursive: true, force: true });
mkdirSync(work, { recursive: true });
if (!databaseUrl) rmSync(dataDir, { recursive: true, force: true });
console.log(`writing CommerceML for ${products} products…`);
const files = {
  import: await writeXml(path.join(work, 'import.xml'), () => importXml(products)),
  offers: await writeXml(path.join(work, 'offers.xml'), () => offersXml(products, false, 0)),
  partial: await writeXml(path.join(work, 'partial.xml'), () => offersXml(partial, true, 17)),
};
console.log(`import.xml ${Math.round(files.import / 1e6)} MB, offers.xml ${Math.round(files.offers / 1e6)} MB`);

const server = await startServer();
try {
  const api = await dealer();
  // The dealer's section page: a demo section before the exchange, a generated one once it exists.
  const demo = (await api.sections()).find((x) => x.level === 2)!;
  let probe: unknown = { filter: { category: demo.id }, size: 60 };
  const latencies: number[] = [];
  let probing = true;
  const prober = (async () => {
    while (probing) latencies.push(await api.page(probe));
  })();
  // The page alone first: what a page costs with no exchange running.
  await new Promise((resolve) => setTimeout(resolve, 5000));
  const alone = [...latencies].sort((a, b) => a - b);
  latencies.length = 0;
  const memory: number[] = [];
  const baseline = rssMb(server);
  const sampler = setInterval(() => memory.push(rssMb(server)), 1000);

  const c = new OneC(base);
  const t0 = performance.now();
  await c.start('catalog');
  await c.send(path.join(work, 'import.xml'), 'import.xml');
  const tUpload = performance.now();
  await c.import('import.xml');
  const tImport = performance.now();
  const generated = (await api.sections()).find((x) => x.level === 2 && x.name.endsWith(' 1.1'));
  if (generated) probe = { filter: { category: generated.id }, size: 60 };
  await c.send(path.join(work, 'offers.xml'), 'offers.xml');
  await c.import('offers.xml');
  const tFull = performance.now();
  const duringFull = [...latencies].sort((a, b) => a - b);

  const p = new OneC(base);
  latencies.length = 0;
  const t1 = performance.now();
  await p.start('catalog');
  await p.send(path.join(work, 'partial.xml'), 'offers.xml');
  await p.import('offers.xml');
  const tPartial = performance.now();
  const duringPartial = [...latencies].sort((a, b) => a - b);
  probing = false;
  await prober;
  clearInterval(sampler);

  const report = {
    label,
    products,
    partial,
    database: databaseUrl ? 'postgres' : 'pglite',
    at: new Date().toISOString(),
    'import.xml MB': Math.round(files.import / 1e6),
    'offers.xml MB': Math.round(files.offers / 1e6),
    'upload of import.xml s': s(tUpload - t0),
    'import of import.xml s': s(tImport - tUpload),
    'full exchange (import + offers, upload included) s': s(tFull - t0),
    'partial update of offers s': s(tPartial - t1),
    'HTTP calls of the full exchange': c.calls,
    'server RSS before MB': baseline,
    'server RSS max MB': Math.max(baseline, ...memory),
    'server RSS growth MB': Math.max(baseline, ...memory) - baseline,
    'dealer page p50 / p95 ms with no exchange': `${Math.round(percentile(alone, 50))} / ${Math.round(percentile(alone, 95))}`,
    'dealer page p95 ms during the full exchange': Math.round(percentile(duringFull, 95)),
    'dealer page p50 ms during the full exchange': Math.round(percentile(duringFull, 50)),
    'dealer page p95 ms during the partial update': Math.round(percentile(duringPartial, 95)),
    'dealer page requests': duringFull.length + duringPartial.length,
  };
  mkdirSync(path.join(here, 'results'), { recursive: true });
  writeFileSync(path.join(here, 'results', `${label}.json`), JSON.stringify(report, null, 2));
  console.table(report);
} finally {
  if (server.pid) process.kill(-server.pid, 'SIGTERM');
  rmSync(work, { recursive: true, force: true });
}
