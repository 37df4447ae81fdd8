/**
 * `npm run bench -- [--products N] [--duration S] [--label name] [--only part[,part]]`
 * `npm run bench -- --scenario exchange [--products N] [--partial M]` (the 1C exchange, bench/exchange.ts)
 * `DATABASE_URL=… npm run bench -- --scenario instances [--rounds R]` (two instances behind nginx, bench/instances.ts)
 * `npm run bench -- --scenario api [--products N]` (dealers' systems: keys, batch lookup, price lists, bench/api.ts)
 * `npm run bench -- --scenario account [--documents N] [--entries M]` (the dealer's account, bench/account.ts)
 * `npm run bench -- --scenario session [--calls N]` (the session check alone, bench/session.ts)
 * `npm run bench -- --scenario parts [--products N] [--links M] [--duration S]` (parts know-how, bench/parts.ts)
 * `DATABASE_URL=… npm run bench -- --scenario day [--dealers N] [--minutes M] [--think S] [--partial K]` (a busy day
 *   on two instances behind nginx, bench/day.ts)
 *
 * Catalogue benchmark (docs/performance.md): seeds a generated catalogue when the database is
 * empty, starts the server alone on 127.0.0.1 in its own process, signs in as `dealer`, then for each
 * scenario runs autocannon (in this process, not the server's): a warm-up, a single-connection run for
 * latency and a 10-connection run for throughput. PGlite in DATA_DIR by default; PostgreSQL with
 * DATABASE_URL. Latency percentiles are computed from every response time (exact p95).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { expandProductDetail, expandProducts, type LeanProductDetail, type LeanProductList } from '@portal/contract';
import { cannon } from './cannon.js';
import { groupCpuMs, groupRssMb, postgresCpuMs } from './cpu.js';
import { seedCatalogue, signIn, startServer, statementsOf } from './server.js';

const here = path.dirname(fileURLToPath(import.meta.url));
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
    /** `account`: documents of the timed sale exchange, and ledger entries in all (bench/account.ts). */
    documents: { type: 'string' },
    entries: { type: 'string' },
    /** `day`: signed-in dealers, minutes, mean think time in seconds (bench/day.ts). */
    dealers: { type: 'string' },
    minutes: { type: 'string' },
    think: { type: 'string' },
    /** `instances`: rounds of each side (bench/instances.ts). */
    rounds: { type: 'string' },
    /** `parts`: replacement links to have in all, default 20 % of the products (bench/parts.ts). */
    links: { type: 'string' },
    /** `session`: session checks timed one after another (bench/session.ts). */
    calls: { type: 'string' },
    /** `api`: the price lists' formats, in order (bench/api.ts). */
    formats: { type: 'string' },
    /**
     * The general /rest/ limit (decision 051): `raised` (default) counts every call exactly as shipped, with
     * thresholds a single benchmarking session cannot reach; `shipped` keeps 600/3,000 a minute (the bench's
     * one session is then refused within a second); `off` switches it off (REST_LIMIT_*=0).
     */
    limits: { type: 'string', default: 'raised' },
  },
});
if (values.scenario === 'exchange') {
  await import('./exchange.js');
  process.exit(0);
}
if (values.scenario === 'api') {
  // Dealers' systems: key against session, the batch lookup, price lists (bench/api.ts, decisions 213, 214).
  await import('./api.js');
  process.exit(0);
}
if (values.scenario === 'parts') {
  // Parts know-how: old numbers in search and quick order, a short basket's alternatives, «для моей техники».
  await import('./parts.js');
  process.exit(0);
}
if (values.scenario === 'instances') {
  await import('./instances.js');
  process.exit(0);
}
if (values.scenario === 'day') {
  // A busy day: dealers with think time on two instances behind nginx, 1C's partial exchange every minute.
  await import('./day.js');
  process.exit(0);
}
if (values.scenario === 'session') {
  // The session check's own cost per call, on either engine (bench/session.ts, decision 220).
  await import('./session.js');
  process.exit(0);
}
if (values.scenario === 'account') {
  // The dealer's account: sale exchange, settlements, ledger, акт сверки, checkout's credit rule (bench/account.ts).
  await import('./account.js');
  process.exit(0);
}
const products = Number(values.products);
const duration = Number(values.duration);
const port = Number(values.port);
const databaseUrl = process.env.DATABASE_URL || undefined;
const dataDir = process.env.DATA_DIR ?? path.join('/tmp', `portal-bench-${products}`);
const label = values.label ?? `${databaseUrl ? 'postgres' : 'pglite'}-${products}`;
const base = `http://127.0.0.1:${port}`;

