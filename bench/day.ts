/**
 * `DATABASE_URL=postgres://… npm run bench -- --scenario day [--dealers 300] [--minutes 5] [--think 5]
 *   [--products 20000] [--partial 2000] [--port 3290] [--label name]`
 *
 * A busy day on two instances (docs/performance.md, «A busy day on two instances»): two server processes on one
 * PostgreSQL behind `deploy/nginx.conf` (Debian's nginx, as the two-instance test runs it; decision 085), the
 * limits as shipped (the general /rest/ limit, sessions, sessid, the sign-in throttle). Each signed-in dealer
 * calls from an address of its own (127.0.x.y: nginx passes it on, so the per-address limit is a dealer's), waits
 * a think time (exponential, mean --think seconds) between actions and picks one: search 35 %, a category page
 * (list + counts) 30 %, a card 15 %, a basket write 12 %, a checkout 5 %, the order list 3 %. Every minute 1C
 * sends a partial exchange of --partial offers through the proxy. Prints p50/p95/p99 per kind, errors, orders
 * placed against orders in the database, and CPU per call (both instances and this database's backends).
 * The catalogue of --products generated products is imported once through the exchange when the database lacks it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { startNginx } from '../apps/server/src/testing/nginx.js';
import { percentile } from './cannon.js';
import { EXCHANGE, importXml, OneC, offersXml, writeXml } from './commerceml.js';
import { groupCpuMs, postgresCpuMs } from './cpu.js';
import { serverNodeArgs } from './server-node-args.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const { values } = parseArgs({
  options: {
    scenario: { type: 'string' },
    dealers: { type: 'string', default: '300' },
    minutes: { type: 'string', default: '5' },
    think: { type: 'string', default: '5' },
    products: { type: 'string', default: '20000' },
    partial: { type: 'string', default: '2000' },
    port: { type: 'string', default: '3290' },
    label: { type: 'string' },
  },
});
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  console.error('The day scenario needs PostgreSQL: DATABASE_URL=postgres://… npm run bench -- --scenario day');
  process.exit(2);
}
const dealers = Number(values.dealers);
const minutes = Number(values.minutes);
const thinkMs = Number(values.think) * 1000;
const products = Number(values.products);
const partial = Math.min(Number(values.partial), products);
const port = Number(values.port);
const label = values.label ?? `day-${dealers}x${minutes}`;
const databaseName = new URL(databaseUrl).pathname.slice(1);
const DEALER_PASSWORD = 'Dealer#2026';

/** The kinds of a dealer's action and their shares (decision 233). */
const KINDS = [
  ['search', 35],
  ['category page', 30],
  ['card', 15],
  ['basket write', 12],
  ['checkout', 5],
  ['order list', 3],
] as const;
type Kind = (typeof KINDS)[number][0] | 'new basket after checkout';

function startServer(p: number, dataDir: string): Promise<ChildProcess> {
  // As `npm start` runs it (serverNodeArgs), without the web build: the API is what is measured. Both instances
  // share DATA_DIR as instances on one host share a disk: the exchange's pieces may reach either.
  const child = spawn(process.execPath, serverNodeArgs('src/testing/serve.ts'), {
    cwd: path.join(root, 'apps/server'),
    env: {
      ...process.env,
      PORT: String(p),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DEMO_SEED: 'on',
      SESSION_SECRET: 'bench-day',
      TRUST_PROXY: '127.0.0.1',
      EXCHANGE_LOGIN: EXCHANGE.login,
      EXCHANGE_PASSWORD: EXCHANGE.password,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: true,
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
      if (child.exitCode !== null || Date.now() - started > 300_000) return reject(new Error('a server did not start'));
      setTimeout(() => void poll(), 500);
    };
    void poll();
  });
}

/** A dealer's browser: its own source address (nginx's $remote_addr), one kept-alive connection, a cookie. */
class Browser {
  cookie = '';
  sessid = '';
  private readonly agent: http.Agent;
  constructor(
    private readonly proxy: URL,
    readonly address: string,
  ) {
    this.agent = new http.Agent({ keepAlive: true, maxSockets: 2, localAddress: address });
  }

