import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../../testing/index.js';
import { encodeXml, OneC, type FixtureEncoding } from '../exchange/testing.js';

/**
 * The dealer's account from 1C (decision 200) through the real `/exchange/1c` sale exchange and `/rest/`, on
 * the real database: a Контейнер with an order, two partial shipments, a bill with a PDF and a payment; the
 * same linked by requisites in windows-1251; the settlements file; unknown counterparties counted; a re-sent
 * document; a malformed file changing nothing; ownership.
 */

const EXCHANGE = { login: 'exchange', password: 'Exchange#2026' };
const here = path.dirname(fileURLToPath(import.meta.url));
let t: TestApp;
const db = () => t.app.portal.database.db;
let dealer: TestClient;
let dealer2: TestClient;
let employee: TestClient;
let world: Record<string, string>;
let orderId: number;
let companyId: number;

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

function doc(name: string, encoding: FixtureEncoding, extra: Record<string, string> = {}): Buffer {
  let text = readFileSync(path.join(here, 'fixtures', name), 'utf8');
  for (const [k, v] of Object.entries({ ...world, ...extra })) text = text.split(`{${k}}`).join(v);
  return encodeXml(text, encoding);
}

async function sale() {
  const c = new OneC(t.app, 'sale');
  expect((await c.checkauth(EXCHANGE.login, EXCHANGE.password)).lines[0]).toBe('success');
  await c.init();
  return c;
}

const count = async (
  table: 'account_documents' | 'account_document_lines' | 'account_contracts' | 'account_unmatched',
) => Number((await sql<{ n: string }>`SELECT count(*) AS n FROM ${sql.table(table)}`.execute(db())).rows[0]!.n);

beforeAll(async () => {
  t = await createTestApp({
    exchange: { ...EXCHANGE, fileLimitBytes: 4096, maxFileBytes: 20 * 1024 * 1024, stepMs: 500 },
  });
  // The demo account (seed.ts) aside: these tests count what the exchange writes.
  await sql`DELETE FROM account_documents`.execute(db());
  await sql`DELETE FROM account_contracts`.execute(db());
  dealer = await t.as('dealer');
  dealer2 = await t.as('dealer2');
  employee = await t.as('employee');
  const order = (
    await sql<{ id: number; price: string; counterparty_id: number }>`
      SELECT o.id, o.price, o.counterparty_id FROM orders o JOIN users u ON u.id = o.user_id
      WHERE u.login = 'dealer' AND o.counterparty_id IS NOT NULL AND NOT o.is_paid ORDER BY o.id LIMIT 1`.execute(db())
  ).rows[0]!;
  orderId = order.id;
  companyId = order.counterparty_id;
  const company = (
    await sql<{
      name: string;
      inn: string;
      kpp: string;
    }>`SELECT name, inn, kpp FROM counterparties WHERE id = ${companyId}`.execute(db())
  ).rows[0]!;
  // A product as 1C knows it: by its Ид.
  const product = (
    await sql<{ external_id: string; article: string; name: string }>`
      UPDATE products SET external_id = 'a1b2c3d4-1c-product' WHERE id = (SELECT min(id) FROM products)
      RETURNING external_id, article, name`.execute(db())
  ).rows[0]!;
  world = {
    ORDER_ID: String(orderId),
    ORDER_SUM: Number(order.price).toFixed(2),
    PAID_SUM: Number(order.price).toFixed(2),
    COMPANY_ID: String(companyId),
    COMPANY_NAME: company.name,
    INN: company.inn,
    KPP: company.kpp,
    PRODUCT_EXT: product.external_id,
    ARTICLE: product.article,
    PRODUCT_NAME: product.name,
    DEBT: '150000.00',
  };
}, 120_000);
afterAll(() => t?.close());