const seconds = (ms: number) => Math.round(ms * 10) / 10;
const hundredths = (ms: number) => Math.round(ms * 100) / 100;

/**
 * Bytes as a client receives them: the server compresses answers of 2 KB and more, brotli at quality 4 and
 * gzip at level 3 (apps/server/src/app.ts); smaller ones go as they are.
 */
function received(body: Buffer): { raw: number; br: number; gz: number } {
  if (body.byteLength < 2048) return { raw: body.byteLength, br: body.byteLength, gz: body.byteLength };
  const br = brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }).byteLength;
  return { raw: body.byteLength, br, gz: gzipSync(body, { level: 3 }).byteLength };
}

/** The same catalogue answer in the spec's plain entities (the `dict` expanded, as the web does). */
function plainOf(method: string, body: Buffer): Buffer | undefined {
  const answer = JSON.parse(body.toString('utf8')) as { result?: unknown };
  if (!answer.result) return undefined;
  if (method === 'product/list')
    return Buffer.from(JSON.stringify({ result: expandProducts(answer.result as LeanProductList, 'ru') }));
  if (method === 'product/get')
    return Buffer.from(JSON.stringify({ result: expandProductDetail(answer.result as LeanProductDetail, 'ru') }));
  return undefined;
}

const statements = () => statementsOf(base);

