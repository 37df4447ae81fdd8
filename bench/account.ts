/**
 * `npm run bench -- --scenario account [--documents N] [--entries M] [--port P]`
 *
 * The account's budgets (docs/performance.md; decisions 200–203): seeds the demo (a small catalogue),
 * starts the server alone (a fresh PGlite in DATA_DIR, or DATABASE_URL), then over HTTP as 1C and a dealer do:
 * - a sale exchange of N documents (default 20,000: shipments, payments and bills of the dealer's company,
 *   CommerceML over checkauth, init, file in pieces, import), timed;
 * - more documents until the company's ledger holds M entries (default 50,000, ten years of a busy dealer);
 * - the settlements page (`settlement/list`) and a ledger page of 60 (`settlement/ledger`, the whole period):
 *   p50 / p95 of 100 sequential calls each;
 * - the акт сверки of one year (about 5,000 documents): on screen and as .xlsx;
 * - checkout (`order/create` of a 5-line basket) with the credit rule `off` and `warn`: the p50 the rule adds.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const here = path.dirname(fileURLToPath(import.meta.url));
const serverDir = path.resolve(here, '../apps/server');
const { values } = parseArgs({
  options: {
    scenario: { type: 'string' },
    documents: { type: 'string', default: '20000' },
    entries: { type: 'string', default: '50000' },
    port: { type: 'string', default: '3246' },
    products: { type: 'string', default: '2000' },
  },
});
const DOCUMENTS = Number(values.documents);
const ENTRIES = Math.max(Number(values.entries), DOCUMENTS);
const PORT = Number(values.port);
const base = `http://127.0.0.1:${PORT}`;
const databaseUrl = process.env.DATABASE_URL || undefined;
const EXCHANGE = { login: 'bench-exchange', password: 'Bench#Exchange1' };
/** The ledger runs over ten years ending today: a year holds a tenth of the entries. */
const YEARS = 10;
const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const today = Date.now();
const start = today - YEARS * 365 * DAY;

let companyId = 0;

async function seed(dataDir: string) {
  const { openDatabase } = await import('../apps/server/src/db/database.js');
  const { migrateToLatest } = await import('../apps/server/src/db/migrate.js');
  const { seedDemo } = await import('../apps/server/src/seed/demo.js');
  const { sql } = await import('kysely');
  const handle = await openDatabase({ dataDir, databaseUrl });
  await migrateToLatest(handle.db);
  await seedDemo(handle.db, { products: Number(values.products) });
  const { rows } = await sql<{ id: number }>`SELECT c.id FROM counterparties c JOIN users u ON u.id = c.user_id
    WHERE u.login = 'dealer' ORDER BY c.id LIMIT 1`.execute(handle.db);
  companyId = rows[0]!.id;
  // The demo's own documents aside: the ledger holds what this bench sends.
  await sql`DELETE FROM account_documents WHERE counterparty_id = ${companyId}`.execute(handle.db);
  await handle.close();
}

