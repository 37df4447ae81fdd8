/**
 * Ordering benchmarks (docs/performance.md): a separate load process against a real server child process on
 * PGlite (default) or PostgreSQL (BENCH_DATABASE_URL). Run: `npx tsx bench/ordering.ts` from the root.
 * Seeds its own catalogue (the ordering seed's fallback, BENCH_PRODUCTS products, default 12,000).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ExcelJS from 'exceljs';
import { cannon } from './cannon.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const serverDir = path.resolve(here, '../apps/server');
const PORT = Number(process.env.BENCH_PORT ?? 3199);
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 12000);
const base = `http://127.0.0.1:${PORT}`;
/** Part numbers of the seeded catalogue that name one active, priced product each (filled by seed()). */
let ARTICLES: string[] = [];
const article = (i: number) => ARTICLES[i % ARTICLES.length]!;

async function seed(dataDir: string) {
  const { openDatabase } = await import('../apps/server/src/db/database.js');
  const { migrateToLatest } = await import('../apps/server/src/db/migrate.js');
  const { seedDemo } = await import('../apps/server/src/seed/demo.js');
  const handle = await openDatabase({ dataDir, databaseUrl: process.env.BENCH_DATABASE_URL });
  await migrateToLatest(handle.db);
  await seedDemo(handle.db, { products: PRODUCTS });
  const { sql } = await import('kysely');
  const { rows } = await sql<{ article: string }>`
    SELECT article FROM products p
    WHERE active AND EXISTS (SELECT 1 FROM product_prices pp WHERE pp.product_id = p.id)
    GROUP BY article HAVING count(*) = 1 ORDER BY min(id)
  `.execute(handle.db);
  ARTICLES = rows.map((r) => r.article);
  await handle.close();
}

class Client {
  cookie = '';
  sessid = '';
  async call<T>(name: string, body: unknown, init: { form?: FormData } = {}): Promise<T> {
    for (let attempt = 0; attempt < 2; attempt++) {
      const res = await fetch(`${base}/rest/${name}?sessid=${encodeURIComponent(this.sessid)}`, {
        method: 'POST',
        headers: {
          cookie: this.cookie,
          ...(init.form ? {} : { 'content-type': 'application/json' }),
          ...(name === 'user/login'
            ? { authorization: `Basic ${Buffer.from('dealer:Dealer#2026').toString('base64')}` }
            : {}),
        },
        body: init.form ?? JSON.stringify(body),
      });
      const set = res.headers.get('set-cookie');
      if (set) this.cookie = set.split(';')[0]!;
      const json = (await res.json()) as {
        result?: T & { sessid?: string };
        error?: string;
        sessid?: string;
        error_description?: string;
      };
      if (json.error === 'SESSION_FAILED' && json.sessid) {
        this.sessid = json.sessid;
        continue;
      }
      if (!res.ok) throw new Error(`${name}: ${res.status} ${json.error_description}`);
      if (json.result?.sessid) this.sessid = json.result.sessid;
      return json.result as T;
    }
    throw new Error(`${name}: session failed twice`);
  }
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? 0;
};
const fmt = (xs: number[]) =>
  `p50 ${pct(xs, 50).toFixed(1)} ms, p95 ${pct(xs, 95).toFixed(1)} ms, max ${pct(xs, 100).toFixed(1)} ms (n=${xs.length})`;

async function timed<T>(f: () => Promise<T>): Promise<[number, T]> {
  const t0 = performance.now();
  const r = await f();
  return [performance.now() - t0, r];
}

/** n calls over `connections` parallel loops; returns each call's latency. */
async function load(connections: number, n: number, f: (i: number) => Promise<unknown>): Promise<number[]> {
  const out: number[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (next < n) {
        const i = next++;
        out.push((await timed(() => f(i)))[0]);
      }
    }),
  );
  return out;
}

/** User + system CPU time of a process in ms (Linux, 100 ticks per second). */
const cpuMs = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
};