seedCatalogue(products, dataDir, databaseUrl);
const server = await startServer({ port, dataDir, limits: values.limits, sessionSecret: 'bench-catalogue' });
try {
  const { cookie, sessid } = await signIn(base);
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

  type Facets = {
    items: Array<{ CODE: string; VALUES: Array<{ HTML_VALUE: string; VALUE: string; ELEMENT_COUNT: number }> }>;
  };
  /**
   * Two facets of a section, as a dealer ticks them: the first brand and the first machine model (or kind).
   * The second facet's value is picked from the counts with the first ticked, so the page is not empty.
   */
  const twoFacetsOf = async (sectionId: number) => {
    const first = (await call('product/get-filter', { filter: { category: sectionId } })).result as Facets;
    const chosen: Record<string, string> = {};
    let counts = first;
    for (const code of ['BRAND', 'MODEL', 'KIND']) {
      const v = counts.items.find((f) => f.CODE === code)?.VALUES.find((x) => x.ELEMENT_COUNT > 0)?.HTML_VALUE;
      if (v === undefined || Object.keys(chosen).length >= 2) continue;
      chosen[`F_${code}`] = v;
      counts = (await call('product/get-filter', { filter: { category: sectionId, ...chosen } })).result as Facets;
    }
    return { facets: first, chosen };
  };
  const { facets, chosen: twoFacets } = await twoFacetsOf(section.id);
  const card = (await call('product/list', { filter: { category: section.id }, size: 1 })).result as {
    items: Array<{ id: number }>;
  };
  const cardId = card.items[0]?.id ?? 1;
  // «Для моей техники» (decision 208): a machine of the dealer whose model the section carries (added when the
  // database was seeded before the machines were), and all of the dealer's machines.
  const sectionModel = facets.items.find((f) => f.CODE === 'MODEL')?.VALUES.find((x) => x.ELEMENT_COUNT > 0)?.VALUE;
  const machines = (
    (await call('machine/list', { size: -1 })).result as { items: Array<{ id: number; model: string }> }
  ).items;
  const machine =
    machines.find((m) => m.model === sectionModel) ??
    ((await call('machine/create', { model: sectionModel ?? 'Lexion 760', name: 'bench' })).result as {
      id: number;
      model: string;
    });
  const myMachine = { filter: { category: section.id, F_MACHINE: String(machine.id) }, size: 60 };
  const allMachines = { filter: { category: section.id, F_MACHINE: 'all' }, size: 60 };
  console.log(`machine ${machine.id} (${machine.model}); the dealer has ${machines.length || 1} machines`);
  const brandWord = 'Donaldson';
  const sectionPage = { filter: { category: section.id }, size: 60 };
  const filtered = { filter: { category: section.id, ...twoFacets }, size: 60 };
  console.log(`two facets: ${JSON.stringify(twoFacets)}; product card ${cardId}`);

  /*
   * Rotating scenarios: the peer asks a random category (of 40) and page (1–5), a random product for the card and
   * a random page of the whole catalogue (../shared/peer-bench/bench.js). Kept pages (decision 250) would make a
   * fixed page a memory read, so these walk as many distinct pages as the peer does, in a scattered order.
   */
  const scattered = <T>(xs: T[]) =>
    xs
      .map((x, i) => ({ x, k: (i * 7919) % 10007 }))
      .sort((a, b) => a.k - b.k)
      .map((e) => e.x);
  const rotationSections = sections.items.filter((x) => x.elementCnt >= 300).slice(0, 40);
  const sectionPages = (pages: number) =>
    scattered(rotationSections.flatMap((x) => Array.from({ length: pages }, (_, p) => ({ id: x.id, page: p + 1 }))));
  const cardIds = (
    (await call('product/list', { size: 200, page: 3 })).result as { items: Array<{ id: number }> }
  ).items.map((i) => i.id);
  const rotationFacets = await Promise.all(
    rotationSections.map(async (x) => ({ id: x.id, ...(await twoFacetsOf(x.id)) })),
  );
  console.log(
    `rotation: ${rotationSections.length} sections × 5 pages, ${cardIds.length} cards, 20 whole-catalogue pages`,
  );
  const withCounts = (filter: Record<string, unknown>, input: Record<string, unknown>) => [
    { method: 'product/list', input: { filter, ...input } },
    { method: 'product/get-filter', input: { filter } },
  ];

  /**
   * A scenario is one request or a page's requests in turn (`calls`); a page's row gives latency per request
   * and CPU and answer bytes per page (all its calls). «With counts» is a catalogue page as the web loads it:
   * `product/list` and `product/get-filter` for the same filter (docs/performance.md).
   */
  type Scenario = { name: string; calls: Array<{ method: string; input: unknown }>; perPage?: number };
  const one = (name: string, method: string, input: unknown): Scenario => ({ name, calls: [{ method, input }] });
  const scenarios: Scenario[] = [
    // The cost every call pays: the limit, the session check, sessid; the method itself reads one row.
    one('session check + limit (site settings)', 'site/get-main-settings', {}),
    {
      name: 'category page of 60 with counts',
      calls: [
        { method: 'product/list', input: sectionPage },
        { method: 'product/get-filter', input: { filter: sectionPage.filter } },
      ],
    },
    one('category page of 240', 'product/list', { ...sectionPage, size: 240 }),
    // The peer's «category-240-facets» is sorted by price (../shared/peer-bench/README.md).
    one('category page of 240 by price', 'product/list', { ...sectionPage, size: 240, sort: { PRICE: 'ASC' } }),
    // The peer's `category-240-facets` (../shared/peer-bench): 240 sorted by price, with the counts.
    {
      name: 'category page of 240 by price with counts',
      calls: [
        { method: 'product/list', input: { ...sectionPage, size: 240, sort: { PRICE: 'ASC' } } },
        { method: 'product/get-filter', input: { filter: sectionPage.filter } },
      ],
    },
    {
      name: 'filtered category (2 facets) with counts',
      calls: [
        { method: 'product/list', input: filtered },
        { method: 'product/get-filter', input: { filter: filtered.filter } },
      ],
    },
    one('whole catalogue page of 60', 'product/list', { size: 60 }),
    one('product card', 'product/get', { id: cardId }),
    one('section page (60 items, prices, stock)', 'product/list', sectionPage),
    one('section page sorted by price', 'product/list', { ...sectionPage, sort: { PRICE: 'ASC' } }),
    one('get-filter for a section (counts)', 'product/get-filter', { filter: sectionPage.filter }),
    one(`brand-word search ${brandWord}`, 'product/list', { filter: { search: brandWord }, size: 60 }),
    one('part-number search 6005-028-743', 'product/list', { filter: { search: '6005-028-743' }, size: 60 }),
    one('digits search 890176', 'product/list', { filter: { search: '890176' }, size: 60 }),
    one('suggestions RE5048', 'product/suggest', { search: 'RE5048' }),
    // «Для моей техники» (decision 208): the section narrowed to one machine's model, or to all the dealer's.
    one('my machine: section page of 60', 'product/list', myMachine),
    {
      name: 'my machine: section page of 60 with counts',
      calls: [
        { method: 'product/list', input: myMachine },
        { method: 'product/get-filter', input: { filter: myMachine.filter } },
      ],
    },
    one('all my machines: section page of 60', 'product/list', allMachines),
    one('all my machines: whole catalogue page of 60', 'product/list', { filter: { F_MACHINE: 'all' }, size: 60 }),
    {
      name: 'rotating: category page of 60 with counts',
      perPage: 2,
      calls: sectionPages(5).flatMap((p) => withCounts({ category: p.id }, { size: 60, page: p.page })),
    },
    {
      name: 'rotating: category page of 240 by price with counts',
      perPage: 2,
      calls: sectionPages(1).flatMap((p) => withCounts({ category: p.id }, { size: 240, sort: { PRICE: 'ASC' } })),
    },
    {
      name: 'rotating: filtered category (2 facets) with counts',
      perPage: 2,
      calls: rotationFacets.flatMap((f) => withCounts({ category: f.id, ...f.chosen }, { size: 60 })),
    },
    {
      name: 'rotating: whole catalogue page of 60',
      perPage: 1,
      calls: scattered(
        Array.from({ length: 20 }, (_, p) => ({ method: 'product/list', input: { size: 60, page: p + 1 } })),
      ),
    },
    {
      name: 'rotating: product card',
      perPage: 1,
      calls: scattered(cardIds).map((id) => ({ method: 'product/get', input: { id } })),
    },
  ].filter((s) => !values.only || values.only.split(',').some((o) => s.name.includes(o)));

  const databaseName = databaseUrl ? new URL(databaseUrl).pathname.slice(1) : undefined;
  const serverGroup = server.pid!;
  /** CPU ms of the server's process group and of the PostgreSQL backends serving this database. */
  const cpu = () => ({ server: groupCpuMs(serverGroup), database: databaseName ? postgresCpuMs(databaseName) : 0 });
  let peakRssMb = 0;
  const sampler = setInterval(() => {
    peakRssMb = Math.max(peakRssMb, groupRssMb(serverGroup));
  }, 200);
  const loadStart = loadavg();

  // The server's first seconds (JIT, caches, pool) fall on no scenario.
  await cannon(`${base}/rest/product/list?sessid=${sessid}`, headers, JSON.stringify(sectionPage), 2, 5);
  const rows: Array<Record<string, unknown>> = [];
  const details: Array<Record<string, unknown>> = [];
  for (const s of scenarios) {
    const sequence = s.calls.map((c) => ({
      path: `/rest/${c.method}?sessid=${sessid}`,
      body: JSON.stringify(c.input),
    }));
    const first = sequence[0]!;
    const run = (connections: number, seconds: number) =>
      cannon(
        `${base}${first.path}`,
        headers,
        first.body,
        connections,
        seconds,
        sequence.length > 1 ? sequence : undefined,
      );
    // Answer size: the body of each call, as sent and as received compressed; catalogue answers also in the
    // plain entities of the spec (decision 221 weighs the two).
    const bytes: number[] = [];
    const sizes = { br: 0, gz: 0, plainBr: 0, plainGz: 0 };
    const perPage = s.perPage ?? s.calls.length;
    for (const c of s.calls.slice(0, perPage)) {
      const r = await fetch(`${base}/rest/${c.method}?sessid=${sessid}`, {
        method: 'POST',
        headers,
        body: JSON.stringify(c.input),
      });
      const body = Buffer.from(await r.arrayBuffer());
      bytes.push(body.byteLength);
      const sent = received(body);
      const plain = received(plainOf(c.method, body) ?? body);
      sizes.br += sent.br;
      sizes.gz += sent.gz;
      sizes.plainBr += plain.br;
      sizes.plainGz += plain.gz;
    }
    const load = loadavg()[0]!;
    await run(2, Math.min(3, duration)); // warm-up
    const single = await run(1, duration);
    const before = cpu();
    const probeBefore = await statements();
    const ten = await run(10, duration);
    const probeAfter = await statements();
    const after = cpu();
    const pages = ten.count / perPage;
    const serverMs = (after.server - before.server) / pages;
    const databaseMs = (after.database - before.database) / pages;
    const row = {
      scenario: s.name,
      'p50 ms (1 conn)': seconds(single.p50),
      'p95 ms (1 conn)': seconds(single.p95),
      'req/s (10 conn)': Math.round(ten.rps),
      'p99 ms (10 conn)': seconds(ten.p99),
      'CPU ms/page': hundredths(serverMs + databaseMs),
      'server ms': hundredths(serverMs),
      'db ms': hundredths(databaseMs),
      'db trips/call': hundredths((probeAfter.statements - probeBefore.statements - 1) / ten.count),
      'tx/call': hundredths((probeAfter.transactions - probeBefore.transactions) / ten.count),
      KB: Math.round(bytes.reduce((a, b) => a + b, 0) / 102.4) / 10,
      'KB br': Math.round(sizes.br / 102.4) / 10,
      'KB gz': Math.round(sizes.gz / 102.4) / 10,
      'KB br plain': Math.round(sizes.plainBr / 102.4) / 10,
      'KB gz plain': Math.round(sizes.plainGz / 102.4) / 10,
      load: Math.round(load * 100) / 100,
      errors: single.errors + ten.errors,
    };
    rows.push(row);
    details.push({ scenario: s.name, calls: s.calls, bytes, pages: Math.round(pages), loadAfter: loadavg()[0] });
    console.log(JSON.stringify(row));
  }
  clearInterval(sampler);
  const loadEnd = loadavg();
  const report = {
    label,
    products,
    database: databaseUrl ? 'postgres' : 'pglite',
    duration,
    peakRssMb,
    loadAverage: { start: loadStart, end: loadEnd },
    at: new Date().toISOString(),
    rows,
    details,
  };
  mkdirSync(path.join(here, 'results'), { recursive: true });
  writeFileSync(path.join(here, 'results', `${label}.json`), JSON.stringify(report, null, 2));
  console.log(
    `\n${label}: peak server RSS ${peakRssMb} MB; load average ${loadStart.map((l) => l.toFixed(2)).join(' ')} at start, ${loadEnd.map((l) => l.toFixed(2)).join(' ')} at end`,
  );
  console.table(rows);
} finally {
  if (server.pid) process.kill(-server.pid, 'SIGTERM');
}
