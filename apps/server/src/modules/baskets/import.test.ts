import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/database.js';
import { createTestApp, type TestApp, type TestClient } from '../../testing/index.js';
import { parseLines, parseQuantity } from './lines.js';
import { MAX_IMPORT_ROWS, readSpreadsheet } from './spreadsheet.js';
import { newProduct } from './testing.js';

async function workbook(build: (wb: ExcelJS.Workbook) => void): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  build(wb);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

describe('line parser', () => {
  it('reads number and quantity separated by space, tab, semicolon or comma', () => {
    const lines = parseLines(
      'RE504836 2\nAR-1234\t5\nX77;3\nY88, 4\n\n6005 028 743 10\nZ99\n  \nBAD -3\nQ1 1.5\nQ2 abc',
    );
    expect(lines.map((l) => [l.row, l.article, l.quantity, l.message])).toEqual([
      [1, 'RE504836', 2, undefined],
      [2, 'AR-1234', 5, undefined],
      [3, 'X77', 3, undefined],
      [4, 'Y88', 4, undefined],
      [6, '6005 028 743', 10, undefined],
      [7, 'Z99', 1, undefined],
      [9, 'BAD', null, 'validation.quantityRange'],
      [10, 'Q1', null, 'validation.integer'],
      [11, 'Q2 abc', 1, undefined],
    ]);
    // The other reading of `Q2 abc`, used when the whole line is no part (decision 191).
    expect(lines.at(-1)?.alternative).toEqual({ article: 'Q2', quantityText: 'abc' });
    expect(lines.find((l) => l.article === 'BAD')?.quantityText).toBe('-3');
    expect(parseLines('LF3349 2 шт\nLF3349 5шт.').map((l) => [l.article, l.quantity])).toEqual([
      ['LF3349', 2],
      ['LF3349', 5],
    ]);
  });
  it('reads quantities as spreadsheets write them', () => {
    expect(parseQuantity('5,0').quantity).toBe(5);
    expect(parseQuantity(' 7 шт').quantity).toBe(7);
    expect(parseQuantity(10001).message).toBe('validation.quantityRange');
    expect(parseQuantity('1e3').quantity).toBe(1000);
    expect(parseQuantity('пять').message).toBe('validation.number');
  });
});

