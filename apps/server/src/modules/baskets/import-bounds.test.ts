import { createDeflateRaw, crc32, deflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import yauzl from 'yauzl';
import { translate } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../../testing/index.js';
import { MAX_SHARED_STRINGS_BYTES } from './spreadsheet.js';

/**
 * A spreadsheet whose shared strings inflate to 1 GB was accepted (33 s and 700 MB for one, six at
 * once 237 s each, other users waited 6 s). The files here are crafted in the test: a real workbook whose
 * shared strings (or one cell) are replaced by 1 GB of text that deflates to about 1 MB, with honest sizes in
 * the zip headers, and with headers that lie about them.
 */

const GB = 1024 * 1024 * 1024;

interface ZipEntry {
  name: string;
  /** Deflated bytes, their CRC and real size. */
  deflated: Buffer;
  crc: number;
  size: number;
}

/** Deflates `total` bytes made of `head`, `filler` repeated and `tail`, without holding them. */
async function deflateEntry(
  name: string,
  head: string,
  filler: string,
  total: number,
  tail: string,
): Promise<ZipEntry> {
  const deflate = createDeflateRaw({ level: 9 });
  const chunks: Buffer[] = [];
  deflate.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise((r) => deflate.on('end', r));
  let crc = 0;
  let size = 0;
  const write = async (b: Buffer) => {
    crc = crc32(b, crc);
    size += b.length;
    if (!deflate.write(b)) await new Promise((r) => deflate.once('drain', r));
  };
  await write(Buffer.from(head));
  const block = Buffer.from(filler.repeat(Math.ceil((1024 * 1024) / filler.length)).slice(0, 1024 * 1024));
  while (size + block.length < total) await write(block);
  await write(Buffer.from(tail));
  deflate.end();
  await done;
  return { name, deflated: Buffer.concat(chunks), crc, size };
}

function plainEntry(name: string, data: Buffer): ZipEntry {
  return { name, deflated: deflateRawSync(data), crc: crc32(data), size: data.length };
}

/** A zip of the entries; `declare` overrides the sizes written in the headers (a lying archive). */
function zip(entries: ZipEntry[], declare: (e: ZipEntry) => number = (e) => e.size): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x800, 6);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(e.crc >>> 0, 14);
    local.writeUInt32LE(e.deflated.length, 18);
    local.writeUInt32LE(Math.min(declare(e), 0xffffffff), 22);
    local.writeUInt16LE(name.length, 26);
    locals.push(local, name, e.deflated);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x800, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(e.crc >>> 0, 16);
    central.writeUInt32LE(e.deflated.length, 20);
    central.writeUInt32LE(Math.min(declare(e), 0xffffffff), 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += 30 + name.length + e.deflated.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** The entries of a real workbook with one order line, as bytes. */
async function realWorkbook(): Promise<Map<string, Buffer>> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Заказ');
  ws.addRow(['Артикул', 'Количество']);
  ws.addRow(['RE504836', 2]);
  const data = Buffer.from(await wb.xlsx.writeBuffer());
  const entries = new Map<string, Buffer>();
  const z = await new Promise<yauzl.ZipFile>((res, rej) =>
    yauzl.fromBuffer(data, { lazyEntries: true }, (e, f) => (e ? rej(e) : res(f))),
  );
  await new Promise<void>((resolve, reject) => {
    z.on('entry', (entry: yauzl.Entry) => {
      z.openReadStream(entry, (err, stream) => {
        if (err) return reject(err);
        const parts: Buffer[] = [];
        stream.on('data', (c: Buffer) => parts.push(c));
        stream.on('end', () => {
          entries.set(entry.fileName, Buffer.concat(parts));
          z.readEntry();
        });
      });
    });
    z.on('end', () => resolve());
    z.readEntry();
  });
  return entries;
}

/** A workbook whose entry `name` is replaced by `entry`. */
async function workbookWith(entry: ZipEntry, declare?: (e: ZipEntry) => number): Promise<Buffer> {
  const real = await realWorkbook();
  const entries: ZipEntry[] = [];
  for (const [name, data] of real) if (name !== entry.name) entries.push(plainEntry(name, data));
  entries.push(entry);
  return zip(entries, declare);
}

const SST_HEAD =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="2" uniqueCount="2"><si><t>Артикул</t></si><si><t>';
const SST_TAIL = '</t></si></sst>';
const SHEET_HEAD =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>';
const SHEET_TAIL = '</t></is></c></row></sheetData></worksheet>';

let bombs: Record<'honest' | 'lying' | 'cell', Buffer>;
let t: TestApp;
let dealer: TestClient;
let colleague: TestClient;

