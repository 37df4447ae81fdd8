import { expandProducts } from '@portal/contract';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../../testing/index.js';
import { fixture, OneC } from '../exchange/testing.js';
import { newProduct } from '../returns/testing.js';
import { parseReplacementList } from './exchange-links.js';

/**
 * Replacement numbers (decision 205) through real HTTP on the real database: chains followed to the current
 * number, sets with their ratios, loops refused (also when two editors save at once), old numbers in search and
 * in the quick order, the product card both ways, and the links 1C states in CommerceML 2.04 and 2.08.
 */

const EXCHANGE = { login: 'exchange', password: 'Exchange#2026' };
let t: TestApp;
const db = () => t.app.portal.database.db;
let admin: TestClient;
let dealer: TestClient;
// Digits in every number: a text without one is searched as words, not as a part number (catalog/search.ts).
const stamp = `${Date.now() % 1e9}`;
const n = (s: string) => `${s}-${stamp}`;

beforeAll(async () => {
  t = await createTestApp({
    exchange: { ...EXCHANGE, fileLimitBytes: 1 << 20, maxFileBytes: 20 * 1024 * 1024, stepMs: 150 },
    jobs: { worker: true, concurrency: 1, pollMs: 50, retryBaseMs: 500 },
  });
  [admin, dealer] = await Promise.all([t.as('admin'), t.as('dealer')]);
}, 120_000);
afterAll(() => t?.close());

