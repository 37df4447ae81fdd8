import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../../testing/index.js';
import { encodeXml, OneC } from '../exchange/testing.js';

/**
 * Orders placed in 1C (decision 202) through the real `/exchange/1c` sale exchange and `/rest/`, on the real
 * database: the order of the company's dealer, marked and read-only (the server refuses a correction, a repeat
 * and the desk's changes in Russian); a shipment naming its 1C number gives it a shipped state; the order list
 * filters by «из 1С» and by the shipped state; a re-sent order updates and never duplicates; it never goes
 * back to 1C; dealer2 never sees it.
 */

const EXCHANGE = { login: 'exchange', password: 'Exchange#2026' };
let t: TestApp;
const db = () => t.app.portal.database.db;
let dealer: TestClient;
let dealer2: TestClient;
let admin: TestClient;
let companyId: number;
let product: { external_id: string; article: string; name: string };

async function sale() {
  const c = new OneC(t.app, 'sale');
  expect((await c.checkauth(EXCHANGE.login, EXCHANGE.password)).lines[0]).toBe('success');
  await c.init();
  return c;
}

const company = () => `<Контрагенты><Контрагент><Ид>company-${companyId}</Ид><Наименование>Дилер</Наименование>
  <Роль>Покупатель</Роль></Контрагент></Контрагенты>`;

const line = (quantity: number, price: number) => `<Товар><Ид>${product.external_id}</Ид>
  <Артикул>${product.article}</Артикул><Наименование>${product.name}</Наименование>
  <ЦенаЗаЕдиницу>${price}</ЦенаЗаЕдиницу><Количество>${quantity}</Количество><Сумма>${quantity * price}</Сумма></Товар>`;

const orderDoc = (status: string, quantity: number) => `<Документ>
  <Ид>1c-order-7001</Ид><Номер>ЗК-00007001</Номер><Дата>2026-11-20</Дата><ХозОперация>Заказ товара</ХозОперация>
  <Роль>Продавец</Роль><Валюта>RUB</Валюта><Сумма>${quantity * 500}</Сумма>${company()}
  <Товары>${line(quantity, 500)}</Товары>
  <ЗначенияРеквизитов><ЗначениеРеквизита><Наименование>Статус заказа</Наименование><Значение>${status}</Значение></ЗначениеРеквизита></ЗначенияРеквизитов>
</Документ>`;

const shipmentDoc = (id: string, quantity: number) => `<Документ>
  <Ид>${id}</Ид><Номер>РТ-${id}</Номер><Дата>2026-11-21</Дата><ХозОперация>Отпуск товара</ХозОперация>
  <Роль>Продавец</Роль><Валюта>RUB</Валюта><Сумма>${quantity * 500}</Сумма>${company()}
  <Товары>${line(quantity, 500)}</Товары>
  <ЗначенияРеквизитов><ЗначениеРеквизита><Наименование>Основание</Наименование><Значение>Заказ клиента № ЗК-00007001 от 20.11.2026</Значение></ЗначениеРеквизита>
  <ЗначениеРеквизита><Наименование>Номер отслеживания</Наименование><Значение>TRK-${id}</Значение></ЗначениеРеквизита></ЗначенияРеквизитов>
</Документ>`;

const cml = (...docs: string[]) =>
  encodeXml(
    `<?xml version="1.0" encoding="UTF-8"?>
<КоммерческаяИнформация xmlns="urn:1C.ru:commerceml_2" ВерсияСхемы="2.08" ДатаФормирования="2026-11-21T09:00:00">${docs.join('')}</КоммерческаяИнформация>`,
    'utf-8',
  );

const orderOf1C = async () =>
  (
    await sql<{
      id: number;
      n: string;
    }>`SELECT min(id) AS id, count(*) AS n FROM orders WHERE external_id = '1c-order-7001'`.execute(db())
  ).rows[0]!;

beforeAll(async () => {
  t = await createTestApp({ exchange: { ...EXCHANGE, fileLimitBytes: 1 << 20, maxFileBytes: 1 << 24, stepMs: 500 } });
  dealer = await t.as('dealer');
  dealer2 = await t.as('dealer2');
  admin = await t.as('admin');
  companyId = (
    await sql<{ id: number }>`SELECT c.id FROM counterparties c JOIN users u ON u.id = c.user_id
      WHERE u.login = 'dealer' ORDER BY c.id LIMIT 1`.execute(db())
  ).rows[0]!.id;
  product = (
    await sql<{ external_id: string; article: string; name: string }>`
      UPDATE products SET external_id = 'p-1c-order-test' WHERE id = (SELECT min(id) FROM products)
      RETURNING external_id, article, name`.execute(db())
  ).rows[0]!;
}, 120_000);
afterAll(() => t?.close());

