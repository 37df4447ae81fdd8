import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueue } from '../../ops/jobs/index.js';
import { createTestApp, type TestApp, type TestClient } from '../../testing/index.js';
import { encodeXml, OneC } from '../exchange/testing.js';
import { createOrderFrom1C } from '../orders/index.js';
import { CONVERT_ORDERS_JOB, convertOrdersFrom1C } from './index.js';
import { upsertDocument, type DocumentRow, type LineRow } from './queries.js';

/**
 * Orders placed in 1C that arrived before decision 202 were kept as account documents of kind `order` (decision
 * 200). The one-time job of decision 228 (queued by migration 0223) makes them orders like the new ones: the
 * dealer's, «из 1С», read-only, with lines, status, shipped state and paid flag, once though two runs go at the same moment; the shipments and payments that
 * named them link to them; a later shipment through the real exchange finds the order; a rerun and an order made
 * already convert nothing twice; dealer2 sees none of it. The old state is written with the account's own
 * `upsertDocument`, the writer decision 200's code stored these documents with.
 */

const EXCHANGE = { login: 'exchange', password: 'Exchange#2026' };
let t: TestApp;
const db = () => t.app.portal.database.db;
let dealer: TestClient;
let dealer2: TestClient;
let companyId: number;
let dealerId: number;
let product: { id: number; external_id: string; article: string; name: string };

const doc = (over: Partial<DocumentRow> & Pick<DocumentRow, 'ext_id' | 'kind' | 'number' | 'sum'>): DocumentRow => ({
  operation: over.kind === 'order' ? 'Заказ товара' : over.kind === 'shipment' ? 'Отпуск товара' : 'Выплата',
  doc_date: '2026-10-01',
  currency: 'RUB',
  counterparty_id: companyId,
  contract_ext: '',
  order_id: null,
  order_ext: '',
  carrier: '',
  tracking: '',
  status: '',
  deleted: false,
  ...over,
});
const lines = (quantity: number, price: number): LineRow[] => [
  {
    product_id: product.id,
    product_ext: product.external_id,
    article: product.article,
    name: product.name,
    quantity,
    price,
    sum: quantity * price,
  },
];

const ordersOf = async (ext: string) =>
  (
    await sql<{
      id: number;
      user_id: number;
    }>`SELECT id, user_id FROM orders WHERE external_id = ${ext} ORDER BY id`.execute(db())
  ).rows;
const documentRow = async (ext: string) =>
  (
    await sql<{
      kind: string;
      order_id: number | null;
      order_ext: string;
    }>`SELECT kind, order_id, order_ext FROM account_documents WHERE ext_id = ${ext}`.execute(db())
  ).rows[0];