describe('documents from 1C', () => {
  it('a Контейнер (UTF-8): two partial shipments of the order, a bill with its PDF, a payment that marks it paid', async () => {
    const c = await sale();
    expect((await c.file('upd-101.pdf', PDF)).lines[0]).toBe('success');
    expect((await c.file('bill-77.pdf', PDF)).lines[0]).toBe('success');
    const answer = await c.file('documents.xml', doc('documents-container.xml', 'utf-8'));
    expect(answer.lines[0]).toBe('success');

    const shipments = await dealer.ok('shipment/list', { filter: { order: orderId } });
    expect(shipments.count).toBe(2);
    const [second, first] = shipments.items;
    expect(first!.number).toBe('РТ-00000101');
    expect(first!.date).toBe('2026-11-12');
    expect(first!.carrier).toBe('ПЭК');
    expect(first!.tracking).toBe('PEK-123456789');
    expect(first!.lines[0]).toMatchObject({ quantity: 2, price: 750, sum: 1500 });
    expect(first!.lines[0]!.productId).not.toBeNull();
    expect(first!.files.map((f) => f.name)).toEqual(['upd-101.pdf']);
    expect(second!.lines[0]!.quantity).toBe(1);

    const documents = await dealer.ok('document/list', { filter: { order: orderId }, size: 50 });
    expect(documents.items.map((d) => d.type).sort()).toEqual(['bill', 'payment', 'shipment', 'shipment']);
    const bill = documents.items.find((d) => d.type === 'bill')!;
    const file = await dealer.ok('document/file', { id: bill.files[0]!.id });
    expect(file.name).toBe('bill-77.pdf');
    const download = await t.app.inject({ method: 'GET', url: file.src, headers: { cookie: dealer.cookie } });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(PDF)).toBe(true);

    const paid = (await sql<{ is_paid: boolean }>`SELECT is_paid FROM orders WHERE id = ${orderId}`.execute(db()))
      .rows[0]!;
    expect(paid.is_paid).toBe(true);

    const ledger = await dealer.ok('settlement/ledger', {
      counterparty: companyId,
      from: '2026-11-01',
      to: '2026-11-30',
    });
    expect(ledger.items.map((e) => e.type)).toEqual(['shipment', 'payment', 'shipment']);
    expect(ledger.closing).toBeCloseTo(ledger.opening + 1500 + 750 - Number(world.PAID_SUM), 2);
    expect(ledger.items[2]!.balance).toBeCloseTo(ledger.closing, 2);
  }, 120_000);

  it('re-sent, the same documents update their rows and never duplicate', async () => {
    const before = [await count('account_documents'), await count('account_document_lines')];
    const c = await sale();
    await c.file('upd-101.pdf', PDF);
    await c.file('bill-77.pdf', PDF);
    expect((await c.file('again.xml', doc('documents-container.xml', 'utf-8'))).lines[0]).toBe('success');
    expect([await count('account_documents'), await count('account_document_lines')]).toEqual(before);
    expect((await dealer.ok('shipment/list', { filter: { order: orderId } })).count).toBe(2);
  }, 120_000);

  it('without a container (windows-1251): linked by «Основание» and «Номер заказа»; an order placed in 1C; an unknown counterparty is counted and listed', async () => {
    const c = await sale();
    const answer = await c.file('linked.xml', doc('documents-linked.xml', 'windows-1251'));
    expect(answer.lines[0]).toBe('success');
    const imported = await c.import('linked.xml');
    expect(imported.lines[0]).toBe('success');
    expect(imported.body).toMatch(/не сопоставлено 1/);
    expect(imported.body).toMatch(/заказов из 1С 1/);

    const shipments = await dealer.ok('shipment/list', { filter: { order: orderId } });
    expect(shipments.count).toBe(3);
    expect(shipments.items[0]!.tracking).toBe('ДЛ-7788');
    const invoices = await dealer.ok('document/list', { filter: { type: 'invoice' } });
    expect(invoices.items[0]).toMatchObject({ number: 'СФ-00000201', orderId, counterparty: { id: companyId } });
    // The order placed in 1C is the dealer's order, read-only (decision 202).
    const orders = await dealer.ok('order/list', { filter: { from1C: true } });
    expect(orders.items[0]).toMatchObject({ number1C: 'ЗК-00000900', price: 3300, from1C: true, canCorrect: false });
    expect(orders.items[0]!.status.name).toBe('Принят');
    const phoned = await dealer.ok('order/get', { id: orders.items[0]!.id });
    expect(phoned.items![0]!.quantity).toBe(3);
    const unmatched = (
      await sql<{
        reason: string;
      }>`SELECT reason FROM account_unmatched WHERE ext_id = 'c7d1e2f3-0004-11ef-8d11-0050569a0002'`.execute(db())
    ).rows;
    expect(unmatched[0]!.reason).toMatch(/Незнакомец/);
    // The return lowers the debt.
    const ledger = await dealer.ok('settlement/ledger', {
      counterparty: companyId,
      from: '2026-11-21',
      to: '2026-11-21',
    });
    expect(ledger.items).toMatchObject([{ type: 'return', debit: 0, credit: 200 }]);
  }, 120_000);

  it('a malformed file is a failure and changes nothing', async () => {
    const before = [await count('account_documents'), await count('account_document_lines')];
    const broken = doc('documents-linked.xml', 'utf-8', { ORDER_ID: `${orderId}</Значение></Документ>` }).toString(
      'utf8',
    );
    const c = await sale();
    const answer = await c.file('broken.xml', Buffer.from(broken.replace('РТ-00000201', 'РТ-99999999')));
    expect(answer.lines[0]).toBe('failure');
    expect([await count('account_documents'), await count('account_document_lines')]).toEqual(before);
    expect((await dealer.ok('document/list', { size: 100 })).items.map((d) => d.number)).not.toContain('РТ-99999999');
  }, 120_000);
});

