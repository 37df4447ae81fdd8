/**
 * `npm run bench -- --scenario parts [--products N] [--links M] [--duration S] [--port P] [--label name]` — the
 * budgets of parts know-how (decisions 205–208; docs/performance.md «Parts know-how at 1,000,000 products»):
 *
 * (a) `product/list` searching an old number, a different one per request; (b) the quick order's resolver
 * (`basket/resolve`, as the web's «Заказ по номерам» sends it) of 1,000 pasted numbers, 30 % of them old;
 * (c) a basket of 1,000 lines, some short of stock, as the basket screen asks it: `basket-item/list` and
 * `basket-item/alternatives`; (d) «для моей техники»: a section's `product/list` with `F_MACHINE`.
 *
 * PGlite in DATA_DIR (default /tmp/portal-bench-parts-N) or PostgreSQL with DATABASE_URL; an empty database is
 * seeded by `cli-seed.ts --products N` first. Then replacement links are added, set-based, until there are
 * `--links` (default 20 % of N) — one-way chains of up to 3 old numbers, interchangeable pairs, sets and
 * products replaced by others — into `part_replacements`, the table the 1C exchange and the back office write;
 * its statement trigger bumps the catalogue version as theirs do, so cached search hits go. A second run adds
 * nothing. Only then the server starts (shipped settings, the /rest/ limit raised as bench/run.ts does).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { cannon } from './cannon.js';
import { groupCpuMs, postgresCpuMs } from './cpu.js';
import { seedCatalogue, signIn, startServer, statementsOf } from './server.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const { values } = parseArgs({
  options: {
    scenario: { type: 'string' },
    products: { type: 'string', default: '20000' },
    links: { type: 'string' },
    duration: { type: 'string', default: '10' },
    port: { type: 'string', default: '3470' },
    label: { type: 'string' },
    limits: { type: 'string', default: 'raised' },
  },
  strict: false,
});
const products = Number(values.products);
const targetLinks = values.links !== undefined ? Number(values.links) : Math.round(products * 0.2);
const duration = Number(values.duration);
const port = Number(values.port);
const databaseUrl = process.env.DATABASE_URL || undefined;
const dataDir = process.env.DATA_DIR ?? path.join('/tmp', `portal-bench-parts-${products}`);
const databaseName = databaseUrl ? new URL(databaseUrl).pathname.slice(1) : undefined;
const label = String(values.label ?? `parts-${databaseUrl ? 'postgres' : 'pglite'}-${products}`);
const base = `http://127.0.0.1:${port}`;
if (!Number.isInteger(targetLinks) || targetLinks < 0) throw new Error('--links must be a whole number');

const BUDGETS = { search: 15, resolve: 500, basket: 60, machine: 30 };
const OLD_SHARE = 0.3;
const PASTED = 1000;
const BASKET_LINES = 1000;

/**
 * Adds links until `part_replacements` holds `target`, in one INSERT … SELECT over the active products ranked
 * by id. Rank r gives, by r mod 10: 0, 1, 2 — a one-way chain of 3, 1 or 2 old numbers the catalogue no longer
 * carries (`S3-x` → `S2-x` → `S1-x` → x, stated by x's card as 1C's «Заменяет» does); 3 — interchangeable with
 * the next product; 5 — a set: the old number `K-x` = 2 × x + 1 × the next product; 7 — x, still in the
 * catalogue, replaced one-way by the next product (every 20th of these from a date in the past). Partners are
 * ranks 4, 6 and 8, which state nothing, so no loop can form. Groups of ten ranks are taken in a scattered
 * order, so the links spread over the whole catalogue; a chain is never split but at the very end.
 */
