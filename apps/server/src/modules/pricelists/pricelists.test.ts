import { expandProducts, type Product } from '@portal/contract';
import { parse as parseCsv } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { XMLParser } from 'fast-xml-parser';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/database.js';
import { createTestApp, type TestApp, type TestClient } from '../../testing/index.js';
import { loadActor } from '../auth/index.js';
import { priceListStream } from './stream.js';

/** Price lists (decision 212): files parsed back and compared with product/list; filters; secret links. */

let t: TestApp;
let db: Db;
let dealer: TestClient;
let dealer2: TestClient;

async function get(client: TestClient | null, url: string) {
  return t.app.inject({ method: 'GET', url, headers: client?.cookie ? { cookie: client.cookie } : {} });
}

/** Every product of product/list for the client (whole catalogue or a section), expanded, by part number. */
async function listed(client: TestClient, category?: number): Promise<Map<string, Product>> {
  const page = await client.ok('product/list', { size: -1, ...(category ? { filter: { category } } : {}) });
  return new Map(expandProducts(page, 'ru').items.map((p) => [p.article, p]));
}

async function sheetRows(body: Buffer): Promise<{ header: string[]; rows: unknown[][] }> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(body as unknown as ArrayBuffer);
  const sheet = book.worksheets[0]!;
  const all: unknown[][] = [];
  sheet.eachRow((row) => all.push((row.values as unknown[]).slice(1)));
  return { header: all[0] as string[], rows: all.slice(1) };
}

/** A CSV number as Russian Excel reads it (decimal comma). */
const csvNumber = (text: string) => (text === '' ? null : Number(text.replace(',', '.')));

let section: { id: number; name: string };

beforeAll(async () => {
  t = await createTestApp();
  db = t.app.portal.database.db;
  [dealer, dealer2] = await Promise.all([t.as('dealer'), t.as('dealer2')]);
  // dealer2 buys at the retail price, so a list at the wrong dealer's prices cannot pass.
  await sql`UPDATE users SET price_type_id = (SELECT id FROM price_types WHERE code = 'RETAIL')
    WHERE login = 'dealer2'`.execute(db);
  // The section with the most products.
  const row = await sql<{ id: number; name: string }>`
    SELECT s.id, s.name FROM sections s JOIN products p ON p.section_id = s.id AND p.active
    GROUP BY s.id, s.name ORDER BY count(*) DESC, s.id LIMIT 1`.execute(db);
  section = row.rows[0]!;
}, 60_000);
afterAll(() => t.close());

