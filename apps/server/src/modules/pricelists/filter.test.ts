import { expandProducts, type ProductFilterInput } from '@portal/contract';
import { parse as parseCsv } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { XMLParser } from 'fast-xml-parser';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/database.js';
import { createTestApp, type TestApp, type TestClient } from '../../testing/index.js';

/**
 * A price list by the catalogue screen's current filter (decision 214): the smart filter's keys and the search,
 * as the screen's address carries them, give the products product/list gives for the same filter, in stock
 * only when asked; a bad key or value is a 400 in Russian.
 */

let t: TestApp;
let db: Db;
let dealer: TestClient;
let section: { id: number; brand: string };

const get = (client: TestClient | null, url: string) =>
  t.app.inject({ method: 'GET', url, headers: client?.cookie ? { cookie: client.cookie } : {} });

/** product/list's products for a filter, expanded: what the screen shows. */
async function listed(filter: ProductFilterInput) {
  return expandProducts(await dealer.ok('product/list', { size: -1, filter }), 'ru').items;
}

const csvRows = (body: Buffer) => (parseCsv(body, { bom: true, delimiter: ';' }) as string[][]).slice(1);
const csvNumber = (text: string) => (text === '' ? null : Number(text.replace(',', '.')));
const article = (cell: string) => cell.replace(/^'/, '');

beforeAll(async () => {
  t = await createTestApp();
  db = t.app.portal.database.db;
  dealer = await t.as('dealer');
  // The section and brand with the most products, so the filter leaves some out and keeps several.
  const row = await sql<{ id: number; brand: string }>`
    SELECT p.section_id AS id, p.brand FROM products p WHERE p.active AND p.section_id IS NOT NULL
    GROUP BY p.section_id, p.brand ORDER BY count(*) DESC, p.section_id LIMIT 1`.execute(db);
  section = row.rows[0]!;
}, 60_000);
afterAll(() => t.close());

describe('price list by the current filter', () => {
  it('.csv of a section filtered by brand and price: exactly product/list’s products at its prices', async () => {
    const all = await listed({ category: section.id, F_BRAND: [section.brand] });
    const prices = all.flatMap((p) => (p.price ? [p.price.value] : [])).sort((a, b) => a - b);
    const max = prices[Math.floor(prices.length / 2)]!;
    const expected = await listed({ category: section.id, F_BRAND: [section.brand], F_PRICE_MAX: max });
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(all.length);
    const query = new URLSearchParams({ format: 'csv', section: String(section.id), F_BRAND: section.brand });
    query.set('F_PRICE_MAX', String(max));
    const r = await get(dealer, `/pricelist/download?${query.toString()}`);
    expect(r.statusCode).toBe(200);
    const rows = csvRows(r.rawPayload);
    expect(rows.map((row) => article(row[0]!)).sort()).toEqual(expected.map((p) => p.article).sort());
    const byArticle = new Map(expected.map((p) => [p.article, p]));
    for (const row of rows) {
      const p = byArticle.get(article(row[0]!))!;
      expect(row[1]).toBe(section.brand);
      expect(csvNumber(row[5]!)).toBe(p.price?.value ?? null);
      expect(Number(row[7])).toBe(p.quantity);
    }
  });

  it('.xlsx with the filter and in stock only: the filtered products that have stock', async () => {
    const expected = (await listed({ category: section.id, F_BRAND: [section.brand] })).filter(
      (p) => p.availability !== 'N',
    );
    const query = new URLSearchParams({ format: 'xlsx', section: String(section.id), inStock: '1' });
    query.append('F_BRAND', section.brand);
    const r = await get(dealer, `/pricelist/download?${query.toString()}`);
    expect(r.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(r.rawPayload as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    book.worksheets[0]!.eachRow((row, n) => {
      if (n > 1) rows.push((row.values as unknown[]).slice(1));
    });
    expect(rows.map((row) => String(row[0])).sort()).toEqual(expected.map((p) => p.article).sort());
    for (const row of rows) expect(Number(row[7])).toBeGreaterThan(0);
  });

  it('several values of one key and the long key form, as the smart filter writes them', async () => {
    const brands = (await listed({ category: section.id })).map((p) => p.brand);
    const two = [...new Set(brands)].slice(0, 2);
    const expected = await listed({ category: section.id, F_BRAND: two });
    const query = new URLSearchParams({ format: 'csv', section: String(section.id) });
    for (const b of two) query.append('arCatalogProductsFilter_BRAND', b);
    const rows = csvRows((await get(dealer, `/pricelist/download?${query.toString()}`)).rawPayload);
    expect(rows.map((row) => article(row[0]!)).sort()).toEqual(expected.map((p) => p.article).sort());
  });

  it('a search’s products as YML, the ones product/list finds', async () => {
    const expected = await listed({ search: 'фильтр' });
    expect(expected.length).toBeGreaterThan(0);
    const r = await get(dealer, `/pricelist/download?format=yml&search=${encodeURIComponent('фильтр')}`);
    expect(r.statusCode).toBe(200);
    const doc = new XMLParser({ ignoreAttributes: false, processEntities: false }).parse(r.body) as {
      yml_catalog: { shop: { offers: { offer: Array<{ '@_id': string }> | { '@_id': string } } } };
    };
    const offers = [doc.yml_catalog.shop.offers.offer].flat();
    expect(offers.map((o) => Number(o['@_id'])).sort((a, b) => a - b)).toEqual(
      expected.map((p) => p.id).sort((a, b) => a - b),
    );
  });

  it('a secret link takes the filter too', async () => {
    const { token } = await dealer.ok('price-list-link/create', { days: 1 });
    const expected = await listed({ category: section.id, F_BRAND: [section.brand] });
    const query = new URLSearchParams({ section: String(section.id), F_BRAND: section.brand });
    const r = await get(null, `/pricelist/${token}.csv?${query.toString()}`);
    expect(r.statusCode).toBe(200);
    expect(csvRows(r.rawPayload)).toHaveLength(expected.length);
  });

  it('an unknown key, a bad price or a section given as a filter key is a 400 in Russian', async () => {
    for (const url of [
      '/pricelist/download?format=csv&F_COLOUR=red',
      '/pricelist/download?format=csv&F_PRICE_MAX=abc',
      '/pricelist/download?format=csv&F_AVAILABLE=maybe',
      `/pricelist/download?format=csv&category=${section.id}`,
    ]) {
      const r = await get(dealer, url);
      expect(r.statusCode, url).toBe(400);
      const body = JSON.parse(r.body) as { error: string; error_description: string };
      expect(body.error, url).toBe('VALIDATION');
      expect(body.error_description, url).toMatch(/[А-Яа-я]/);
    }
  });
});