describe('orders placed in 1C', () => {
  it('become the dealer’s order, marked «из 1С», with its lines and status, not shipped yet', async () => {
    const c = await sale();
    expect((await c.file('orders.xml', cml(orderDoc('Согласован', 4)))).lines[0]).toBe('success');
    const { id, n } = await orderOf1C();
    expect(Number(n)).toBe(1);
    const order = await dealer.ok('order/get', { id });
    expect(order).toMatchObject({
      from1C: true,
      number1C: 'ЗК-00007001',
      price: 2000,
      canCorrect: false,
      shipState: 'none',
      counterparty: { id: companyId },
    });
    expect(order.status.code).toBe('A');
    expect(order.items!.map((i) => [i.article, i.quantity, i.price])).toEqual([[product.article, 4, 500]]);
    expect(order.correctionRefusal).toMatch(/оформлен в 1С/);
    const mine = await dealer.ok('order/list', { filter: { from1C: 'Y' }, size: 100 });
    expect(mine.items.map((o) => o.id)).toContain(id);
    expect(mine.items.every((o) => o.from1C)).toBe(true);
    const portal = await dealer.ok('order/list', { filter: { from1C: false }, size: 100 });
    expect(portal.items.map((o) => o.id)).not.toContain(id);
  }, 60_000);

  it('refuses the dealer’s correction and repeat, and the desk’s status change, with a Russian 409', async () => {
    const { id } = await orderOf1C();
    const lineId = (await dealer.ok('order/get', { id })).items![0]!.id;
    const correction = await dealer.call('corrective-order/create', { id, products: [{ id: lineId, count: 1 }] });
    expect(correction.status).toBe(409);
    expect(JSON.stringify(correction.body)).toMatch(/Заказ оформлен в 1С/);
    const repeat = await dealer.call('basket/repeat', { order: id });
    expect(repeat.status).toBe(409);
    expect(JSON.stringify(repeat.body)).toMatch(/Заказ оформлен в 1С/);
    const statuses = await admin.ok('order-status/list', {});
    const shipped = statuses.items.find((s) => s.code === 'P')!;
    const move = await admin.call('order/set-status', { id, status: shipped.id });
    expect(move.status).toBe(409);
    expect(JSON.stringify(move.body)).toMatch(/Заказ оформлен в 1С/);
  }, 60_000);

  it('a shipment naming its 1C number ships it in part, then whole; the list filters by the shipped state', async () => {
    const { id } = await orderOf1C();
    let c = await sale();
    expect((await c.file('ship-1.xml', cml(shipmentDoc('s-7001-1', 1)))).lines[0]).toBe('success');
    expect((await dealer.ok('order/get', { id })).shipState).toBe('partly');
    const shipments = await dealer.ok('shipment/list', { filter: { order: id } });
    expect(shipments.items.map((s) => s.tracking)).toEqual(['TRK-s-7001-1']);
    const partly = await dealer.ok('order/list', { filter: { shipState: 'partly' }, size: 100 });
    expect(partly.items.map((o) => o.id)).toContain(id);
    expect(partly.items.every((o) => o.shipState === 'partly')).toBe(true);
    const none = await dealer.ok('order/list', { filter: { shipState: 'none' }, size: 100 });
    expect(none.items.map((o) => o.id)).not.toContain(id);

    c = await sale();
    expect((await c.file('ship-2.xml', cml(shipmentDoc('s-7001-2', 3)))).lines[0]).toBe('success');
    expect((await dealer.ok('order/get', { id })).shipState).toBe('full');
    const full = await dealer.ok('order/list', { filter: { shipState: 'full', from1C: true }, size: 100 });
    expect(full.items.map((o) => o.id)).toEqual([id]);
    const bad = await dealer.call('order/list', { filter: { shipState: 'half' as never } });
    expect(bad.status).toBe(400);
  }, 60_000);

  it('re-sent with a new status, the same order is updated, never duplicated, and never goes back to 1C', async () => {
    const c = await sale();
    expect((await c.file('orders-2.xml', cml(orderDoc('Собирается', 4)))).lines[0]).toBe('success');
    const { id, n } = await orderOf1C();
    expect(Number(n)).toBe(1);
    expect((await dealer.ok('order/get', { id })).status.code).toBe('P');
    const query = await (await sale()).call('query');
    expect(query.body).not.toContain('1c-order-7001');
    expect(query.body).not.toContain(`<Номер>${id}</Номер>`);
  }, 60_000);

  it('dealer2 never sees it: not in the list, and the order answers like a missing one', async () => {
    const { id } = await orderOf1C();
    const list = await dealer2.ok('order/list', { filter: { from1C: true }, size: 100 });
    expect(list.items.map((o) => o.id)).not.toContain(id);
    expect((await dealer2.call('order/get', { id })).status).toBe(404);
    expect((await dealer2.call('basket/repeat', { order: id })).status).toBe(404);
  }, 60_000);
});

describe('a dealer’s account on the staff side', () => {
  it('settlement/list {user}: staff get the dealer’s companies; another dealer gets none', async () => {
    const employee = await t.as('employee');
    const dealerId = (await sql<{ id: number }>`SELECT id FROM users WHERE login = 'dealer'`.execute(db())).rows[0]!.id;
    const forStaff = await employee.ok('settlement/list', { user: dealerId });
    expect(forStaff.items.map((s) => s.counterparty.id)).toContain(companyId);
    expect(forStaff.items.find((s) => s.counterparty.id === companyId)!.contracts.length).toBeGreaterThan(0);
    expect((await dealer2.ok('settlement/list', { user: dealerId })).items).toEqual([]);
    const own = await dealer.ok('settlement/list', { user: dealerId });
    expect(own.items.map((s) => s.counterparty.id)).toContain(companyId);
  }, 60_000);
});