describe('price list download', () => {
  it('.xlsx of a section: every product at the dealer’s price, stock per warehouse, as product/list shows', async () => {
    const r = await get(dealer, `/pricelist/download?format=xlsx&section=${section.id}`);
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toContain('spreadsheetml');
    expect(r.headers['content-disposition']).toMatch(/^attachment; filename="price-list-.*\.xlsx"$/);
    const { header, rows } = await sheetRows(r.rawPayload);
    const expected = await listed(dealer, section.id);
    expect(rows).toHaveLength(expected.size);
    const storeNames = header.slice(8, -1);
    expect(storeNames.length).toBeGreaterThan(0);
    let priced = 0;
    for (const row of rows) {
      const p = expected.get(String(row[0]));
      expect(p, String(row[0])).toBeDefined();
      expect(row[2]).toBe(p!.name);
      expect(row[5] ?? null).toBe(p!.price?.value ?? null);
      if (p!.price) priced++;
      expect(row[7]).toBe(p!.quantity);
      storeNames.forEach((name, i) => {
        const amount = p!.stores.find((s) => s.name === name)?.amount ?? 0;
        expect(row[8 + i]).toBe(amount);
      });
    }
    expect(priced).toBeGreaterThan(0);
  });

  it('.csv of the whole catalogue in stock only: UTF-8 with BOM, «;», prices of product/list', async () => {
    const r = await get(dealer, '/pricelist/download?format=csv&inStock=1');
    expect(r.statusCode).toBe(200);
    expect(r.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const records = parseCsv(r.rawPayload, { bom: true, delimiter: ';' }) as string[][];
    const [header, ...rows] = records;
    expect(header!.slice(0, 3)).toEqual(['Артикул', 'Бренд', 'Наименование']);
    expect(header!.at(-1)).toBe('Аналоги');
    const expected = await listed(dealer);
    const inStock = [...expected.values()].filter((p) => p.quantity > 0);
    expect(rows).toHaveLength(inStock.length);
    expect(rows.length).toBeLessThan(expected.size);
    for (const row of rows) {
      const p = expected.get(row[0]!.replace(/^'/, ''))!;
      expect(p).toBeDefined();
      expect(csvNumber(row[5]!)).toBe(p.price?.value ?? null);
      expect(Number(row[7])).toBe(p.quantity);
      expect(Number(row[7])).toBeGreaterThan(0);
    }
  });

  it('YML: yml_catalog/shop with currencies, categories and offers at the dealer’s prices', async () => {
    const r = await get(dealer, `/pricelist/download?format=yml&section=${section.id}`);
    expect(r.statusCode).toBe(200);
    const doc = new XMLParser({
      ignoreAttributes: false,
      isArray: (name) => ['offer', 'category', 'outlet'].includes(name),
    }).parse(r.body) as {
      yml_catalog: {
        shop: {
          currencies: { currency: { '@_id': string } };
          categories: { category: Array<{ '@_id': string; '#text': string }> };
          offers: { offer: Array<{ '@_id': string; vendorCode: string | number; price?: number; count: number }> };
        };
      };
    };
    const shop = doc.yml_catalog.shop;
    expect(shop.currencies.currency['@_id']).toBe('RUB');
    expect(shop.categories.category.some((c) => Number(c['@_id']) === section.id && c['#text'] === section.name)).toBe(
      true,
    );
    const expected = await listed(dealer, section.id);
    expect(shop.offers.offer).toHaveLength(expected.size);
    for (const o of shop.offers.offer) {
      const p = [...expected.values()].find((x) => x.id === Number(o['@_id']))!;
      expect(p).toBeDefined();
      expect(o.price ?? null).toBe(p.price?.value ?? null);
      expect(o.count).toBe(p.quantity);
    }
  });

  it('escapes names in YML and CSV', async () => {
    const id = (
      await db
        .selectFrom('products')
        .select('id')
        .where('section_id', '=', section.id)
        .orderBy('id')
        .executeTakeFirstOrThrow()
    ).id;
    const before = await db.selectFrom('products').select('name').where('id', '=', id).executeTakeFirstOrThrow();
    const tricky = `Фильтр <b>"А&Б"</b>; 'x'\nвторая строка`;
    await db.updateTable('products').set({ name: tricky }).where('id', '=', id).execute();
    try {
      const yml = await get(dealer, `/pricelist/download?format=yml&section=${section.id}`);
      const doc = new XMLParser({ isArray: (name) => name === 'offer' }).parse(yml.body) as {
        yml_catalog: { shop: { offers: { offer: Array<{ name: string }> } } };
      };
      expect(doc.yml_catalog.shop.offers.offer.some((o) => o.name === tricky)).toBe(true);
      const csv = await get(dealer, `/pricelist/download?format=csv&section=${section.id}`);
      const rows = parseCsv(csv.rawPayload, { bom: true, delimiter: ';' }) as string[][];
      expect(rows.some((row) => row[2] === tricky)).toBe(true);
    } finally {
      await db.updateTable('products').set({ name: before.name }).where('id', '=', id).execute();
    }
  });

  it('reads by keyset pages: pages of 7 give the same file as one page', async () => {
    const actor = (await loadActor(db, (await dealer.ok('profile', {})).id))!;
    const read = async (pageSize: number) => {
      const chunks: Buffer[] = [];
      const stream = await priceListStream(
        db,
        actor,
        { format: 'csv', sectionIds: null, inStock: false },
        { name: 'x', url: 'http://x/' },
        pageSize,
      );
      for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
      return Buffer.concat(chunks).toString('utf8');
    };
    const whole = await read(100_000);
    const paged = await read(7);
    expect(whole.split('\r\n').length).toBeGreaterThan(20);
    expect(paged).toBe(whole);
  });

  it('refuses a stranger, a bad format and a missing section with 4xx', async () => {
    expect((await get(null, '/pricelist/download?format=csv')).statusCode).toBe(401);
    const bad = await get(dealer, '/pricelist/download?format=pdf');
    expect(bad.statusCode).toBe(400);
    expect(JSON.parse(bad.body)).toMatchObject({ error: 'VALIDATION' });
    expect((await get(dealer, '/pricelist/download?format=csv&section=abc')).statusCode).toBe(400);
    expect((await get(dealer, '/pricelist/download?format=csv&section=999999999')).statusCode).toBe(404);
    expect((await get(dealer, '/pricelist/download?format=csv&inStock=yes')).statusCode).toBe(400);
  });
});

describe('secret price list links', () => {
  it('shown once, stored hashed; fetch without signing in at the link owner’s prices', async () => {
    const { link, token } = await dealer2.ok('price-list-link/create', { days: 30 });
    expect(token).toMatch(/^dpl_[A-Za-z0-9_-]{43}$/);
    const stored = await db
      .selectFrom('price_list_links')
      .selectAll()
      .where('id', '=', link.id)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(stored)).not.toContain(token.slice(link.prefix.length));
    expect(JSON.stringify(await dealer2.ok('price-list-link/list', {}))).not.toContain(token);
    const days = (Date.parse(link.dateExpire) - Date.parse(link.dateCreate)) / 86_400_000;
    expect(Math.round(days)).toBe(30);

    const r = await get(null, `/pricelist/${token}.csv`);
    expect(r.statusCode).toBe(200);
    const rows = (parseCsv(r.rawPayload, { bom: true, delimiter: ';' }) as string[][]).slice(1);
    const mine = await listed(dealer2);
    const theirs = await listed(dealer);
    let differs = 0;
    for (const row of rows) {
      const article = row[0]!.replace(/^'/, '');
      expect(csvNumber(row[5]!)).toBe(mine.get(article)!.price?.value ?? null);
      if (csvNumber(row[5]!) !== (theirs.get(article)!.price?.value ?? null)) differs++;
    }
    expect(rows).toHaveLength(mine.size);
    // dealer2's retail prices are not dealer's dealer prices: the link answers as its owner, never another.
    expect(differs).toBeGreaterThan(0);
    const listedLink = (await dealer2.ok('price-list-link/list', {})).items.find((l) => l.id === link.id)!;
    expect(listedLink.lastUsedAt).not.toBeNull();
  });

  it('answers 404 once revoked or expired; another dealer cannot revoke or see it', async () => {
    const { link, token } = await dealer.ok('price-list-link/create', { days: 1 });
    expect((await get(null, `/pricelist/${token}.yml`)).statusCode).toBe(200);
    const foreign = await dealer2.call('price-list-link/delete', { id: link.id });
    expect(foreign.status).toBe(404);
    expect((await dealer2.ok('price-list-link/list', {})).items.some((l) => l.id === link.id)).toBe(false);

    await sql`UPDATE price_list_links SET expires_at = now() - interval '1 second' WHERE id = ${link.id}`.execute(db);
    expect((await get(null, `/pricelist/${token}.xlsx`)).statusCode).toBe(404);

    const second = await dealer.ok('price-list-link/create', { days: 7 });
    expect((await get(null, `/pricelist/${second.token}.xlsx`)).statusCode).toBe(200);
    await dealer.ok('price-list-link/delete', { id: second.link.id });
    expect((await get(null, `/pricelist/${second.token}.xlsx`)).statusCode).toBe(404);
    const listedLink = (await dealer.ok('price-list-link/list', {})).items.find((l) => l.id === second.link.id)!;
    expect(listedLink.dateRevoke).not.toBeNull();
    expect((await get(null, `/pricelist/dpl_${'x'.repeat(43)}.csv`)).statusCode).toBe(404);
    expect((await get(null, '/pricelist/nothing.csv')).statusCode).toBe(404);
  });

  it('refuses a bad lifetime with a Russian message', async () => {
    const r = await dealer.call('price-list-link/create', { days: 0 });
    expect(r.status).toBe(400);
    expect(JSON.stringify(r.body)).toContain('Срок ссылки');
    expect((await dealer.call('price-list-link/create', { days: 366 })).status).toBe(400);
  });
});
