import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../../testing/index.js';
import { encodeXml, OneC } from '../exchange/testing.js';

/**
 * What the account's budgets cost in statements (docs/performance.md, «The dealer's account»): the machine is
 * shared, so wall-clock figures say little; statements per call do not depend on the load. A ledger page of a
 * company with 20,000 entries, the акт сверки, and a document of the sale exchange each stay within a bound.
 * The CPU of each call is printed too (the server and PGlite run in this process).
 */

const EXCHANGE = { login: 'exchange', password: 'Exchange#2026' };
/** Statements of one `settlement/ledger` page (the session, the company, the balances and page, the entries). */
const PER_LEDGER_PAGE = 4;
/** Statements of one `settlement/act` on screen. */
const PER_ACT = 4;
/** Statements per document of a sale exchange (shipments with a line, payments, bills), run overhead included. */
const PER_DOCUMENT = 12;

let t: TestApp;
const db = () => t.app.portal.database.db;
let dealer: TestClient;
let companyId: number;

const cpuMs = (since: NodeJS.CpuUsage) => {
  const c = process.cpuUsage(since);
  return (c.user + c.system) / 1000;
};

async function measure(label: string, runs: number, call: (i: number) => Promise<unknown>) {
  await call(0); // the session, the caches
  const probe = t.app.portal.database.probe;
  const before = probe.statements;
  const cpu = process.cpuUsage();
  for (let i = 0; i < runs; i++) await call(i);
  const statements = (probe.statements - before) / runs;
  console.log(`${label}: ${statements.toFixed(2)} statements, ${(cpuMs(cpu) / runs).toFixed(2)} ms CPU per call`);
  return statements;
}

beforeAll(async () => {
  t = await createTestApp({ exchange: { ...EXCHANGE, fileLimitBytes: 1 << 22, maxFileBytes: 1 << 26, stepMs: 2000 } });
  dealer = await t.as('dealer');
  companyId = (
    await sql<{ id: number }>`SELECT c.id FROM counterparties c JOIN users u ON u.id = c.user_id
      WHERE u.login = 'dealer' ORDER BY c.id LIMIT 1`.execute(db())
  ).rows[0]!.id;
  // 20,000 ledger entries over ten years (the day totals kept by the trigger, decision 204).
  await sql`INSERT INTO account_documents (ext_id, kind, number, doc_date, sum, counterparty_id)
    SELECT 'cost-' || i, CASE WHEN i % 2 = 0 THEN 'shipment' ELSE 'payment' END, 'C-' || i,
      DATE '2016-01-01' + (i * 3650 / 20000), 1000 + (i % 97) * 37, ${companyId}
    FROM generate_series(1, 20000) AS i`.execute(db());
}, 300_000);
afterAll(() => t?.close());

describe('the account’s cost in statements', () => {
  it('a ledger page of 20,000 entries, first to last, in a bounded number of statements', async () => {
    const pages = [1, 2, 167, 333, 334];
    const perPage = await measure('settlement/ledger, a page of 60', 20, (i) =>
      dealer.ok('settlement/ledger', {
        counterparty: companyId,
        from: '2000-01-01',
        to: '2099-12-31',
        page: pages[i % pages.length]!,
        size: 60,
      }),
    );
    expect(perPage).toBeLessThanOrEqual(PER_LEDGER_PAGE);
  }, 120_000);

  it('the акт сверки of a year (2,000 documents) on screen, and as .xlsx', async () => {
    const act = { counterparty: companyId, from: '2024-01-01', to: '2024-12-31' };
    const onScreen = await measure('settlement/act, on screen', 5, () => dealer.ok('settlement/act', act));
    expect(onScreen).toBeLessThanOrEqual(PER_ACT);
    const cpu = process.cpuUsage();
    const file = await dealer.ok('settlement/act', { ...act, xlsx: true });
    console.log(`settlement/act as .xlsx (made): ${cpuMs(cpu).toFixed(1)} ms CPU, ${file.file!.size} bytes`);
    expect(file.items.length).toBeGreaterThan(1900);
  }, 120_000);

  it('a sale exchange of 600 documents in a bounded number of statements per document', async () => {
    const docs = Array.from({ length: 600 }, (_, i) => {
      const kind = i % 5 === 4 ? 'Счет на оплату' : i % 2 === 0 ? 'Отпуск товара' : 'Выплата безналичных денег';
      const sum = (1000 + (i % 97) * 37).toFixed(2);
      return (
        `<Документ><Ид>cost-doc-${i}</Ид><Номер>КД-${i}</Номер><Дата>2025-0${1 + (i % 9)}-1${i % 10}</Дата>` +
        `<ХозОперация>${kind}</ХозОперация><Роль>Продавец</Роль><Валюта>RUB</Валюта><Сумма>${sum}</Сумма>` +
        `<Контрагенты><Контрагент><Ид>company-${companyId}</Ид><Наименование>Дилер</Наименование>` +
        `<Роль>Покупатель</Роль></Контрагент></Контрагенты>` +
        (kind === 'Отпуск товара'
          ? `<Товары><Товар><Ид>cost-p-${i % 50}</Ид><Артикул>CP-${i % 50}</Артикул><Наименование>Деталь</Наименование>` +
            `<ЦенаЗаЕдиницу>${sum}</ЦенаЗаЕдиницу><Количество>1</Количество><Сумма>${sum}</Сумма></Товар></Товары>`
          : '') +
        `</Документ>`
      );
    });
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<КоммерческаяИнформация xmlns="urn:1C.ru:commerceml_2" ВерсияСхемы="2.08" ДатаФормирования="2026-11-21T09:00:00">${docs.join('\n')}</КоммерческаяИнформация>`;
    const c = new OneC(t.app, 'sale');
    expect((await c.checkauth(EXCHANGE.login, EXCHANGE.password)).lines[0]).toBe('success');
    await c.init();
    const probe = t.app.portal.database.probe;
    const before = probe.statements;
    const cpu = process.cpuUsage();
    const started = performance.now();
    expect((await c.file('cost.xml', encodeXml(xml, 'utf-8'))).lines[0]).toBe('success');
    const wall = performance.now() - started;
    const perDocument = (probe.statements - before) / docs.length;
    console.log(
      `sale exchange of ${docs.length} documents: ${perDocument.toFixed(2)} statements, ` +
        `${(cpuMs(cpu) / docs.length).toFixed(2)} ms CPU per document, ${(wall / 1000).toFixed(1)} s in all`,
    );
    const stored = await sql<{ n: string }>`SELECT count(*) AS n FROM account_documents
      WHERE ext_id LIKE 'cost-doc-%'`.execute(db());
    expect(Number(stored.rows[0]!.n)).toBe(600);
    expect(perDocument).toBeLessThanOrEqual(PER_DOCUMENT);
  }, 300_000);
});