async function addLinks(db: import('../apps/server/src/db/database.js').Db, target: number) {
  const before = Number(
    (await sql<{ n: string }>`SELECT count(*)::text AS n FROM part_replacements`.execute(db)).rows[0]!.n,
  );
  const wanted = target - before;
  if (wanted <= 0) return { before, added: 0, ms: 0 };
  const t0 = performance.now();
  const result = await sql`
    WITH pairs AS (
      -- One pass over the products: each with its rank and the next product (no self-join of a million rows).
      SELECT row_number() OVER w AS r, article, article_key AS key, brand,
             lead(article) OVER w AS b_article, lead(article_key) OVER w AS b_key, lead(brand) OVER w AS b_brand
      FROM products WHERE active AND article_key <> ''
      WINDOW w AS (ORDER BY id)
    ),
    candidates AS (
      SELECT r, s AS step, 'S' || s || '-' || article AS old_article, 'S' || s || key AS old_key, brand AS old_brand,
             CASE WHEN s = 1 THEN article ELSE 'S' || (s - 1) || '-' || article END AS new_article,
             CASE WHEN s = 1 THEN key ELSE 'S' || (s - 1) || key END AS new_key, brand AS new_brand,
             'REPLACED' AS kind, 1 AS ratio, NULL::date AS effective_from, key AS carrier
      FROM pairs CROSS JOIN generate_series(1, 3) AS s
      WHERE r % 10 IN (0, 1, 2) AND s <= CASE r % 10 WHEN 0 THEN 3 WHEN 1 THEN 1 ELSE 2 END
      UNION ALL
      SELECT r, 1, article, key, brand, b_article, b_key, b_brand, 'INTERCHANGEABLE', 1, NULL, key
      FROM pairs WHERE r % 10 = 3 AND b_key IS NOT NULL AND b_key <> key
      UNION ALL
      SELECT r, 1, 'K-' || article, 'K' || key, brand, article, key, brand, 'REPLACED', 2, NULL, 'K' || key
      FROM pairs WHERE r % 10 = 5 AND b_key IS NOT NULL AND b_key <> key
      UNION ALL
      SELECT r, 2, 'K-' || article, 'K' || key, brand, b_article, b_key, b_brand, 'REPLACED', 1, NULL, 'K' || key
      FROM pairs WHERE r % 10 = 5 AND b_key IS NOT NULL AND b_key <> key
      UNION ALL
      SELECT r, 1, article, key, brand, b_article, b_key, b_brand, 'REPLACED', 1,
             CASE WHEN r % 20 = 17 THEN DATE '2025-01-01' END, key
      FROM pairs WHERE r % 10 = 7 AND b_key IS NOT NULL AND b_key <> key
    )
    INSERT INTO part_replacements (old_article, old_article_key, old_brand, new_article, new_article_key, new_brand,
                                   kind, ratio, effective_from, source, carrier_key)
    SELECT old_article, old_key, old_brand, new_article, new_key, new_brand, kind, ratio, effective_from, '1C', carrier
    FROM candidates c
    WHERE NOT EXISTS (
      SELECT 1 FROM part_replacements x
      WHERE x.old_article_key = c.old_key AND x.new_article_key = c.new_key AND x.kind = c.kind
    )
    ORDER BY ((r::bigint / 10) * 7919) % (${Math.floor(products / 10) + 1})::bigint, r, step
    LIMIT ${wanted}
    ON CONFLICT DO NOTHING`.execute(db);
  const inserted = Number(result.numAffectedRows ?? 0);
  const insertMs = performance.now() - t0;
  // The planner's statistics follow the new rows, as refreshAfterImport does after a large exchange.
  await sql`ANALYZE part_replacements`.execute(db);
  return { before, added: inserted, ms: performance.now() - t0, insertMs };
}