describe('spreadsheet reader', () => {
  it('finds columns by header, keeps leading zeros, expands numbers, skips empty rows and merged titles', async () => {
    const data = await workbook((wb) => {
      wb.addWorksheet('Пустой');
      const ws = wb.addWorksheet('Заказ');
      ws.getCell('A1').value = 'Заявка дилера';
      ws.mergeCells('A1:C1');
      ws.getRow(2).values = ['№', 'Кол-во', 'Артикул'];
      ws.getRow(3).values = [1, 2, 'RE-504836'];
      ws.getRow(5).values = [2, 3, 123456789012];
      const zero = ws.getCell('C6');
      zero.value = 4512;
      zero.numFmt = '000000';
      ws.getCell('A6').value = 3;
      ws.getCell('B6').value = '1';
      ws.getRow(7).values = [4, 1.5, 'FRACT'];
      ws.getRow(8).values = [5, { formula: '2*2', result: 4 }, { richText: [{ text: 'RICH' }, { text: '-1' }] }];
    });
    const result = await readSpreadsheet(data);
    expect(result.sheet).toBe('Заказ');
    expect(result.lines.map((l) => [l.row, l.article, l.quantity, l.message])).toEqual([
      [3, 'RE-504836', 2, undefined],
      [5, '123456789012', 3, undefined],
      [6, '004512', 1, undefined],
      [7, 'FRACT', null, 'validation.integer'],
      [8, 'RICH-1', 4, undefined],
    ]);
  });

  it('keeps Cyrillic part numbers whole in a sheet large enough to arrive in many chunks', async () => {
    // Shared strings arrive in chunks: a chunk ending inside a two-byte letter once turned it into
    // U+FFFD (decision 023; patches/exceljs+4.4.0.patch).
    // This layout puts two chunk ends inside a letter (found by trying layouts against the unpatched reader).
    const articles = Array.from({ length: 3000 }, (_, i) => `РСМ-${i}.${i % 7}`);
    const data = await workbook((wb) => {
      const ws = wb.addWorksheet('Заказ');
      ws.addRow(['Артикул', 'Количество']);
      articles.forEach((a, i) => ws.addRow([a, (i % 9) + 1]));
    });
    const result = await readSpreadsheet(data);
    expect(result.lines.map((l) => l.article)).toEqual(articles);
  });

  it('takes columns A and B without a header; reads CSV in UTF-8 and Windows-1251, and XML', async () => {
    const plain = await workbook((wb) => {
      const ws = wb.addWorksheet('Лист1');
      ws.addRow(['AAA1', 2]);
      ws.addRow(['BBB2', 3]);
    });
    expect((await readSpreadsheet(plain)).lines.map((l) => l.article)).toEqual(['AAA1', 'BBB2']);
    const csv = Buffer.from('Артикул;Количество\r\n1,23457E+11;2\r\nАБВ-1;3\r\n', 'utf8');
    expect((await readSpreadsheet(csv)).lines.map((l) => [l.article, l.quantity])).toEqual([
      ['123457000000', 2],
      ['АБВ-1', 3],
    ]);
    const cp1251 = Buffer.from([
      0xc0, 0xf0, 0xf2, 0xe8, 0xea, 0xf3, 0xeb, 0x3b, 0xca, 0xee, 0xeb, 0x0a, 0x58, 0x31, 0x3b, 0x32,
    ]);
    expect((await readSpreadsheet(cp1251)).lines.map((l) => [l.article, l.quantity])).toEqual([['X1', 2]]);
    const xml = Buffer.from(
      '<?xml version="1.0"?><order><item><article>X1</article><quantity>2</quantity></item><item><article>X2</article><quantity>4</quantity></item></order>',
    );
    expect((await readSpreadsheet(xml)).lines.map((l) => [l.article, l.quantity])).toEqual([
      ['X1', 2],
      ['X2', 4],
    ]);
  });

  it('reads a one-line XML order: the <?xml?> header is not a record', async () => {
    const lines = async (text: string) =>
      (await readSpreadsheet(Buffer.from(text))).lines.map((l) => [l.article, l.quantity]);
    expect(
      await lines(
        '<?xml version="1.0" encoding="UTF-8"?><order><item><article>X1</article><quantity>2</quantity></item></order>',
      ),
    ).toEqual([['X1', 2]]);
    // Attributes, a processing instruction and a header element beside the one line.
    expect(
      await lines(
        '<?xml version="1.0"?>\n<?xml-stylesheet href="a.xsl"?>\n<order number="7"><date>2026-11-24</date><line article="Y-2" qty="5"/></order>',
      ),
    ).toEqual([['Y-2', 5]]);
  });

  it('refuses what is not a spreadsheet, empty files, XML bombs, old .xls and too many rows', async () => {
    const msg = async (data: Buffer) =>
      readSpreadsheet(data).then(
        () => 'ok',
        (e: Error) => e.message,
      );
    expect(await msg(Buffer.alloc(0))).toBe('error.sheetEmpty');
    expect(await msg(Buffer.from([0x00, 0x01, 0x02, 0x03, 0xff, 0x00]))).toBe('error.sheetType');
    expect(
      await msg(
        Buffer.from(
          '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;">]><a>&lol2;</a>',
        ),
      ),
    ).toBe('error.xmlEntities');
    expect(await msg(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]))).toBe('error.xlsBinary');
    expect(await msg(Buffer.from('PK\u0003\u0004garbage'))).toBe('error.fileUnreadable');
    const big = Buffer.from(Array.from({ length: MAX_IMPORT_ROWS + 50 }, (_, i) => `A${i};1`).join('\n'));
    expect(await msg(big)).toBe('error.fileTooManyRows');
    const huge = await workbook((wb) => {
      const ws = wb.addWorksheet('x');
      for (let i = 0; i < 100_000; i++) ws.addRow([`P${i}`, 1]);
    });
    expect(await msg(huge)).toBe('error.fileTooManyRows');
  }, 60000);
});