  private post(pathname: string, body: string, headers: Record<string, string>) {
    return new Promise<{ status: number; text: string; setCookie?: string }>((resolve, reject) => {
      const req = http.request(
        {
          host: this.proxy.hostname,
          port: this.proxy.port,
          path: pathname,
          method: 'POST',
          agent: this.agent,
          headers: { 'content-type': 'application/json', ...(this.cookie ? { cookie: this.cookie } : {}), ...headers },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              text: Buffer.concat(chunks).toString('utf8'),
              setCookie: res.headers['set-cookie']?.[0],
            }),
          );
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  }

  /** A /rest/ call; throws on anything but 200, so the caller counts it as an error. */
  async call<T>(name: string, input: unknown, headers: Record<string, string> = {}): Promise<T> {
    for (let attempt = 0; attempt < 2; attempt++) {
      const r = await this.post(
        `/rest/${name}?sessid=${encodeURIComponent(this.sessid)}`,
        JSON.stringify(input),
        headers,
      );
      if (r.setCookie) this.cookie = r.setCookie.split(';')[0]!;
      const json = JSON.parse(r.text || '{}') as { result?: T & { sessid?: string }; error?: string; sessid?: string };
      if (json.error === 'SESSION_FAILED' && json.sessid && attempt === 0) {
        this.sessid = json.sessid;
        continue;
      }
      if (r.status !== 200) throw new Error(`${name}: ${r.status} ${r.text.slice(0, 200)}`);
      if (name === 'user/login' && json.result?.sessid) this.sessid = json.result.sessid;
      return json.result as T;
    }
    throw new Error(`${name}: session failed twice`);
  }

  close() {
    this.agent.destroy();
  }
}

/** 127.0.x.y for dealer i (never 127.0.0.1, the proxy's own address, which the servers trust). */
const addressOf = (i: number) => `127.0.${1 + Math.floor(i / 250)}.${2 + (i % 250)}`;
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(Math.random() * xs.length)]!;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Dealers `bench-day-1…N`: copies of the demo `dealer` (its password, group and companies). */
async function ensureDealers(db: pg.Client, n: number): Promise<void> {
  const columns = async (table: string) =>
    (
      await db.query<{ column_name: string }>(
        `SELECT column_name FROM information_schema.columns
         WHERE table_schema = current_schema() AND table_name = $1 AND column_name <> 'id' AND is_generated = 'NEVER'
         ORDER BY ordinal_position`,
        [table],
      )
    ).rows.map((r) => r.column_name);
  const userColumns = await columns('users');
  const value = (c: string) =>
    c === 'login' ? `'bench-day-' || g` : c === 'email' ? `'bench-day-' || g || '@example.ru'` : `u.${c}`;
  await db.query(
    `INSERT INTO users (${userColumns.join(', ')})
     SELECT ${userColumns.map(value).join(', ')} FROM users u, generate_series(1, $1::int) g
     WHERE u.login = 'dealer' AND NOT EXISTS (SELECT 1 FROM users x WHERE lower(x.login) = 'bench-day-' || g)`,
    [n],
  );
  // The full exchange leaves only 1C's products active: the dealers buy at 1C's dealer price type, as a
  // deployment maps its dealers after the first exchange.
  await db.query(
    `UPDATE users SET price_type_id = coalesce((SELECT id FROM price_types WHERE external_id = 'bench-dealer'), price_type_id)
     WHERE login LIKE 'bench-day-%'`,
  );
  const companyColumns = (await columns('counterparties')).filter((c) => c !== 'user_id');
  await db.query(
    `INSERT INTO counterparties (user_id, ${companyColumns.join(', ')})
     SELECT nu.id, ${companyColumns.map((c) => `c.${c}`).join(', ')}
     FROM counterparties c JOIN users d ON d.id = c.user_id AND d.login = 'dealer'
     CROSS JOIN users nu
     WHERE nu.login LIKE 'bench-day-%' AND NOT EXISTS (SELECT 1 FROM counterparties x WHERE x.user_id = nu.id)`,
  );
}