beforeAll(async () => {
  const started = Date.now();
  const strings = await deflateEntry('xl/sharedStrings.xml', SST_HEAD, 'RE504836', GB, SST_TAIL);
  const cell = await deflateEntry('xl/worksheets/sheet1.xml', SHEET_HEAD, 'A', GB, SHEET_TAIL);
  bombs = {
    honest: await workbookWith(strings),
    // The headers say the shared strings are 1 KB.
    lying: await workbookWith(strings, (e) => (e.name === strings.name ? 1024 : e.size)),
    cell: await workbookWith(cell, (e) => (e.name === cell.name ? 2048 : e.size)),
  };
  console.log(
    `crafted in ${Date.now() - started} ms: 1 GB of shared strings in ${bombs.honest.length} bytes, a 1 GB cell in ${bombs.cell.length}`,
  );
  t = await createTestApp();
  dealer = await t.as('dealer');
  colleague = await t.as('dealer2');
}, 120_000);
afterAll(() => t?.close());

function multipart(name: string, data: Buffer) {
  const boundary = '----bomb' + Date.now() + Math.random();
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), data, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

async function uploaded(client: TestClient, data: Buffer): Promise<number> {
  const m = multipart('заказ.xlsx', data);
  const saved = await client.raw('files/save', undefined, { payload: m.payload, headers: m.headers });
  expect(saved.status).toBe(200);
  return (saved.body.result as { items: Array<{ id: number }> }).items[0]!.id;
}

async function orderOf(lines: number): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Заказ');
  ws.addRow(['Артикул', 'Количество']);
  for (let i = 0; i < lines; i++) ws.addRow([`НЕТ-${i}`, 1]);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const basketRows = () => t.app.portal.database.db.selectFrom('basket_items').select('id').execute();

describe('a spreadsheet that inflates to 1 GB', () => {
  for (const kind of ['honest', 'lying', 'cell'] as const) {
    it(`is refused quickly with a clear message, nothing written (${kind})`, async () => {
      const fileId = await uploaded(dealer, bombs[kind]);
      const before = await basketRows();
      const started = Date.now();
      const r = await dealer.call('product/get-articles-xls', { fileId });
      const ms = Date.now() - started;
      console.log(`${kind} 1 GB bomb refused in ${ms} ms: ${r.body.error_description}`);
      expect(r.status).toBe(400);
      expect(r.body.error).toBe('VALIDATION');
      expect(r.body.error_description).toMatch(/^Файл после распаковки больше \d+ МБ/);
      expect(await basketRows()).toEqual(before);
      // Before the bounds: 33 s and 700 MB for one such file.
      expect(ms).toBeLessThan(10_000);
    }, 60_000);
  }

  it('six imports at once (three bombs, three real orders) leave other users answered without waiting', async () => {
    const order = await orderOf(5000);
    const ids = await Promise.all(
      [bombs.lying, order, bombs.cell, order, bombs.honest, order].map((data) => uploaded(dealer, data)),
    );
    const started = Date.now();
    let slowest = 0;
    let answered = 0;
    let importing = true;
    const imports = Promise.all(ids.map((fileId) => dealer.call('product/get-articles-xls', { fileId }))).finally(
      () => (importing = false),
    );
    while (importing) {
      const s = Date.now();
      expect((await colleague.call('site/get-main-settings', {})).status).toBe(200);
      slowest = Math.max(slowest, Date.now() - s);
      answered++;
      await new Promise((r) => setTimeout(r, 20));
    }
    const results = await imports;
    console.log(
      `6 imports at once done in ${Date.now() - started} ms; meanwhile ${answered} calls of another user, slowest ${slowest} ms`,
    );
    expect(results.map((r) => r.status)).toEqual([400, 200, 400, 200, 400, 200]);
    expect((results[1]!.body.result as { notFound: number }).notFound).toBe(5000);
    expect(slowest).toBeLessThan(2000);
  }, 120_000);

  it('stops at a million cells, however small the XML that declares them', async () => {
    // Two cells a row, in columns A and XFD: ExcelJS makes each row 16,384 cells wide.
    const rows = Array.from(
      { length: 100 },
      (_, i) => `<row r="${i + 1}"><c r="A${i + 1}"><v>1</v></c><c r="XFD${i + 1}"><v>1</v></c></row>`,
    ).join('');
    const sheet = Buffer.from(`${SHEET_HEAD.replace(/<row.*$/, '')}${rows}</sheetData></worksheet>`);
    const fileId = await uploaded(dealer, await workbookWith(plainEntry('xl/worksheets/sheet1.xml', sheet)));
    const r = await dealer.call('product/get-articles-xls', { fileId });
    expect(r.status).toBe(400);
    expect(r.body.error_description).toMatch(/^В файле больше 1000000 ячеек/);
  }, 60_000);

  it('a real order is still read, in a worker', async () => {
    const fileId = await uploaded(dealer, await orderOf(2000));
    const report = await dealer.ok('product/get-articles-xls', { fileId });
    expect(report.notFound).toBe(2000);
    expect(report.sheet).toBe('Заказ');
  }, 60_000);

  it('names the bound in the message', () => {
    expect(translate('ru', 'error.sheetInflated', MAX_SHARED_STRINGS_BYTES / 1024 / 1024)).toContain('8 МБ');
  });
});