const rssMb = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-ordering-'));
  const started = Date.now();
  await seed(dataDir);
  console.log(`seeded ${PRODUCTS} products in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  // BENCH_NODE_ARGS: extra flags for the server's node, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`.
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const server = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(PORT),
      DATA_DIR: dataDir,
      DEMO_SEED: 'off',
      LOG_LEVEL: 'warn',
      UPLOAD_MAX_MB: '50',
      // The general /rest/ limit counts every call as shipped; its thresholds are raised as bench/run.ts raises
      // them, because one session at full speed passes 600 calls a minute (PostgreSQL answered 429s).
      REST_LIMIT_SESSION: '1000000000',
      REST_LIMIT_ADDRESS: '1000000000',
      ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
    },
  });
  try {
    for (let i = 0; i < 120; i++) {
      if (
        await fetch(`${base}/404`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      await new Promise((r) => setTimeout(r, 500));
    }
    const c = new Client();
    await c.call('user/login', {});
    const results: Record<string, string> = {};
    const basket = await c.call<{ id: number }>('basket/create', { name: 'bench 1000' });
    const resolved = await c.call<{ lines: Array<{ candidates: Array<{ productId: number }> }> }>('basket/resolve', {
      text: Array.from({ length: 1000 }, (_, i) => `${article(i)} 1`).join('\n'),
    });
    const ids = [...new Set(resolved.lines.map((l) => l.candidates[0]?.productId ?? 0))].filter((id) => id > 0);
    if (ids.length !== 1000) throw new Error(`resolved ${ids.length} distinct products, not 1000`);
    const [addMs] = await timed(() =>
      c.call('basket/add', { id: basket.id, fields: ids.map((product) => ({ product, quantity: 2 })) }),
    );
    results['basket/add 1,000 lines in one call'] = `${addMs.toFixed(0)} ms`;

    // As the catalogue bench measures (bench/cannon.ts): autocannon on the server's answer alone, after a
    // warm-up, 1 connection for latency and 10 for throughput; brotli, as a browser asks for it.
    const listUrl = `${base}/rest/basket-item/list?sessid=${encodeURIComponent(c.sessid)}`;
    const listBody = JSON.stringify({ size: -1, filter: { basket: basket.id } });
    const listHeaders = { cookie: c.cookie, 'content-type': 'application/json', 'accept-encoding': 'br' };
    await cannon(listUrl, listHeaders, listBody, 2, 3);
    for (const conns of [1, 10]) {
      const cpu0 = cpuMs(server.pid!);
      const run = await cannon(listUrl, listHeaders, listBody, conns, 10);
      if (run.errors > 0) throw new Error(`basket-item/list: ${run.errors} errors`);
      // Server CPU per call: steadier than latency on a shared machine (it excludes waiting for a core).
      const cpu = (cpuMs(server.pid!) - cpu0) / run.count;
      results[`basket-item/list of 1,000 lines, ${conns} conn.`] =
        `p50 ${run.p50.toFixed(1)} ms, p95 ${run.p95.toFixed(1)} ms, p99 ${run.p99.toFixed(1)} ms, ` +
        `${Math.round(run.rps)} req/s (n=${run.count}); server CPU ${cpu.toFixed(1)} ms/call`;
    }
    // Decision 206: a basket of 1,000 lines that are all short (more than any warehouse holds), and the
    // in-stock alternatives of every line in one call, as the basket screen asks beside its lines.
    const shortBasket = await c.call<{ id: number }>('basket/create', { name: 'bench short 1000' });
    await c.call('basket/add', { id: shortBasket.id, fields: ids.map((product) => ({ product, quantity: 9000 })) });
    const shortAnswer = await c.call<{ items: Array<{ alternatives: unknown[] }> }>('basket-item/alternatives', {
      basket: shortBasket.id,
    });
    results['basket-item/alternatives: short lines, lines with alternatives'] =
      `${shortAnswer.items.length}, ${shortAnswer.items.filter((i) => i.alternatives.length > 0).length}`;
    // A session of its own: the list's runs above have used the first session's /rest/ limit (decision 220).
    const c2 = new Client();
    await c2.call('user/login', {});
    const altUrl = `${base}/rest/basket-item/alternatives?sessid=${encodeURIComponent(c2.sessid)}`;
    const altBody = JSON.stringify({ basket: shortBasket.id });
    const altHeaders = { ...listHeaders, cookie: c2.cookie };
    await cannon(altUrl, altHeaders, altBody, 2, 3);
    for (const conns of [1, 10]) {
      const cpu0 = cpuMs(server.pid!);
      const run = await cannon(altUrl, altHeaders, altBody, conns, 10);
      if (run.errors > 0) throw new Error(`basket-item/alternatives: ${run.errors} errors`);
      const cpu = (cpuMs(server.pid!) - cpu0) / run.count;
      results[`basket-item/alternatives of 1,000 short lines, ${conns} conn.`] =
        `p50 ${run.p50.toFixed(1)} ms, p95 ${run.p95.toFixed(1)} ms, p99 ${run.p99.toFixed(1)} ms, ` +
        `${Math.round(run.rps)} req/s (n=${run.count}); server CPU ${cpu.toFixed(1)} ms/call`;
    }
    // BENCH_ONLY=list stops here (the basket-item/list and alternatives figures alone, for before/after comparisons).
    if (process.env.BENCH_ONLY === 'list') {
      for (const [k, v2] of Object.entries(results)) console.log(`- ${k}: ${v2}`);
      return;
    }
    const small = await c.call<{ id: number }>('basket/create', { name: 'bench add' });
    for (const conns of [1, 10]) {
      const xs = await load(conns, 200, (i) =>
        c.call('basket-item/create', {
          basket: small.id,
          product: ids[(i * 7 + conns) % ids.length],
          amount: 1 + (i % 5),
        }),
      );
      results[`basket-item/create (add a line), ${conns} conn.`] = fmt(xs);
    }
    const pasted = Array.from({ length: 1000 }, (_, i) => `${article((i * 11) % PRODUCTS)}\t${(i % 9) + 1}`).join('\n');
    results['basket/resolve 1,000 pasted numbers'] = fmt(
      await load(1, 10, () => c.call('basket/resolve', { text: pasted })),
    );

    const xlsx = async (rows: number) => {
      const wb = new ExcelJS.Workbook();
      const ws = wb.addWorksheet('Заказ');
      ws.addRow(['Артикул', 'Количество']);
      for (let i = 0; i < rows; i++) ws.addRow([article(i % PRODUCTS), (i % 9) + 1]);
      return Buffer.from(await wb.xlsx.writeBuffer());
    };
    const importOnce = async (data: Buffer) => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(data)]), 'bench.xlsx');
      const saved = await c.call<{ items: Array<{ id: number }> }>('files/save', undefined, { form });
      return c.call<{ found: number }>('product/get-articles-xls', { fileId: saved.items[0]!.id });
    };
    const file10k = await xlsx(10000);
    const imports: number[] = [];
    for (let k = 0; k < 3; k++) {
      const [ms, r] = await timed(() => importOnce(file10k));
      if (r.found !== 10000) throw new Error(`import found ${r.found}`);
      imports.push(ms);
    }
    results['import of a 10,000-line .xlsx (upload + read + resolve)'] = fmt(imports);
    const file20k = await xlsx(20000);
    const before = rssMb(server.pid!);
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb(server.pid!))), 20);
    const [ms20] = await timed(() => importOnce(file20k));
    clearInterval(sampler);
    results['import of a 20,000-line .xlsx'] =
      `${ms20.toFixed(0)} ms; server RSS ${before.toFixed(0)} → peak ${peak.toFixed(0)} MB (growth ${(peak - before).toFixed(0)} MB)`;

    const fields = await c.call<{ fields: Array<{ id: string; value: string }> }>('order/get-fields', {});
    const v = (id: string) => Number(fields.fields.find((f) => f.id === id)!.value);
    const checkout = async (lines: number, runs: number) => {
      const xs: number[] = [];
      for (let k = 0; k < runs; k++) {
        const b = await c.call<{ id: number }>('basket/create', {});
        await c.call('basket/add', {
          id: b.id,
          fields: ids.slice(0, lines).map((product) => ({ product, quantity: 1 })),
        });
        const [ms] = await timed(() =>
          c.call('order/create', {
            fields: {
              basket: b.id,
              company: v('company'),
              paySystem: v('paySystem'),
              shipping: v('shipping'),
              // The pickup warehouse (decision 064), when the database has warehouses.
              ...(v('storage') ? { storage: v('storage') } : {}),
            },
          }),
        );
        xs.push(ms);
      }
      return xs;
    };
    results['order/create of a 50-line basket'] = fmt(await checkout(50, 20));
    results['order/create of a 1,000-line basket'] = fmt(await checkout(1000, 5));

    console.log(
      `\nOrdering benchmarks (${process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}, ${PRODUCTS} products)`,
    );
    for (const [k, v2] of Object.entries(results)) console.log(`- ${k}: ${v2}`);
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 1000));
    if (!process.env.BENCH_DATABASE_URL) rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