/** What the measures ask, read before the server starts (PGlite has one process at a time). */
async function prepare() {
  const { openDatabase } = await import('../apps/server/src/db/database.js');
  const handle = await openDatabase({ dataDir, databaseUrl });
  try {
    // 200,000 links over 1,000,000 products outlast the product's statement timeout (docs/design.md §8), meant
    // for a dealer's call, not for a bench's bulk insert.
    const links = await handle.db.transaction().execute(async (tx) => {
      await sql`SET LOCAL statement_timeout = 0`.execute(tx);
      return addLinks(tx, targetLinks);
    });
    const total = (
      await sql<{ n: number; kinds: string }>`
        SELECT sum(n)::int AS n, string_agg(kind || ' ' || n, ', ' ORDER BY kind) AS kinds
        FROM (SELECT kind, count(*) AS n FROM part_replacements GROUP BY kind) k`.execute(handle.db)
    ).rows[0]!;
    // Old numbers of the added links a dealer may type: chain heads, sets and replaced products, whose current
    // parts are all active (lookupReplacements resolves only those), in a scattered order.
    const old = (
      await sql<{ article: string }>`
        SELECT DISTINCT ON (r.old_article_key) r.old_article AS article, r.id
        FROM part_replacements r
        WHERE r.kind = 'REPLACED' AND r.source = '1C'
          AND (r.effective_from IS NULL OR r.effective_from <= CURRENT_DATE)
          AND NOT EXISTS (SELECT 1 FROM part_replacements p WHERE p.new_article_key = r.old_article_key AND p.kind = 'REPLACED')
        ORDER BY r.old_article_key, r.id`.execute(handle.db)
    ).rows.map((r) => r.article);
    const scattered = old
      .map((article, i) => ({ article, k: (i * 7919) % old.length }))
      .sort((a, b) => a.k - b.k)
      .map((x) => x.article);
    // Current numbers: active, priced parts nothing replaces, one product per number; about 20,000 of them,
    // taken every `step` ids across the catalogue (a million products are not grouped for it).
    const step = Math.max(1, Math.floor(products / 20000));
    const current = (
      await sql<{ article: string }>`
        SELECT min(p.article) AS article FROM products p
        WHERE p.id % ${step} = 0 AND p.active AND EXISTS (SELECT 1 FROM product_prices pp WHERE pp.product_id = p.id)
          AND NOT EXISTS (SELECT 1 FROM part_replacements r WHERE r.old_article_key = p.article_key)
        GROUP BY p.article_key HAVING count(*) = 1
        ORDER BY min(p.id) LIMIT 20000`.execute(handle.db)
    ).rows.map((r) => r.article);
    // The basket: 600 priced products whose number has a replacement or an interchangeable one (their
    // alternatives), then others; every third line asks for more than the warehouses hold.
    const linesOf = (linked: boolean, limit: number) =>
      sql<{ id: number; stock: number; factor: number }>`
      SELECT p.id, floor(coalesce(p.stock_real, 0))::int AS stock, greatest(1, coalesce(p.measure_factor, 1))::float8 AS factor
      FROM products p
      WHERE p.active AND EXISTS (SELECT 1 FROM product_prices pp WHERE pp.product_id = p.id)
        AND ${linked ? sql`` : sql`NOT`} EXISTS (SELECT 1 FROM part_replacements r WHERE r.old_article_key = p.article_key)
      ORDER BY (p.id::bigint * 7919) % 100003, p.id
      LIMIT ${limit}`.execute(handle.db);
    const linked = (await linesOf(true, Math.round(BASKET_LINES * 0.6))).rows;
    const lines = [...linked, ...(await linesOf(false, BASKET_LINES - linked.length)).rows];
    return { links, total, old: scattered, current, lines };
  } finally {
    await handle.close();
  }
}

const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

console.log(`parts bench: ${databaseUrl ? `PostgreSQL ${databaseName}` : `PGlite ${dataDir}`}, ${products} products`);
seedCatalogue(products, dataDir, databaseUrl);
const prepared = await prepare();
const { links } = prepared;
console.log(
  links.added > 0
    ? `replacement links: ${links.before} → ${links.before + links.added} (+${links.added}) in ${round(links.ms / 1000, 2)} s` +
        ` (INSERT … SELECT ${round((links.insertMs ?? 0) / 1000, 2)} s, then ANALYZE)`
    : `replacement links: ${links.before} already (target ${targetLinks}); nothing added`,
);
console.log(
  `  by kind: ${prepared.total.kinds}; ${prepared.old.length} old numbers to type, ${prepared.current.length} current`,
);
if (prepared.old.length === 0) throw new Error('no old numbers to search: add links (--links)');
if (prepared.lines.length < BASKET_LINES)
  throw new Error(`only ${prepared.lines.length} priced products for the basket`);