const replaced = (article: string, ratio = 1, effectiveFrom: string | null = null) => ({
  article,
  kind: 'REPLACED' as const,
  ratio,
  effectiveFrom,
});
const resolve = (text: string) => dealer.ok('basket/resolve', { text });
async function upload(client: TestClient, name: string, data: Buffer) {
  const boundary = `----parts${Date.now()}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  const saved = await client.raw('files/save', undefined, {
    payload: Buffer.concat([Buffer.from(head), data, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
  expect(saved.status).toBe(200);
  return (saved.body.result as { items: Array<{ id: number }> }).items[0]!.id;
}
async function workbook(rows: Array<Array<string | number>>) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Замены');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}
const search = async (text: string) =>
  expandProducts(await dealer.ok('product/list', { filter: { search: text }, size: 10 }), 'ru').items;

describe('replacement chains, sets and loops', () => {
  let a: { id: number }, b: { id: number }, c: { id: number };
  beforeAll(async () => {
    a = await newProduct(db(), n('OLD-A'), 'Фильтр старый');
    b = await newProduct(db(), n('MID-B'), 'Фильтр промежуточный');
    c = await newProduct(db(), n('NEW-C'), 'Фильтр новый');
  });

  it('follows A → B → C to the current part in the quick order and in search, and says so', async () => {
    await admin.ok('product/replacements-update', { id: a.id, links: [replaced(n('MID-B'))] });
    await admin.ok('product/replacements-update', { id: b.id, links: [replaced(n('NEW-C'))] });
    // Typed without dashes and in lower case: the normalised number is what is followed.
    const typed = n('OLD-A').toLowerCase().replaceAll('-', ' ');
    const r = await resolve(`${typed} 3`);
    expect(r.lines).toHaveLength(1);
    expect(r.lines[0]).toMatchObject({
      status: 'found',
      quantity: 3,
      replaced: { chain: [n('OLD-A'), n('MID-B'), n('NEW-C')], ratio: 1 },
    });
    expect(r.lines[0]!.candidates.map((x) => [x.productId, x.match])).toEqual([[c.id, 'replacement']]);

    const hits = await search(n('OLD-A'));
    expect(hits[0]).toMatchObject({
      id: c.id,
      match: { kind: 'REPLACED', chain: [n('OLD-A'), n('MID-B'), n('NEW-C')] },
    });
    // The old part itself is still found by its number, after the current one.
    expect(hits.map((h) => h.id)).toContain(a.id);
  });

  it('tells a request for a missing part that its number is replaced, and by what', async () => {
    const { items } = await dealer.ok('application-empty-product/create', {
      items: [{ article: n('OLD-A'), count: 2 }],
    });
    expect(items[0]!.replaced).toEqual([
      expect.objectContaining({ productId: c.id, chain: [n('OLD-A'), n('MID-B'), n('NEW-C')], ratio: 1 }),
    ]);
  });

  it('serves the demo data: AR58956 → RE57394 → RE504836, and an old pin assembly as a set', async () => {
    const r = await resolve('AR58956 1\nРСМ-10.01.50.100 2');
    expect(r.lines.map((l) => [l.candidates[0]?.article, l.quantity, l.replaced?.chain.join(' → ')])).toEqual([
      ['RE504836', 1, 'AR58956 → RE57394 → RE504836'],
      ['РСМ-10.01.50.115', 4, 'РСМ-10.01.50.100 → РСМ-10.01.50.115'],
      ['6205-2RS', 2, 'РСМ-10.01.50.100 → 6205-2RS'],
    ]);
  });

  it('shows the chain both ways on the product card', async () => {
    const ofA = await dealer.ok('product/replacements', { id: a.id });
    expect(ofA.current.map((p) => [p.productId, p.ratio])).toEqual([[c.id, 1]]);
    const ofC = await dealer.ok('product/replacements', { id: c.id });
    expect(ofC.current).toEqual([]);
    expect(ofC.older.map((o) => o.article)).toEqual([n('MID-B'), n('OLD-A')]);
    expect(ofC.links).toEqual([
      expect.objectContaining({ oldArticle: n('MID-B'), oldProductId: b.id, newProductId: c.id, kind: 'REPLACED' }),
    ]);
  });

  it('refuses a link that closes a loop, and one from a number to itself', async () => {
    const loop = await admin.call('product/replacements-update', { id: c.id, links: [replaced(n('OLD-A'))] });
    expect(loop.status).toBe(409);
    expect(loop.body.error_description).toContain('кольцо');
    const self = await admin.call('product/replacements-update', { id: c.id, links: [replaced(n('NEW C'))] });
    expect(self.status).toBe(400);
    // Nothing was written: C is still current.
    expect((await dealer.ok('product/replacements', { id: c.id })).current).toEqual([]);
  });

  it('of two editors closing a loop at once, exactly one succeeds', async () => {
    const x = await newProduct(db(), n('LOOP-X'));
    const y = await newProduct(db(), n('LOOP-Y'));
    const answers = await Promise.all([
      admin.call('product/replacements-update', { id: x.id, links: [replaced(n('LOOP-Y'))] }),
      admin.call('product/replacements-update', { id: y.id, links: [replaced(n('LOOP-X'))] }),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
  });

  it('resolves a set with its ratios, multiplied along a chain', async () => {
    const kit = await newProduct(db(), n('KIT-OLD'), 'Комплект старый');
    const p = await newProduct(db(), n('SET-P'), 'Прокладка');
    const q = await newProduct(db(), n('SET-Q'), 'Болт');
    await admin.ok('product/replacements-update', {
      id: kit.id,
      links: [replaced(n('SET-P'), 2), replaced(n('SET-Q'), 1)],
    });
    const r = await resolve(`${n('KIT-OLD')} 3`);
    expect(r.found).toBe(2);
    expect(r.lines.map((l) => [l.row, l.candidates[0]?.productId, l.quantity, l.replaced?.ratio])).toEqual([
      [1, p.id, 6, 2],
      [1, q.id, 3, 1],
    ]);
    // Q itself replaced by 4 × R: the set now holds 2 × P and 4 × R per old kit.
    const r2 = await newProduct(db(), n('SET-R'));
    await admin.ok('product/replacements-update', { id: q.id, links: [replaced(n('SET-R'), 4)] });
    const again = await resolve(`${n('KIT-OLD')} 1`);
    expect(again.lines.map((l) => [l.candidates[0]?.productId, l.quantity])).toEqual([
      [p.id, 2],
      [r2.id, 4],
    ]);
  });

  it('does not follow a link before its date, nor give half a set whose part the catalogue lacks', async () => {
    const future = await newProduct(db(), n('FUT-OLD'));
    await newProduct(db(), n('FUT-NEW'));
    await admin.ok('product/replacements-update', { id: future.id, links: [replaced(n('FUT-NEW'), 1, '2999-01-01')] });
    const r = await resolve(n('FUT-OLD'));
    expect(r.lines[0]).toMatchObject({
      status: 'found',
      candidates: [expect.objectContaining({ productId: future.id })],
    });
    expect(r.lines[0]!.replaced).toBeUndefined();

    const half = await newProduct(db(), n('HALF-OLD'));
    await admin.ok('product/replacements-update', {
      id: half.id,
      links: [replaced(n('SET-P')), replaced(n('NOT-IN-CATALOGUE'))],
    });
    const h = await resolve(n('HALF-OLD'));
    expect(h.lines[0]!.candidates.map((x) => x.productId)).toEqual([half.id]);
  });

  it('lets only administrators edit, validates the ratio and the date, answers a hidden product as missing', async () => {
    expect((await dealer.call('product/replacements-update', { id: a.id, links: [] })).status).toBe(403);
    const bad = await admin.call('product/replacements-update', { id: a.id, links: [replaced('X', 0, '2026-13-45')] });
    expect(bad.status).toBe(400);
    expect(bad.body.error_description).toBeTruthy();
    expect((await dealer.call('product/replacements', { id: 999_999_999 })).status).toBe(404);
  });
});

describe('spreadsheets', () => {
  it('an order from Excel resolves an old number to the current part', async () => {
    await newProduct(db(), n('XLS-OLD'));
    const current = await newProduct(db(), n('XLS-NEW'));
    await admin.ok('product/replacements-update', {
      id: (await search(n('XLS-OLD')))[0]!.id,
      links: [replaced(n('XLS-NEW'))],
    });
    const fileId = await upload(
      dealer,
      'заказ.xlsx',
      await workbook([
        ['Артикул', 'Количество'],
        [n('XLS-OLD'), 5],
      ]),
    );
    const report = await dealer.ok('product/get-articles-xls', { fileId });
    expect(report.lines[0]).toMatchObject({
      row: 2,
      quantity: 5,
      candidates: [expect.objectContaining({ productId: current.id })],
      replaced: { chain: [n('XLS-OLD'), n('XLS-NEW')] },
    });
  });

  it('the back office uploads links in bulk: a set, a dated link, an interchangeable pair, refused rows reported, a second file replaces the first', async () => {
    const a = await newProduct(db(), n('BULK-A'));
    await newProduct(db(), n('BULK-B'));
    await newProduct(db(), n('BULK-C'));
    await newProduct(db(), n('BULK-D'));
    const first = await workbook([
      ['Старый номер', 'Бренд', 'Новый номер', 'Бренд', 'Количество', 'Вид', 'Дата'],
      [n('BULK-A'), 'X', n('BULK-B'), 'Y', 2, '', ''],
      [n('BULK-A'), 'X', n('BULK-C'), 'Y', 1, '', '01.01.2020'],
      [n('BULK-B'), '', n('BULK-A'), '', 1, '', ''],
      [n('BULK-D'), '', n('BULK-D'), '', 1, '', ''],
      [n('BULK-D'), '', n('BULK-C'), '', 0, '', ''],
      [n('BULK-D'), '', n('BULK-A'), '', 1, 'взаимозаменяем', ''],
    ]);
    expect(
      (await dealer.call('product/replacements-import', { fileId: await upload(dealer, 'z.xlsx', first) })).status,
    ).toBe(403);
    const report = await admin.ok('product/replacements-import', { fileId: await upload(admin, 'z.xlsx', first) });
    expect(report).toMatchObject({ rows: 6, written: 3 });
    expect(report.refused.map((r) => [r.row, r.message])).toEqual([
      [4, `Замена ${n('BULK-B')} → ${n('BULK-A')} замкнула бы цепочку замен в кольцо`],
      [5, 'Номер не может заменять сам себя'],
      [6, 'Количество в замене — целое число от 1 до 10000'],
    ]);
    const card = await dealer.ok('product/replacements', { id: a.id });
    expect(card.current.map((p) => [p.article, p.ratio]).sort()).toEqual([
      [n('BULK-B'), 2],
      [n('BULK-C'), 1],
    ]);
    expect(card.links.some((l) => l.kind === 'INTERCHANGEABLE' && l.source === 'XLSX')).toBe(true);
    // A second file for BULK-A replaces its spreadsheet links; the links of numbers it does not name stay.
    const second = await workbook([[n('BULK-A'), '', n('BULK-D'), '', 1]]);
    const again = await admin.ok('product/replacements-import', { fileId: await upload(admin, 'z2.xlsx', second) });
    expect(again).toMatchObject({ rows: 1, written: 1, refused: [] });
    const after = await dealer.ok('product/replacements', { id: a.id });
    expect(after.current.map((p) => p.article)).toEqual([n('BULK-D')]);
    expect(after.links.some((l) => l.kind === 'INTERCHANGEABLE')).toBe(true);
  });
});

describe('the 1C catalogue states replacements', () => {
  it('parses «Бренд: номер» lists with the quantities of a set', () => {
    expect(parseReplacementList('2 × Bosch: 0 986 452 041; MANN: W 712/75 (3 шт)\nHU 718/5 X')).toEqual([
      { brand: 'Bosch', article: '0 986 452 041', ratio: 2 },
      { brand: 'MANN', article: 'W 712/75', ratio: 3 },
      { brand: '', article: 'HU 718/5 X', ratio: 1 },
    ]);
  });

  const signedIn = async () => {
    const c = new OneC(t.app, 'catalog');
    expect((await c.checkauth(EXCHANGE.login, EXCHANGE.password)).lines[0]).toBe('success');
    await c.init();
    return c;
  };

  it('CommerceML 2.04: a property «Заменён на» naming a set; the next exchange without it takes the links away', async () => {
    const xml = fixture('import-2.04.xml', 'utf-8', {
      '    </Свойства>\n  </Классификатор>':
        '      <Свойство>\n        <Ид>p-replaced</Ид>\n        <Наименование>Заменён на</Наименование>\n' +
        '        <ТипЗначений>Строка</ТипЗначений>\n      </Свойство>\n    </Свойства>\n  </Классификатор>',
      '<Значение>Mann-Filter: W 950/26; LF3349 (Fleetguard)</Значение>\n          </ЗначенияСвойства>':
        '<Значение>Mann-Filter: W 950/26; LF3349 (Fleetguard)</Значение>\n          </ЗначенияСвойства>\n' +
        '          <ЗначенияСвойства>\n            <Ид>p-replaced</Ид>\n' +
        '            <Значение>2 × HD 77/1; Ростсельмаш: РСМ-10.01.50.999</Значение>\n          </ЗначенияСвойства>',
    });
    expect(xml.toString('utf8')).toContain('p-replaced</Ид>\n            <Значение>2 ×');
    const c = await signedIn();
    expect((await c.file('import.xml', xml)).lines[0]).toBe('success');
    const imported = await c.import('import.xml');
    expect(imported.lines[0], imported.body).toBe('success');
    const r = await resolve('XP-550.428 2');
    expect(r.lines.map((l) => [l.candidates[0]?.article, l.quantity, l.replaced?.chain.at(-1)])).toEqual([
      ['HD 77/1', 4, 'HD 77/1'],
      ['РСМ-10.01.50.999', 2, 'РСМ-10.01.50.999'],
    ]);
    // The next exchange without the property takes the product's 1C links away.
    const c2 = await signedIn();
    expect((await c2.file('import.xml', fixture('import-2.04.xml'))).lines[0]).toBe('success');
    expect((await c2.import('import.xml')).lines[0]).toBe('success');
    const plain = await resolve('XP-550.428 2');
    expect(plain.lines[0]!.replaced).toBeUndefined();
  }, 120_000);

  it('CommerceML 2.08: requisites «Заменяет» with «Дата замены»', async () => {
    const xml = fixture('import0_1-2.08.xml', 'utf-8', {
      '<Ид>g8-electrics</Ид>\n        </Группы>':
        '<Ид>g8-electrics</Ид>\n        </Группы>\n        <ЗначенияРеквизитов>\n' +
        '          <ЗначениеРеквизита>\n            <Наименование>Заменяет</Наименование>\n' +
        `            <Значение>Тосол-Синтез: ТС-${stamp}</Значение>\n          </ЗначениеРеквизита>\n` +
        '          <ЗначениеРеквизита>\n            <Наименование>Дата замены</Наименование>\n' +
        '            <Значение>01.01.2020</Значение>\n          </ЗначениеРеквизита>\n        </ЗначенияРеквизитов>',
    });
    expect(xml.toString('utf8')).toContain('<Наименование>Заменяет</Наименование>');
    const c = await signedIn();
    expect((await c.file('import0_1.xml', xml)).lines[0]).toBe('success');
    const imported = await c.import('import0_1.xml');
    expect(imported.lines[0], imported.body).toBe('success');
    const r = await resolve(`ТС-${stamp} 1`);
    expect(r.lines[0]).toMatchObject({ status: 'found', replaced: { chain: [`ТС-${stamp}`, 'АМ-2002'] } });
    const [product] = await search('АМ-2002');
    const card = await dealer.ok('product/replacements', { id: product!.id });
    expect(card.links[0]).toMatchObject({ source: '1C', effectiveFrom: '2020-01-01', oldProductId: null });
  }, 120_000);
});