function multipart(name: string, data: Buffer) {
  const boundary = '----ordering' + Date.now();
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), data, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe('files/save and product/get-articles-xls', () => {
  let t: TestApp;
  let db: Db;
  let dealer: TestClient;
  let dealer2: TestClient;
  beforeAll(async () => {
    t = await createTestApp({ uploadMaxBytes: 2 * 1024 * 1024 });
    db = (t.app as unknown as { portal: { database: { db: Db } } }).portal.database.db;
    dealer = await t.as('dealer');
    dealer2 = await t.as('dealer2');
  });
  afterAll(() => t.close());

  async function upload(client: TestClient, name: string, data: Buffer) {
    const m = multipart(name, data);
    return client.raw('files/save', undefined, { payload: m.payload, headers: m.headers });
  }

  it('serves the template, which filled in with 20 lines imports with a per-row report', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/upload/main/templateBasket.xlsx' });
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    expect(ws.getRow(1).values).toEqual([undefined, 'Артикул', 'Количество']);
    const products = [];
    for (let i = 0; i < 20; i++) products.push(await newProduct(db));
    products.forEach((p, i) => ws.addRow([p.article, i + 1]));
    ws.addRow(['НЕТ-ТАКОГО', 1]);
    const filled = Buffer.from(await wb.xlsx.writeBuffer());
    const saved = await upload(dealer, 'заказ.xlsx', filled);
    expect(saved.status).toBe(200);
    const file = (saved.body.result as { items: Array<{ id: number }> }).items[0]!;
    const report = await dealer.ok('product/get-articles-xls', { fileId: file.id });
    expect(report.found).toBe(20);
    expect(report.notFound).toBe(1);
    expect(report.lines[0]).toMatchObject({ row: 2, status: 'found', quantity: 1 });
    expect(report.lines[20]).toMatchObject({ row: 22, status: 'notFound' });
    expect((await dealer2.call('product/get-articles-xls', { fileId: file.id })).status).toBe(404);
    expect((await dealer2.call('files/get', { id: file.id })).status).toBe(404);
    expect((await dealer.ok('files/get', { id: file.id })).name).toBe('заказ.xlsx');
  });

  it('answers a bad file with a clear 4xx and writes nothing to the basket', async () => {
    const exe = await upload(dealer, 'virus.xlsx', Buffer.from('MZ\u0090\u0000\u0003\u0000\u0000\u0000'));
    expect(exe.status).toBe(400);
    const empty = await upload(dealer, 'empty.csv', Buffer.alloc(0));
    expect(empty.body.error_description).toBe('Файл «empty.csv» пустой');
    const bomb = await upload(
      dealer,
      'bomb.xml',
      Buffer.from('<?xml version="1.0"?><!DOCTYPE a [<!ENTITY a "aaaa">]><r>&a;</r>'),
    );
    expect(bomb.status).toBe(200);
    const bombId = (bomb.body.result as { items: Array<{ id: number }> }).items[0]!.id;
    const r = await dealer.call('product/get-articles-xls', { fileId: bombId });
    expect(r.status).toBe(400);
    expect(r.body.error_description).toBe('XML-файл с объявлениями DTD и сущностей не принимается');
    const tooBig = await upload(dealer, 'big.csv', Buffer.alloc(3 * 1024 * 1024, 0x41));
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.error).toBe('PAYLOAD_TOO_LARGE');
    const none = await dealer.call('files/save', {});
    expect(none.status).toBe(400);
  });
});