interface Dealer {
  browser: Browser;
  basket: number;
  lines: number;
  fields: Record<string, number>;
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-bench-day-'));
const files = `${dataDir}-files`;
mkdirSync(files, { recursive: true });
const servers: ChildProcess[] = [];
let stopNginx = async () => {};
const db = new pg.Client({ connectionString: databaseUrl });
const browsers: Browser[] = [];
try {
  servers.push(await startServer(port + 1, dataDir));
  servers.push(await startServer(port + 2, dataDir));
  const nginx = await startNginx([`127.0.0.1:${port + 1}`, `127.0.0.1:${port + 2}`]);
  stopNginx = nginx.stop;
  const proxy = new URL(nginx.url);
  await db.connect();

  // The generated catalogue the minute's partial exchanges update (imported once per database).
  const have = Number(
    (await db.query<{ n: string }>(`SELECT count(*) AS n FROM products WHERE external_id LIKE 'bench-%'`)).rows[0]!.n,
  );
  if (have < products) {
    console.log(`importing ${products} generated products through the exchange…`);
    const t0 = performance.now();
    await writeXml(path.join(files, 'import.xml'), () => importXml(products));
    await writeXml(path.join(files, 'offers.xml'), () => offersXml(products, false, 0));
    const c = new OneC(nginx.url);
    await c.start('catalog');
    await c.send(path.join(files, 'import.xml'), 'import.xml');
    await c.import('import.xml');
    await c.send(path.join(files, 'offers.xml'), 'offers.xml');
    await c.import('offers.xml');
    console.log(`imported in ${Math.round((performance.now() - t0) / 1000)} s`);
  }
  const exchanges = Math.max(1, Math.ceil(minutes));
  for (let m = 0; m < exchanges; m++) {
    await writeXml(path.join(files, `partial-${m}.xml`), () => offersXml(partial, true, 31 * (m + 1)));
  }

  await ensureDealers(db, dealers);
  const { rows: priced } = await db.query<{ id: number }>(
    `SELECT p.id FROM products p
     WHERE p.active AND EXISTS (
       SELECT 1 FROM product_prices pp WHERE pp.product_id = p.id AND pp.price_type_id = (
         SELECT coalesce(u.price_type_id, (SELECT id FROM price_types WHERE is_default ORDER BY sort, id LIMIT 1))
         FROM users u WHERE u.login = 'bench-day-1'))
     ORDER BY random() LIMIT 500`,
  );
  if (priced.length === 0) throw new Error('no product has a price for the dealers');
  const basketProducts = priced.map((r) => r.id);

  // Sign-ins, a few at a time (each costs a password hash), each from the dealer's own address.
  console.log(`signing in ${dealers} dealers…`);
  const team: Dealer[] = [];
  let nextDealer = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (nextDealer < dealers) {
        const i = nextDealer++;
        const browser = new Browser(proxy, addressOf(i));
        browsers.push(browser);
        await browser.call('site/get-main-settings', {});
        await browser.call(
          'user/login',
          {},
          {
            authorization: `Basic ${Buffer.from(`bench-day-${i + 1}:${DEALER_PASSWORD}`).toString('base64')}`,
          },
        );
        const basket = await browser.call<{ id: number }>('basket/create', { name: 'day' });
        const got = await browser.call<{ fields: Array<{ id: string; value: string }> }>('order/get-fields', {});
        const fields: Record<string, number> = {};
        for (const id of ['company', 'paySystem', 'shipping', 'storage']) {
          const v = Number(got.fields.find((f) => f.id === id)?.value);
          if (v) fields[id] = v;
        }
        team.push({ browser, basket: basket.id, lines: 0, fields });
      }
    }),
  );

  const first = team[0]!.browser;
  const sections = (
    await first.call<{ items: Array<{ id: number; elementCnt: number }> }>('section/list', {
      size: -1,
      filter: { level: 2 },
    })
  ).items.filter((s) => s.elementCnt > 0);
  const cardIds: number[] = [];
  for (const s of sections.slice(0, 20)) {
    const page = await first.call<{ items: Array<{ id: number }> }>('product/list', {
      filter: { category: s.id },
      size: 20,
    });
    cardIds.push(...page.items.map((x) => x.id));
  }
  const words = [
    'фильтр',
    'Donaldson',
    'подшипник',
    'BX-00012',
    '890176',
    'ремень',
    'Mann-Filter',
    'датчик',
    'сальник',
  ];

  // ——— the day ———
  const times = new Map<Kind, number[]>();
  const errors = new Map<Kind, string[]>();
  let calls = 0;
  const timed = async (kind: Kind, work: () => Promise<unknown>, callsInIt = 1) => {
    const t0 = performance.now();
    try {
      await work();
      const list = times.get(kind) ?? [];
      list.push(performance.now() - t0);
      times.set(kind, list);
    } catch (err) {
      const list = errors.get(kind) ?? [];
      list.push(err instanceof Error ? err.message : String(err));
      errors.set(kind, list);
    }
    calls += callsInIt;
  };
  let ordersPlaced = 0;
  const dayStart = new Date();
  const cpu = () => servers.reduce((sum, s) => sum + groupCpuMs(s.pid!), 0) + postgresCpuMs(databaseName);
  const cpuStart = cpu();
  const loadStart = loadavg();
  const endAt = Date.now() + minutes * 60_000;
  const weights = KINDS.reduce((a, [, w]) => a + w, 0);

  async function act(d: Dealer) {
    let r = Math.random() * weights;
    const kind = KINDS.find(([, w]) => (r -= w) < 0)?.[0] ?? 'search';
    const b = d.browser;
    switch (kind) {
      case 'search':
        return timed(kind, () => b.call('product/list', { filter: { search: pick(words) }, size: 60 }));
      case 'category page': {
        const filter = { category: pick(sections).id };
        // As the web loads a catalogue page: the list and its counts side by side.
        return timed(
          kind,
          () => Promise.all([b.call('product/list', { filter, size: 60 }), b.call('product/get-filter', { filter })]),
          2,
        );
      }
      case 'card':
        return timed(kind, () => b.call('product/get', { id: pick(cardIds) }));
      case 'basket write':
        return timed(kind, async () => {
          await b.call('basket/add', {
            id: d.basket,
            fields: [{ product: pick(basketProducts), quantity: 1 + Math.floor(Math.random() * 3) }],
          });
          d.lines++;
        });
      case 'checkout': {
        if (d.lines === 0) {
          await timed('basket write', async () => {
            await b.call('basket/add', { id: d.basket, fields: [{ product: pick(basketProducts), quantity: 1 }] });
            d.lines++;
          });
        }
        let placed = false;
        await timed(kind, async () => {
          await b.call('order/create', { fields: { basket: d.basket, ...d.fields }, idempotencyKey: randomUUID() });
          placed = true;
        });
        if (!placed) return;
        ordersPlaced++;
        await timed('new basket after checkout', async () => {
          d.basket = (await b.call<{ id: number }>('basket/create', { name: 'day' })).id;
          d.lines = 0;
        });
        return;
      }
      case 'order list':
        return timed(kind, () => b.call('order/list', { size: 20, sort: { ID: 'DESC' } }));
    }
  }

  async function dealerDay(d: Dealer) {
    await sleep(Math.random() * thinkMs);
    while (Date.now() < endAt) {
      await act(d);
      // Think time: exponential around the mean, bounded so no dealer sleeps through the day.
      await sleep(Math.min(4 * thinkMs, -Math.log(1 - Math.random()) * thinkMs));
    }
  }

  const exchangeRuns: Array<{ minute: number; seconds: number; error?: string }> = [];
  async function exchangeDay() {
    for (let m = 0; m < exchanges && Date.now() < endAt; m++) {
      const due = dayStart.getTime() + m * 60_000;
      await sleep(Math.max(0, due - Date.now()));
      const t0 = performance.now();
      try {
        const c = new OneC(nginx.url);
        await c.start('catalog');
        await c.send(path.join(files, `partial-${m}.xml`), 'offers.xml');
        await c.import('offers.xml');
        exchangeRuns.push({ minute: m, seconds: Math.round((performance.now() - t0) / 100) / 10 });
      } catch (err) {
        exchangeRuns.push({ minute: m, seconds: 0, error: err instanceof Error ? err.message : String(err) });
      }
    }
  }

  console.log(`the day: ${dealers} dealers, ${minutes} min, think ${thinkMs / 1000} s, partial exchange of ${partial}`);
  await Promise.all([...team.map(dealerDay), exchangeDay()]);
  const cpuMs = cpu() - cpuStart;
  const loadEnd = loadavg();
  const inDb = Number(
    (
      await db.query<{ n: string }>(
        `SELECT count(*) AS n FROM orders o JOIN users u ON u.id = o.user_id
         WHERE u.login LIKE 'bench-day-%' AND o.created_at >= $1`,
        [dayStart],
      )
    ).rows[0]!.n,
  );

  const ms = (v: number) => Math.round(v * 10) / 10;
  const rows = [...new Set([...KINDS.map(([k]) => k as Kind), 'new basket after checkout' as Kind])].map((kind) => {
    const xs = (times.get(kind) ?? []).sort((a, b) => a - b);
    return {
      kind,
      calls: xs.length,
      'p50 ms': ms(percentile(xs, 50)),
      'p95 ms': ms(percentile(xs, 95)),
      'p99 ms': ms(percentile(xs, 99)),
      errors: errors.get(kind)?.length ?? 0,
    };
  });
  const report = {
    label,
    dealers,
    minutes,
    thinkSeconds: thinkMs / 1000,
    products,
    partial,
    at: dayStart.toISOString(),
    loadAverage: { start: loadStart, end: loadEnd },
    rows,
    calls,
    'CPU ms per /rest/ call (both instances + PostgreSQL, the exchanges included)': ms(cpuMs / Math.max(1, calls)),
    'orders placed': ordersPlaced,
    'orders in the database': inDb,
    exchanges: exchangeRuns,
    firstErrors: Object.fromEntries([...errors].map(([k, v]) => [k, v.slice(0, 3)])),
  };
  mkdirSync(path.join(here, 'results'), { recursive: true });
  writeFileSync(path.join(here, 'results', `${label}.json`), JSON.stringify(report, null, 2));
  console.table(rows);
  console.log(JSON.stringify({ ...report, rows: undefined }, null, 2));
} finally {
  for (const b of browsers) b.close();
  await db.end().catch(() => {});
  await stopNginx();
  for (const s of servers) if (s.pid) process.kill(-s.pid, 'SIGTERM');
  await sleep(1000);
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(files, { recursive: true, force: true });
}