const server = await startServer({ port, dataDir, limits: String(values.limits), sessionSecret: 'bench-parts' });
try {
  const { cookie, sessid } = await signIn(base);
  const headers = { cookie, 'content-type': 'application/json' };
  const url = (method: string) => `${base}/rest/${method}?sessid=${sessid}`;
  const call = async <T>(method: string, input: unknown): Promise<T> => {
    const r = await fetch(url(method), { method: 'POST', headers, body: JSON.stringify(input) });
    const body = (await r.json()) as { result?: T; error_description?: string };
    if (r.status !== 200 || body.result === undefined)
      throw new Error(`${method}: ${r.status} ${body.error_description}`);
    return body.result;
  };
  const serverGroup = server.pid!;
  /** CPU ms of the server's process group and of the PostgreSQL backends serving this database. */
  const cpu = () => ({ server: groupCpuMs(serverGroup), database: databaseName ? postgresCpuMs(databaseName) : 0 });
  /** CPU ms a call, server and database apart, and the database round trips a call (the /metrics probe). */
  async function costOf<T>(calls: () => Promise<{ count: number } & T>) {
    const [before, probe] = [cpu(), await statementsOf(base)];
    const result = await calls();
    const [after, probeAfter] = [cpu(), await statementsOf(base)];
    const n = Math.max(1, result.count);
    return {
      result,
      serverMs: round((after.server - before.server) / n, 2),
      databaseMs: round((after.database - before.database) / n, 2),
      trips: round((probeAfter.statements - probe.statements - 1) / n, 2),
    };
  }
  const loadStart = loadavg();
  const rows: Array<{
    measure: string;
    p50: number;
    p95: number;
    budget: number;
    cpuMs: number;
    serverMs: number;
    databaseMs: number;
    trips: number;
    calls: number;
    errors: number;
    note: string;
  }> = [];

  /** One connection for `duration` seconds after a warm-up, cycling through `bodies`; CPU over the timed run. */
  async function measure(name: string, method: string, bodies: unknown[], budget: number, note: string) {
    const sequence = bodies.map((b) => ({ path: `/rest/${method}?sessid=${sessid}`, body: JSON.stringify(b) }));
    const run = (connections: number, seconds: number) =>
      cannon(url(method), headers, sequence[0]!.body, connections, seconds, sequence.length > 1 ? sequence : undefined);
    await run(1, Math.min(3, duration));
    const { result: single, serverMs, databaseMs, trips } = await costOf(() => run(1, duration));
    const row = {
      measure: name,
      p50: round(single.p50),
      p95: round(single.p95),
      budget,
      cpuMs: round(serverMs + databaseMs, 2),
      serverMs,
      databaseMs,
      trips,
      calls: single.count,
      errors: single.errors,
      note,
    };
    rows.push(row);
    console.log(JSON.stringify(row));
  }

  // (a) Search by an old number: a different one per request, each first checked to find its current part.
  const searches = prepared.old.slice(0, 5000).map((article) => ({ filter: { search: article }, size: 60 }));
  // Found as after a real exchange: the current part first, matched as a replacement (search.ts, tier 0).
  let resolvedFirst = 0;
  for (const s of searches.slice(0, 20)) {
    const found = await call<{ items: Array<{ id: number; match?: { kind: string } }> }>('product/list', s);
    if (found.items[0]?.match?.kind === 'REPLACED') resolvedFirst++;
  }
  console.log(`(a) ${resolvedFirst} of 20 sampled old numbers find their current part first`);
  if (resolvedFirst < 20)
    throw new Error('old numbers do not lead to their current parts: the search misses the links');
  await measure(
    '(a) search by an old number (`product/list`, 60)',
    'product/list',
    searches,
    BUDGETS.search,
    `${searches.length} distinct old numbers in turn`,
  );

  // (b) The quick order's resolver: 1,000 pasted numbers, 30 % old, a different mix per call.
  const oldPerCall = Math.round(PASTED * OLD_SHARE);
  const textOf = (k: number) => {
    const out: string[] = [];
    let o = k * oldPerCall;
    let c = k * (PASTED - oldPerCall);
    for (let i = 0; i < PASTED; i++) {
      const article =
        i % 10 < OLD_SHARE * 10
          ? prepared.old[o++ % prepared.old.length]
          : prepared.current[c++ % prepared.current.length];
      out.push(`${article} ${(i % 9) + 1}`);
    }
    return out.join('\n');
  };
  const check = await call<{ lines: Array<{ replaced?: unknown }>; found: number; notFound: number }>(
    'basket/resolve',
    { text: textOf(0) },
  );
  const replacedLines = check.lines.filter((l) => l.replaced).length;
  console.log(
    `(b) one call: ${check.found} found, ${check.notFound} not found, ${replacedLines} lines from old numbers`,
  );
  await call('basket/resolve', { text: textOf(1) });
  const times: number[] = [];
  const resolveCalls = Math.max(20, duration * 2);
  const resolveCost = await costOf(async () => {
    for (let k = 0; k < resolveCalls; k++) {
      const text = textOf(k + 2);
      const t0 = performance.now();
      await call('basket/resolve', { text });
      times.push(performance.now() - t0);
    }
    return { count: resolveCalls };
  });
  times.sort((a, b) => a - b);
  const at = (p: number) => times[Math.min(times.length - 1, Math.ceil((p / 100) * times.length) - 1)]!;
  rows.push({
    measure: '(b) quick order: `basket/resolve` of 1,000 pasted numbers, 30 % old',
    p50: round(at(50)),
    p95: round(at(95)),
    budget: BUDGETS.resolve,
    cpuMs: round(resolveCost.serverMs + resolveCost.databaseMs, 2),
    serverMs: resolveCost.serverMs,
    databaseMs: resolveCost.databaseMs,
    trips: resolveCost.trips,
    calls: resolveCalls,
    errors: 0,
    note: `max ${round(times.at(-1)!)} ms; ${replacedLines} replaced lines in the first call`,
  });
  console.log(JSON.stringify(rows.at(-1)));

  // (c) A basket of 1,000 lines, every third short of stock, as the basket screen loads it.
  const basket = await call<{ id: number }>('basket/create', { name: `bench parts ${Date.now()}` });
  const fields = prepared.lines.map((l, i) => ({
    product: l.id,
    quantity: i % 3 === 0 ? Math.ceil((l.stock + 3) / l.factor) * l.factor : l.factor,
  }));
  const added = await call<{ failed: unknown[] }>('basket/add', { id: basket.id, fields });
  const short = await call<{ items: Array<{ alternatives: unknown[] }> }>('basket-item/alternatives', {
    basket: basket.id,
  });
  const withAlternatives = short.items.filter((i) => i.alternatives.length > 0).length;
  console.log(
    `(c) basket of ${fields.length} lines (${added.failed.length} refused): ${short.items.length} short, ${withAlternatives} with alternatives`,
  );
  const basketNote = `${short.items.length} short lines, ${withAlternatives} with alternatives`;
  await measure(
    '(c) basket of 1,000 lines: `basket-item/list`',
    'basket-item/list',
    [{ size: -1, filter: { basket: basket.id } }],
    BUDGETS.basket,
    basketNote,
  );
  await measure(
    '(c) basket of 1,000 lines: `basket-item/alternatives`',
    'basket-item/alternatives',
    [{ basket: basket.id }],
    BUDGETS.basket,
    basketNote,
  );

  // (d) «Для моей техники» (decision 208): a section page narrowed to one of the dealer's machines, whose model
  // the section carries (a machine added when the dealer has none of it, as bench/run.ts does).
  const sections = await call<{ items: Array<{ id: number; code: string; elementCnt: number }> }>('section/list', {
    size: -1,
    filter: { level: 2 },
  });
  const section = sections.items.find((s) => s.code === 'oil-filters') ?? sections.items[0]!;
  const facets = await call<{
    items: Array<{ CODE: string; VALUES: Array<{ VALUE: string; ELEMENT_COUNT: number }> }>;
  }>('product/get-filter', { filter: { category: section.id } });
  const model = facets.items.find((f) => f.CODE === 'MODEL')?.VALUES.find((v) => v.ELEMENT_COUNT > 0)?.VALUE;
  const machines = (await call<{ items: Array<{ id: number; model: string }> }>('machine/list', { size: -1 })).items;
  const machine =
    machines.find((m) => m.model === model) ??
    (await call<{ id: number; model: string }>('machine/create', { model: model ?? 'Lexion 760', name: 'bench' }));
  const page = { filter: { category: section.id, F_MACHINE: String(machine.id) }, size: 60 };
  const fit = await call<{ count: number }>('product/list', page);
  console.log(
    `(d) section ${section.code} (${section.elementCnt} products), machine ${machine.model}: ${fit.count} fit`,
  );
  await measure(
    '(d) «для моей техники»: section page of 60 (`product/list`, `F_MACHINE`)',
    'product/list',
    [page],
    BUDGETS.machine,
    `${section.code}: ${fit.count} of ${section.elementCnt} fit ${machine.model}`,
  );
  await call('basket/delete', { id: basket.id }).catch(() => undefined);

  const loadEnd = loadavg();
  const loads = (l: number[]) => l.map((x) => x.toFixed(2)).join(' ');
  const table = [
    '| measure | p50 ms | p95 ms | budget | within | CPU ms/call | server ms | db ms | db trips/call | calls | note |',
    '| --- | ---: | ---: | --- | --- | ---: | ---: | ---: | ---: | ---: | --- |',
    ...rows.map(
      (r) =>
        `| ${r.measure} | ${r.p50} | ${r.p95} | p95 < ${r.budget} ms | ${r.p95 < r.budget && r.errors === 0 ? 'yes' : 'NO'} | ` +
        `${r.cpuMs} | ${r.serverMs} | ${databaseName ? r.databaseMs : 'in server'} | ${r.trips} | ${r.calls} | ${r.note}${r.errors ? `; ${r.errors} errors` : ''} |`,
    ),
  ].join('\n');
  console.log(
    `\n### Parts know-how: ${products} products, ${prepared.total.n} replacement links, ${databaseUrl ? 'PostgreSQL' : 'PGlite'}\n\n` +
      `Load average ${loads(loadStart)} before, ${loads(loadEnd)} after; 1 connection, ${duration} s a measure.` +
      (links.added > 0 ? ` Links added in ${round(links.ms / 1000, 2)} s.` : '') +
      `\n\n${table}\n`,
  );
  mkdirSync(path.join(here, 'results'), { recursive: true });
  const file = path.join(here, 'results', `${label}.json`);
  writeFileSync(
    file,
    JSON.stringify(
      {
        label,
        products,
        links: { total: prepared.total.n, byKind: prepared.total.kinds, ...links },
        database: databaseUrl ? 'postgres' : 'pglite',
        duration,
        loadAverage: { start: loadStart, end: loadEnd },
        at: new Date().toISOString(),
        budgets: BUDGETS,
        rows,
      },
      null,
      2,
    ),
  );
  console.log(`written ${path.relative(process.cwd(), file)}`);
} finally {
  if (server.pid) process.kill(-server.pid, 'SIGTERM');
}