beforeAll(async () => {
  t = await createTestApp({ exchange: { ...EXCHANGE, fileLimitBytes: 1 << 20, maxFileBytes: 1 << 24, stepMs: 500 } });
  dealer = await t.as('dealer');
  dealer2 = await t.as('dealer2');
  const company = (
    await sql<{ id: number; user_id: number }>`SELECT c.id, c.user_id FROM counterparties c
      JOIN users u ON u.id = c.user_id WHERE u.login = 'dealer' ORDER BY c.id LIMIT 1`.execute(db())
  ).rows[0]!;
  companyId = company.id;
  dealerId = company.user_id;
  product = (
    await sql<{ id: number; external_id: string; article: string; name: string }>`
      UPDATE products SET external_id = 'p-convert-test' WHERE id = (SELECT min(id) FROM products)
      RETURNING id, external_id, article, name`.execute(db())
  ).rows[0]!;
  // What decision 200's code kept: an order placed in 1C, shipped in part and paid in full, as documents ...
  await upsertDocument(
    db(),
    doc({ ext_id: 'old-order-1', kind: 'order', number: 'ЗК-00000901', sum: 3000, status: 'Согласован' }),
    lines(6, 500),
    [],
  );
  await upsertDocument(
    db(),
    doc({ ext_id: 'old-ship-1', kind: 'shipment', number: 'РТ-00000901', sum: 1000, order_ext: 'old-order-1' }),
    lines(2, 500),
    [],
  );
  await upsertDocument(
    db(),
    doc({ ext_id: 'old-pay-1', kind: 'payment', number: 'ПП-00000901', sum: 3000, order_ext: 'old-order-1' }),
    [],
    [],
  );
  // ... one with a PDF 1C attached to it and no payment ...
  await upsertDocument(
    db(),
    doc({ ext_id: 'old-order-2', kind: 'order', number: 'ЗК-00000902', sum: 1000 }),
    lines(2, 500),
    [{ name: 'zk-902.pdf', contentType: 'application/pdf', data: Buffer.from('%PDF-1.4 zk-902') }],
  );
  // ... one 1C marked deleted (a new one would never become an order) ...
  await upsertDocument(
    db(),
    doc({ ext_id: 'old-order-3', kind: 'order', number: 'ЗК-00000903', sum: 500, deleted: true }),
    lines(1, 500),
    [],
  );
  // ... and one whose order a first run made before it stopped (or 1C re-sent it since).
  await upsertDocument(
    db(),
    doc({ ext_id: 'old-order-4', kind: 'order', number: 'ЗК-00000904', sum: 500 }),
    lines(1, 500),
    [],
  );
  await createOrderFrom1C(db(), {
    userId: dealerId,
    counterpartyId: companyId,
    externalId: 'old-order-4',
    number1c: 'ЗК-00000904',
    date: '2026-10-01',
    statusExt: '',
    statusName: '',
    price: 500,
    currency: 'RUB',
    comment: '',
    lines: [{ productId: product.id, name: product.name, article: product.article, quantity: 1, price: 500 }],
  });
}, 120_000);
afterAll(() => t?.close());

