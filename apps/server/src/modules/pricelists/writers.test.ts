import { once } from 'node:events';
import { PassThrough, Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { PriceListRow, StoreInfo } from '../catalog/index.js';
import { priceListWriter } from './writers.js';

/**
 * The .xlsx writer in bounded memory (docs/performance.md, «Dealers' systems»): exceljs's sheet stream ignores the
 * zip entry's back-pressure, so the writer waits for the entry itself. These tests write generated rows without a
 * database, so what they measure is the writer alone.
 */

const stores: StoreInfo[] = [
  { id: 1, code: 'msk', name: 'Склад Москва', nameEn: '', isVirtual: false },
  { id: 2, code: 'krd', name: 'Склад Краснодар', nameEn: '', isVirtual: false },
];

function row(id: number): PriceListRow {
  return {
    id,
    article: `RE${500000 + id}`,
    brand: 'John Deere',
    name: `Фильтр масляный двигателя номер ${id} для комбайна`,
    unit: 'шт',
    sectionId: 1,
    sectionName: 'Фильтры масляные',
    offer: {
      productId: id,
      price: null,
      needsPaySystem: false,
      quantity: id % 50,
      availability: 'Y',
      stores: [
        { id: 1, code: 'msk', name: 'Склад Москва', nameEn: '', amount: id % 7 },
        { id: 2, code: 'krd', name: 'Склад Краснодар', nameEn: '', amount: id % 11 },
      ] as PriceListRow['offer']['stores'],
    },
    analogues: [`AR${id}`, `LF${id}`],
  };
}

/** Writes `pages` pages of 1,000 rows to a sink, answering the file and the peak of Node's buffers over the start. */
async function writeXlsx(pages: number, keep: boolean): Promise<{ file: Buffer; peakBuffersMb: number }> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      if (keep) chunks.push(chunk);
      setImmediate(done);
    },
  });
  out.pipe(sink);
  const start = process.memoryUsage().arrayBuffers;
  let peak = 0;
  const writer = priceListWriter('xlsx', out, { stores, sections: [], shopName: 'Портал', url: 'http://x/' });
  for (let p = 0; p < pages; p++) {
    await writer.page(Array.from({ length: 1000 }, (_, i) => row(p * 1000 + i + 1)));
    peak = Math.max(peak, process.memoryUsage().arrayBuffers - start);
  }
  const finished = once(sink, 'finish');
  await writer.end();
  await finished;
  return { file: Buffer.concat(chunks), peakBuffersMb: peak / 1048576 };
}

describe('the .xlsx price list writer', () => {
  it('keeps about a page of the sheet in memory however many rows: 150,000 rows hold under 40 MB of buffers', async () => {
    // Without waiting for the zip's entry, 150,000 rows kept ~90 MB of uncompressed XML (0.6 KB a row); with it,
    // what is left is garbage not yet collected (tens of MB at most, whatever the length).
    const { peakBuffersMb } = await writeXlsx(150, false);
    expect(peakBuffersMb).toBeLessThan(40);
  }, 180_000);

  it('writes a file exceljs opens, every row in order', async () => {
    const { file } = await writeXlsx(3, true);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.rowCount).toBe(3001);
    expect(sheet.getRow(1).getCell(1).value).toBe('Артикул');
    expect(sheet.getRow(3001).values).toEqual([
      undefined,
      'RE503000',
      'John Deere',
      'Фильтр масляный двигателя номер 3000 для комбайна',
      'Фильтры масляные',
      'шт',
      undefined,
      undefined,
      0,
      4,
      8,
      'AR3000, LF3000',
    ]);
  }, 60_000);
});