describe('settlements file', () => {
  it('sets each contract’s limit, debt, overdue and open bills; an unknown counterparty is listed', async () => {
    const c = await sale();
    expect((await c.file('settlements.xml', doc('settlements.xml', 'windows-1251'))).lines[0]).toBe('success');
    const { items } = await dealer.ok('settlement/list', { counterparty: companyId });
    const contract = items[0]!.contracts[0]!;
    expect(contract).toMatchObject({
      id: 'dog-1',
      number: 'Д-15/2025',
      limit: 500000,
      debt: 150000,
      used: 150000,
      available: 350000,
      overdue: 12000,
      deferralDays: 30,
      figuresOn: '2026-11-22',
    });
    expect(contract.bills.map((b) => [b.number, b.overdue])).toEqual([
      ['СЧ-00000050', true],
      ['СЧ-00000077', false],
    ]);
    const nobody = (
      await sql<{ n: string }>`SELECT count(*) AS n FROM account_unmatched WHERE kind = 'settlement'`.execute(db())
    ).rows[0]!;
    expect(Number(nobody.n)).toBe(1);
    // Sent again with new figures: the same contract, updated; its bills replaced.
    const again = await sale();
    await again.file('settlements-2.xml', doc('settlements.xml', 'utf-8', { DEBT: '90000.00' }));
    const after = (await dealer.ok('settlement/list', { counterparty: companyId })).items[0]!;
    expect(after.contracts).toHaveLength(1);
    expect(after.contracts[0]!.debt).toBe(90000);
    expect(after.contracts[0]!.bills).toHaveLength(2);
    expect(after.totals.available).toBe(410000);
  }, 120_000);
});

describe('ownership', () => {
  it('dealer2 sees none of dealer’s account; a foreign company or file answers like a missing one; staff see it', async () => {
    expect((await dealer2.ok('document/list', { size: 100 })).count).toBe(0);
    expect((await dealer2.ok('shipment/list', { filter: { order: orderId } })).count).toBe(0);
    const foreign = await dealer2.call('settlement/ledger', {
      counterparty: companyId,
      from: '2026-01-01',
      to: '2026-12-31',
    });
    expect(foreign.status).toBe(404);
    expect((await dealer2.call('settlement/list', { counterparty: companyId })).status).toBe(404);
    expect(
      (await dealer2.call('settlement/act', { counterparty: companyId, from: '2026-01-01', to: '2026-12-31' })).status,
    ).toBe(404);
    const fileId = (await dealer.ok('document/list', { filter: { type: 'bill' } })).items[0]!.files[0]!.id;
    expect((await dealer2.call('document/file', { id: fileId })).status).toBe(404);
    expect((await employee.ok('settlement/list', { counterparty: companyId })).items[0]!.contracts).toHaveLength(1);
    expect((await employee.ok('document/file', { id: fileId })).name).toBe('bill-77.pdf');
  }, 60_000);

  it('refuses a period that ends before it starts, in Russian, with 400', async () => {
    const r = await dealer.call('settlement/ledger', { counterparty: companyId, from: '2026-12-01', to: '2026-11-01' });
    expect(r.status).toBe(400);
    expect(JSON.stringify(r.body)).toMatch(/Конец периода раньше его начала/);
  });
});

describe('акт сверки', () => {
  it('opening balance, every document, closing balance; as .xlsx too', async () => {
    const act = await dealer.ok('settlement/act', { counterparty: companyId, from: '2026-11-01', to: '2026-11-30' });
    expect(act.items.length).toBe(5);
    expect(act.closing).toBeCloseTo(act.opening + act.debit - act.credit, 2);
    expect(act.file).toBeNull();
    const withFile = await dealer.ok('settlement/act', {
      counterparty: companyId,
      from: '2026-11-01',
      to: '2026-11-30',
      xlsx: true,
    });
    const xlsx = await t.app.inject({ method: 'GET', url: withFile.file!.src, headers: { cookie: dealer.cookie } });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
    // Read back: the title, the opening balance, every document with its balance, the closing balance, as money.
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as never);
    const sheet = book.getWorksheet('Акт сверки')!;
    expect(String(sheet.getCell('A1').value)).toMatch(
      /^Акт сверки взаимных расчётов за период 01\.11\.2026 — 30\.11\.2026/,
    );
    expect(sheet.getCell('A1').font?.bold).toBe(true);
    expect(sheet.getCell('B5').value).toBe('Сальдо начальное');
    expect(sheet.getCell('E5').value).toBeCloseTo(act.opening, 2);
    act.items.forEach((item, i) => {
      const row = sheet.getRow(6 + i);
      expect(row.getCell(1).value).toBe(item.date.split('-').reverse().join('.'));
      expect(String(row.getCell(2).value)).toContain(`№ ${item.number}`);
      expect(row.getCell(5).value).toBeCloseTo(item.balance, 2);
      expect(row.getCell(5).numFmt).toBe('#,##0.00');
    });
    const last = sheet.getRow(6 + act.items.length + 1);
    expect(last.getCell(2).value).toBe('Сальдо конечное');
    expect(last.getCell(5).value).toBeCloseTo(act.closing, 2);
  }, 60_000);
});