describe('orders kept as 1C documents before decision 202', () => {
  it('are queued for conversion by the migration, and before it show as documents only', async () => {
    const queued = await sql<{ kind: string }>`SELECT kind FROM jobs
      WHERE key = 'once:account.convertOrdersFrom1C'`.execute(db());
    expect(queued.rows.map((r) => r.kind)).toEqual([CONVERT_ORDERS_JOB]);
    expect(await ordersOf('old-order-1')).toEqual([]);
    const docs = await dealer.ok('document/list', { filter: { type: 'order' }, size: 100 });
    expect(docs.items.map((d) => d.number)).toEqual(expect.arrayContaining(['ЗК-00000901', 'ЗК-00000902']));
  }, 60_000);

  it('the job makes each the dealer’s order «из 1С», with lines, status, shipped state, paid, and links its documents', async () => {
    // The job and a hand run at the same moment: each order is made once (the document's row is locked).
    await enqueue(db(), CONVERT_ORDERS_JOB, {}, { key: 'test-convert-1' });
    const [byHand] = await Promise.all([convertOrdersFrom1C(db()), t.app.portal.worker.drain()]);
    expect(byHand.left).toBe(0);
    for (const ext of ['old-order-1', 'old-order-2', 'old-order-4']) expect(await ordersOf(ext)).toHaveLength(1);

    const [first] = await ordersOf('old-order-1');
    expect(first!.user_id).toBe(dealerId);
    const order = await dealer.ok('order/get', { id: first!.id });
    expect(order).toMatchObject({
      from1C: true,
      number1C: 'ЗК-00000901',
      price: 3000,
      isPayment: true,
      canCorrect: false,
      shipState: 'partly',
      counterparty: { id: companyId },
    });
    expect(order.status.code).toBe('A');
    expect(order.items!.map((i) => [i.article, i.quantity, i.price])).toEqual([[product.article, 6, 500]]);
    const shipments = await dealer.ok('shipment/list', { filter: { order: first!.id } });
    expect(shipments.items.map((s) => s.number)).toEqual(['РТ-00000901']);
    expect(await documentRow('old-pay-1')).toMatchObject({ order_id: first!.id, order_ext: '' });
    const list = await dealer.ok('order/list', { filter: { from1C: 'Y' }, size: 100 });
    expect(list.items.map((o) => o.id)).toContain(first!.id);

    // Its document is gone: the order carries its lines; no «Заказ из 1С» document stays beside it.
    expect(await documentRow('old-order-1')).toBeUndefined();
    const [second] = await ordersOf('old-order-2');
    expect(await dealer.ok('order/get', { id: second!.id })).toMatchObject({
      from1C: true,
      isPayment: false,
      shipState: 'none',
    });
    // The one with a file stays a document of its order, so the PDF is still there to download.
    expect(await documentRow('old-order-2')).toMatchObject({ kind: 'other', order_id: second!.id });
    const ofOrder = await dealer.ok('document/list', { filter: { order: second!.id } });
    expect(ofOrder.items.flatMap((d) => d.files.map((f) => f.name))).toEqual(['zk-902.pdf']);
    expect((await dealer.ok('document/file', { id: ofOrder.items[0]!.files[0]!.id })).id).toBeTruthy();

    expect(await ordersOf('old-order-3')).toEqual([]);
    expect(await documentRow('old-order-3')).toMatchObject({ kind: 'order' });
    expect(await ordersOf('old-order-4')).toHaveLength(1);
    expect(await documentRow('old-order-4')).toBeUndefined();
    const left = await dealer.ok('document/list', { filter: { type: 'order' }, size: 100 });
    expect(left.items.map((d) => d.number)).not.toEqual(expect.arrayContaining(['ЗК-00000901']));
    expect(left.items.map((d) => d.number)).not.toContain('ЗК-00000902');
  }, 60_000);

  it('a rerun converts nothing twice; a later shipment from 1C finds the order by its 1C number', async () => {
    expect(await convertOrdersFrom1C(db())).toEqual({ converted: 0, left: 0 });
    for (const ext of ['old-order-1', 'old-order-2', 'old-order-4']) expect(await ordersOf(ext)).toHaveLength(1);
    const [first] = await ordersOf('old-order-1');

    const c = new OneC(t.app, 'sale');
    expect((await c.checkauth(EXCHANGE.login, EXCHANGE.password)).lines[0]).toBe('success');
    await c.init();
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<КоммерческаяИнформация xmlns="urn:1C.ru:commerceml_2" ВерсияСхемы="2.08" ДатаФормирования="2026-11-21T09:00:00"><Документ>
  <Ид>old-ship-2</Ид><Номер>РТ-00000911</Номер><Дата>2026-11-21</Дата><ХозОперация>Отпуск товара</ХозОперация>
  <Роль>Продавец</Роль><Валюта>RUB</Валюта><Сумма>2000</Сумма>
  <Контрагенты><Контрагент><Ид>company-${companyId}</Ид><Наименование>Дилер</Наименование><Роль>Покупатель</Роль></Контрагент></Контрагенты>
  <Товары><Товар><Ид>${product.external_id}</Ид><Артикул>${product.article}</Артикул><Наименование>${product.name}</Наименование>
  <ЦенаЗаЕдиницу>500</ЦенаЗаЕдиницу><Количество>4</Количество><Сумма>2000</Сумма></Товар></Товары>
  <ЗначенияРеквизитов><ЗначениеРеквизита><Наименование>Основание</Наименование><Значение>Заказ клиента № ЗК-00000901 от 01.10.2026</Значение></ЗначениеРеквизита></ЗначенияРеквизитов>
</Документ></КоммерческаяИнформация>`;
    expect((await c.file('ship.xml', encodeXml(xml, 'utf-8'))).lines[0]).toBe('success');
    expect(await documentRow('old-ship-2')).toMatchObject({ order_id: first!.id, order_ext: '' });
    expect((await dealer.ok('order/get', { id: first!.id })).shipState).toBe('full');
  }, 60_000);

  it('dealer2 sees none of the converted orders', async () => {
    for (const ext of ['old-order-1', 'old-order-2']) {
      const [order] = await ordersOf(ext);
      expect((await dealer2.call('order/get', { id: order!.id })).status).toBe(404);
      const list = await dealer2.ok('order/list', { filter: { from1C: true }, size: 100 });
      expect(list.items.map((o) => o.id)).not.toContain(order!.id);
    }
    const docs = await dealer2.ok('document/list', { size: 100 });
    expect(docs.items.map((d) => d.number)).not.toContain('ЗК-00000902');
  }, 60_000);
});