class Client {
  cookie = '';
  sessid = '';
  constructor(readonly auth: string) {}
  async call<T>(name: string, body: unknown): Promise<T> {
    for (let attempt = 0; attempt < 2; attempt++) {
      const res = await fetch(`${base}/rest/${name}?sessid=${encodeURIComponent(this.sessid)}`, {
        method: 'POST',
        headers: {
          cookie: this.cookie,
          'content-type': 'application/json',
          ...(name === 'user/login' ? { authorization: `Basic ${Buffer.from(this.auth).toString('base64')}` } : {}),
        },
        body: JSON.stringify(body),
      });
      const set = res.headers.get('set-cookie');
      if (set) this.cookie = set.split(';')[0]!;
      const json = (await res.json()) as { result?: T & { sessid?: string }; error?: string; sessid?: string };
      if (json.error === 'SESSION_FAILED' && json.sessid) {
        this.sessid = json.sessid;
        continue;
      }
      if (!res.ok) throw new Error(`${name}: ${res.status} ${JSON.stringify(json)}`);
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

/** One CommerceML document of the company: a shipment, a payment or (every fifth) a bill. */
function documentXml(i: number, total: number): string {
  const kind = i % 5 === 4 ? 'bill' : i % 2 === 0 ? 'shipment' : 'payment';
  const operation = { shipment: 'Отпуск товара', payment: 'Выплата безналичных денег', bill: 'Счет на оплату' }[kind];
  const date = iso(start + Math.floor((i * YEARS * 365) / total) * DAY);
  const sum = (1000 + (i % 97) * 37).toFixed(2);
  return (
    `<Документ><Ид>bench-doc-${i}</Ид><Номер>Б-${i}</Номер><Дата>${date}</Дата><ХозОперация>${operation}</ХозОперация>` +
    `<Роль>Продавец</Роль><Валюта>RUB</Валюта><Сумма>${sum}</Сумма><Контрагенты><Контрагент><Ид>company-${companyId}</Ид>` +
    `<Наименование>Дилер</Наименование><Роль>Покупатель</Роль></Контрагент></Контрагенты>` +
    (kind === 'shipment'
      ? `<Товары><Товар><Ид>bench-p-${i % 50}</Ид><Артикул>BN-${i % 50}</Артикул><Наименование>Деталь ${i % 50}</Наименование>` +
        `<ЦенаЗаЕдиницу>${sum}</ЦенаЗаЕдиницу><Количество>1</Количество><Сумма>${sum}</Сумма></Товар></Товары>`
      : '') +
    `</Документ>\n`
  );
}

function saleFile(from: number, to: number, total: number): Buffer {
  const parts = [
    `<?xml version="1.0" encoding="UTF-8"?>\n<КоммерческаяИнформация xmlns="urn:1C.ru:commerceml_2" ВерсияСхемы="2.08" ДатаФормирования="${iso(today)}T09:00:00">\n`,
  ];
  for (let i = from; i < to; i += 1) parts.push(documentXml(i, total));
  parts.push('</КоммерческаяИнформация>\n');
  return Buffer.from(parts.join(''), 'utf8');
}

/** The sale exchange as 1C runs it: checkauth, init, the file in pieces of file_limit, import until success. */
async function exchange(name: string, data: Buffer): Promise<void> {
  const call = async (mode: string, cookie: string, body?: Buffer, filename?: string) => {
    const q = new URLSearchParams({ type: 'sale', mode, ...(filename ? { filename } : {}) });
    const res = await fetch(`${base}/exchange/1c?${q}`, {
      method: body ? 'POST' : 'GET',
      headers: {
        ...(cookie ? { cookie } : {}),
        ...(mode === 'checkauth'
          ? { authorization: `Basic ${Buffer.from(`${EXCHANGE.login}:${EXCHANGE.password}`).toString('base64')}` }
          : {}),
        ...(body ? { 'content-type': 'application/octet-stream' } : {}),
      },
      ...(body ? { body: new Uint8Array(body) } : {}),
    });
    return (await res.text()).split('\n').filter(Boolean);
  };
  const auth = await call('checkauth', '');
  if (auth[0] !== 'success') throw new Error(`checkauth: ${auth.join(' ')}`);
  const cookie = `${auth[1]}=${auth[2]}`;
  const init = await call('init', cookie);
  const limit = Number(init.find((l) => l.startsWith('file_limit='))?.slice(11) ?? data.length);
  for (let at = 0; at < data.length; at += limit) {
    const r = await call('file', cookie, data.subarray(at, at + limit), name);
    if (r[0] !== 'success') throw new Error(`file: ${r.join(' ')}`);
  }
  for (let i = 0; i < 100_000; i += 1) {
    const r = await call('import', cookie, undefined, name);
    if (r[0] === 'success') return;
    if (r[0] !== 'progress') throw new Error(`import: ${r.join(' ')}`);
  }
}

async function main() {
  const dataDir = process.env.DATA_DIR || mkdtempSync(path.join(tmpdir(), 'bench-account-'));
  const results: Record<string, string> = {};
  const load0 = loadavg()[0]!.toFixed(1);
  await seed(dataDir);
  const server = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(PORT),
      DATA_DIR: dataDir,
      DEMO_SEED: 'off',
      LOG_LEVEL: 'warn',
      EXCHANGE_LOGIN: EXCHANGE.login,
      EXCHANGE_PASSWORD: EXCHANGE.password,
      REST_LIMIT_SESSION: '1000000000',
      REST_LIMIT_ADDRESS: '1000000000',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    },
  });
  try {
    for (let i = 0; i < 240; i++) {
      if (
        await fetch(`${base}/404`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      await new Promise((r) => setTimeout(r, 500));
    }
    const [ms] = await timed(() => exchange('bench-documents.xml', saleFile(0, DOCUMENTS, ENTRIES)));
    results[`sale exchange of ${DOCUMENTS.toLocaleString('en')} documents (shipments, payments, bills)`] =
      `${(ms / 1000).toFixed(1)} s`;
    if (ENTRIES > DOCUMENTS) {
      const [more] = await timed(() => exchange('bench-more.xml', saleFile(DOCUMENTS, ENTRIES, ENTRIES)));
      results[`… and ${(ENTRIES - DOCUMENTS).toLocaleString('en')} more`] = `${(more / 1000).toFixed(1)} s`;
    }

    const dealer = new Client('dealer:Dealer#2026');
    await dealer.call('user/login', {});
    const period = { counterparty: companyId, from: iso(start - DAY), to: iso(today) };
    const ledger = await dealer.call<{ count: number }>('settlement/ledger', { ...period, page: 1, size: 60 });
    results['ledger entries of the company'] = String(ledger.count);
    const list: number[] = [];
    const pages: number[] = [];
    for (let i = 0; i < 100; i += 1) {
      list.push((await timed(() => dealer.call('settlement/list', { counterparty: companyId })))[0]);
      // A page in the middle and the last pages as well as the first: OFFSET is what costs.
      const page = [1, 2, 400, Math.ceil(ledger.count / 60)][i % 4]!;
      pages.push((await timed(() => dealer.call('settlement/ledger', { ...period, page, size: 60 })))[0]);
    }
    results['settlement/list (the settlements page)'] = fmt(list);
    results['settlement/ledger, a page of 60 of the whole period'] = fmt(pages);

    const year = { counterparty: companyId, from: iso(today - 365 * DAY), to: iso(today) };
    const acts: number[] = [];
    let items = 0;
    for (let i = 0; i < 5; i += 1) {
      const [actMs, act] = await timed(() => dealer.call<{ items: unknown[] }>('settlement/act', year));
      acts.push(actMs);
      items = act.items.length;
    }
    results[`settlement/act of a year (${items} documents), on screen`] = fmt(acts);
    const xlsx: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      // A new period each time, so the workbook is made, not found again (decision 068).
      const from = iso(today - (365 + i) * DAY);
      xlsx.push((await timed(() => dealer.call('settlement/act', { ...year, from, xlsx: true })))[0]);
    }
    results['settlement/act of a year as .xlsx'] = fmt(xlsx);

    // Checkout with the credit rule off and on «warn» (decision 201): the same 5-line basket each time.
    const admin = new Client('admin:Admin#2026');
    await admin.call('user/login', {});
    const fields = await dealer.call<{ fields: Array<{ id: string; value: string }> }>('order/get-fields', {});
    const v = (id: string) => Number(fields.fields.find((f) => f.id === id)!.value);
    const products = await dealer.call<{ items: Array<{ id: number }> }>('product/list', { size: 5 });
    // The settings page's own round trip (apps/web/src/features/content-admin/SiteSettingsPage.tsx, toValues).
    const setRule = async (creditRule: 'off' | 'warn') => {
      type View = {
        settings: Record<string, unknown> & {
          supplier: Record<string, unknown> & { signers: Array<Record<string, unknown>> };
          thresholds: Record<string, unknown>;
        };
        paySystems: Array<Record<string, unknown>>;
        priceTypes: Array<Record<string, unknown>>;
        priceMappings: Array<Record<string, unknown>>;
        exchange: { source: string; login: string };
      };
      const view = await admin.call<View>('site-settings/get', {});
      const s = view.settings;
      await admin.call('site-settings/update', {
        siteName: s.siteName,
        logo: s.logo,
        email: s.email,
        feedbackEmail: s.feedbackEmail,
        copyright: s.copyright,
        basketLinkTemplate: s.basketLinkTemplate,
        supplier: {
          ...s.supplier,
          signers: s.supplier.signers.map(({ position, name, signature }) => ({ position, name, signature })),
        },
        thresholds: {
          ...s.thresholds,
          teaSections: s.thresholds.teaSections ?? [],
          coffeeSections: s.thresholds.coffeeSections ?? [],
        },
        returnDays: s.returnDays,
        orderTidingsMinutes: s.orderTidingsMinutes,
        creditRule,
        paySystems: view.paySystems.map(({ id, name, description, active }) => ({ id, name, description, active })),
        priceTypes: view.priceTypes.map(({ id, name }) => ({ id, name })),
        priceMappings: view.priceMappings.map(({ id, priceTypeId, paySystemId }) => ({ id, priceTypeId, paySystemId })),
        exchange: { login: view.exchange.source === 'settings' ? view.exchange.login : '', password: '' },
      });
    };
    const checkout = async (rule: 'off' | 'warn', runs: number) => {
      await setRule(rule);
      const xs: number[] = [];
      for (let k = 0; k < runs; k++) {
        const b = await dealer.call<{ id: number }>('basket/create', {});
        await dealer.call('basket/add', {
          id: b.id,
          fields: products.items.map((p) => ({ product: p.id, quantity: 1 })),
        });
        const [t] = await timed(() =>
          dealer.call('order/create', {
            fields: {
              basket: b.id,
              company: v('company'),
              paySystem: v('paySystem'),
              shipping: v('shipping'),
              ...(v('storage') ? { storage: v('storage') } : {}),
            },
          }),
        );
        xs.push(t);
      }
      return xs;
    };
    await checkout('off', 3); // warm-up
    const off = await checkout('off', 30);
    const warn = await checkout('warn', 30);
    results['order/create, credit rule off'] = fmt(off);
    results['order/create, credit rule warn'] = fmt(warn);
    results['the credit rule adds (p50)'] = `${(pct(warn, 50) - pct(off, 50)).toFixed(1)} ms`;

    console.log(
      `\nAccount benchmarks (${databaseUrl ? 'PostgreSQL' : 'PGlite'}; load average ${load0} at start, ${loadavg()[0]!.toFixed(1)} at the end)`,
    );
    for (const [k, v2] of Object.entries(results)) console.log(`- ${k}: ${v2}`);
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 1000));
    if (!process.env.DATA_DIR && !databaseUrl) rmSync(dataDir, { recursive: true, force: true });
  }
}

await main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
