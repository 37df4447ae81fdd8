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
import { createReadStream, createWriteStream, mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { once } from 'node:events';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { percentile } from './cannon.js';
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
const EXCHANGE = { login: 'exchange', password: 'Exchange#2026' };

// ——— the files ———

const BRANDS = [
  'Donaldson',
  'Mann-Filter',
  'Fleetguard',
  'Bosch',
  'SKF',
  'Gates',
  'John Deere',
  'CLAAS',
  'МТЗ',
  'Kubota',
];
const MODELS = ['Acros 585', 'Torum 785', 'Lexion 760', 'Беларус 82.1', 'Кировец К-744', 'John Deere 8R 410'];
const KINDS = ['Фильтр масляный', 'Фильтр топливный', 'Подшипник', 'Сальник', 'Ремень', 'Датчик', 'Прокладка'];
const STORES = ['Москва', 'Краснодар', 'Новосибирск', 'Казань', 'Ростов-на-Дону'];
const TYPES = [
  ['bench-retail', 'Розничная'],
  ['bench-dealer', 'Дилерская'],
  ['bench-dealer-cash', 'Дилерская наличные'],
] as const;

async function writeXml(file: string, parts: () => Generator<string>): Promise<number> {
  const out = createWriteStream(file);
  for (const chunk of parts()) {
    if (!out.write(chunk)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
  return statSync(file).size;
}

function* importXml(): Generator<string> {
  yield `<?xml version="1.0" encoding="UTF-8"?>\n<КоммерческаяИнформация xmlns="urn:1C.ru:commerceml_2" ВерсияСхемы="2.04" ДатаФормирования="2026-11-23T10:00:00">\n<Классификатор><Ид>bench</Ид><Наименование>Классификатор</Наименование><Группы>\n`;
  for (let g = 0; g < 10; g += 1) {
    yield `<Группа><Ид>bench-g${g}</Ид><Наименование>Группа ${g + 1}</Наименование><Группы>`;
    for (let s = 0; s < 10; s += 1) {
      yield `<Группа><Ид>bench-g${g}-${s}</Ид><Наименование>${KINDS[s % KINDS.length]} ${g + 1}.${s + 1}</Наименование></Группа>`;
    }
    yield `</Группы></Группа>\n`;
  }
  yield `</Группы><Свойства><Свойство><Ид>bench-brand</Ид><Наименование>Производитель</Наименование><ТипЗначений>Справочник</ТипЗначений><ВариантыЗначений>`;
  for (const [i, b] of BRANDS.entries()) {
    yield `<Справочник><ИдЗначения>bench-brand-${i}</ИдЗначения><Значение>${b}</Значение></Справочник>`;
  }
  yield `</ВариантыЗначений></Свойство><Свойство><Ид>bench-model</Ид><Наименование>Модель техники</Наименование></Свойство></Свойства></Классификатор>\n`;
  yield `<Каталог СодержитТолькоИзменения="false"><Ид>bench</Ид><ИдКлассификатора>bench</ИдКлассификатора><Наименование>Каталог</Наименование><Товары>\n`;
  let batch = '';
  for (let i = 1; i <= products; i += 1) {
    const kind = KINDS[i % KINDS.length]!;
    batch +=
      `<Товар><Ид>bench-${i}</Ид><Артикул>BX-${String(i).padStart(7, '0')}</Артикул>` +
      `<Наименование>${kind} BX-${i}</Наименование><БазоваяЕдиница Код="796" НаименованиеПолное="Штука">шт</БазоваяЕдиница>` +
      `<Группы><Ид>bench-g${i % 10}-${Math.floor(i / 10) % 10}</Ид></Группы>` +
      `<Описание>${kind} для техники ${MODELS[i % MODELS.length]}. Поставляется в заводской упаковке.</Описание>` +
      `<ЗначенияСвойств><ЗначенияСвойства><Ид>bench-brand</Ид><Значение>bench-brand-${i % BRANDS.length}</Значение></ЗначенияСвойства>` +
      `<ЗначенияСвойства><Ид>bench-model</Ид><Значение>${MODELS[i % MODELS.length]}</Значение></ЗначенияСвойства></ЗначенияСвойств>` +
      `<ЗначенияРеквизитов><ЗначениеРеквизита><Наименование>Вес</Наименование><Значение>${((i % 500) / 100 + 0.1).toFixed(2)}</Значение></ЗначениеРеквизита></ЗначенияРеквизитов>` +
      `</Товар>\n`;
    if (i % 1000 === 0) {
      yield batch;
      batch = '';
    }
  }
  yield `${batch}</Товары></Каталог></КоммерческаяИнформация>\n`;
}

function* offersXml(count: number, changes: boolean, shift: number): Generator<string> {
  yield `<?xml version="1.0" encoding="UTF-8"?>\n<КоммерческаяИнформация xmlns="urn:1C.ru:commerceml_2" ВерсияСхемы="2.04" ДатаФормирования="2026-11-23T10:05:00">\n`;
  yield `<ПакетПредложений СодержитТолькоИзменения="${changes}"><Ид>bench#</Ид><Наименование>Пакет предложений</Наименование><ИдКаталога>bench</ИдКаталога><ТипыЦен>`;
  for (const [id, name] of TYPES)
    yield `<ТипЦены><Ид>${id}</Ид><Наименование>${name}</Наименование><Валюта>RUB</Валюта></ТипЦены>`;
  yield `</ТипыЦен><Склады>`;
  for (const [i, s] of STORES.entries())
    yield `<Склад><Ид>bench-store-${i}</Ид><Наименование>Склад ${s}</Наименование></Склад>`;
  yield `</Склады><Предложения>\n`;
  let batch = '';
  for (let i = 1; i <= count; i += 1) {
    const retail = 150 + ((i * 7919 + shift) % 48000);
    const stock = STORES.map((_s, k) => ((i * (k + 3) + shift) % 7 >= 3 ? 1 + ((i * (k + 13) + shift) % 120) : 0));
    batch +=
      `<Предложение><Ид>bench-${i}</Ид><Наименование>BX-${i}</Наименование><Цены>` +
      TYPES.map(
        ([id], k) =>
          `<Цена><ИдТипаЦены>${id}</ИдТипаЦены><ЦенаЗаЕдиницу>${(retail * (1 - k * 0.08)).toFixed(2)}</ЦенаЗаЕдиницу><Валюта>RUB</Валюта></Цена>`,
      ).join('') +
      `</Цены><Количество>${stock.reduce((a, b) => a + b, 0)}</Количество>` +
      stock.map((q, k) => `<Склад ИдСклада="bench-store-${k}" КоличествоНаСкладе="${q}"/>`).join('') +
      `</Предложение>\n`;
    if (i % 1000 === 0) {
      yield batch;
      batch = '';
    }
  }
  yield `${batch}</Предложения></ПакетПредложений></КоммерческаяИнформация>\n`;
}

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

class OneC {
  cookie = '';
  fileLimit = 0;
  calls = 0;
  async call(type: string, mode: string, options: { filename?: string; body?: Buffer } = {}) {
    this.calls += 1;
    const q = new URLSearchParams({ type, mode, ...(options.filename ? { filename: options.filename } : {}) });
    const r = await fetch(`${base}/exchange/1c?${q}`, {
      method: options.body ? 'POST' : 'GET',
      headers: {
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...(mode === 'checkauth'
          ? { authorization: `Basic ${Buffer.from(`${EXCHANGE.login}:${EXCHANGE.password}`).toString('base64')}` }
          : {}),
        ...(options.body ? { 'content-type': 'application/octet-stream' } : {}),
      },
      ...(options.body ? { body: new Uint8Array(options.body) } : {}),
    });
    return (await r.text()).split('\n').filter(Boolean);
  }
  async start(type: string) {
    const auth = await this.call(type, 'checkauth');
    if (auth[0] !== 'success') throw new Error(`checkauth: ${auth.join(' ')}`);
    this.cookie = `${auth[1]}=${auth[2]}`;
    const init = await this.call(type, 'init');
    this.fileLimit = Number(init.find((l) => l.startsWith('file_limit='))!.slice(11));
  }
  async send(file: string, name: string) {
    const stream = createReadStream(file, { highWaterMark: this.fileLimit });
    for await (const piece of stream as AsyncIterable<Buffer>) {
      const a = await this.call('catalog', 'file', { filename: name, body: piece });
      if (a[0] !== 'success') throw new Error(`file ${name}: ${a.join(' ')}`);
    }
  }
  async import(name: string) {
    for (;;) {
      const a = await this.call('catalog', 'import', { filename: name });
      if (a[0] === 'success') return;
      if (a[0] !== 'progress') throw new Error(`import ${name}: ${a.join(' ')}`);
    }
  }
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
  import: await writeXml(path.join(work, 'import.xml'), importXml),
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

  const c = new OneC();
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

  const p = new OneC();
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
