import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueue } from '../../ops/jobs/index.js';
import { createTestApp, type TestApp, type TestClient } from '../../testing/index.js';
import { encodeXml, OneC } from '../exchange/testing.js';
import { BILL_REMINDERS_JOB, remindBills } from './index.js';
import { supplierDay } from './reminders.js';

/**
 * The dealer is told of their account (decisions 202 and 203), on the real database through the real sale
 * exchange: a new shipment, document or payment gives a notice, an e-mail and a line in the order's history,
 * each switchable in the profile; a re-sent document tells nobody again; the daily reminder of bills due in
 * 3 days or overdue tells once per bill per day, even when two runs go at the same moment.
 */

const EXCHANGE = { login: 'exchange', password: 'Exchange#2026' };
let t: TestApp;
const db = () => t.app.portal.database.db;
let dealer: TestClient;
let dealerId: number;
let orderId: number;
let companyId: number;

async function sale() {
  const c = new OneC(t.app, 'sale');
  expect((await c.checkauth(EXCHANGE.login, EXCHANGE.password)).lines[0]).toBe('success');
  await c.init();
  return c;
}

const document = (id: string, operation: string, number: string, sum: number) =>
  encodeXml(
    `<?xml version="1.0" encoding="UTF-8"?>
<КоммерческаяИнформация xmlns="urn:1C.ru:commerceml_2" ВерсияСхемы="2.08" ДатаФормирования="2026-11-21T09:00:00">
<Документ><Ид>${id}</Ид><Номер>${number}</Номер><Дата>2026-11-21</Дата><ХозОперация>${operation}</ХозОперация>
<Роль>Продавец</Роль><Валюта>RUB</Валюта><Сумма>${sum}</Сумма>
<Контрагенты><Контрагент><Ид>company-${companyId}</Ид><Наименование>Дилер</Наименование><Роль>Покупатель</Роль></Контрагент></Контрагенты>
<ЗначенияРеквизитов><ЗначениеРеквизита><Наименование>Номер заказа</Наименование><Значение>${orderId}</Значение></ЗначениеРеквизита>
<ЗначениеРеквизита><Наименование>Номер отслеживания</Наименование><Значение>TRK-${number}</Значение></ЗначениеРеквизита></ЗначенияРеквизитов>
</Документ></КоммерческаяИнформация>`,
    'utf-8',
  );

const notices = async (like: string) =>
  (
    await sql<{
      title: string;
      description: string;
      link: string;
    }>`SELECT title, description, link FROM notices WHERE user_id = ${dealerId} AND title LIKE ${like} ORDER BY id`.execute(
      db(),
    )
  ).rows;

const telling = () => ({
  db: db(),
  mailer: t.app.portal.mailer,
  config: t.config,
  log: { warn: () => {}, info: () => {} },
});

beforeAll(async () => {
  t = await createTestApp({ exchange: { ...EXCHANGE, fileLimitBytes: 1 << 20, maxFileBytes: 1 << 24, stepMs: 500 } });
  dealer = await t.as('dealer');
  const row = (
    await sql<{ id: number; user_id: number; counterparty_id: number }>`
      SELECT o.id, o.user_id, o.counterparty_id FROM orders o JOIN users u ON u.id = o.user_id
      WHERE u.login = 'dealer' AND o.counterparty_id IS NOT NULL AND NOT o.from_1c ORDER BY o.id LIMIT 1`.execute(db())
  ).rows[0]!;
  orderId = row.id;
  dealerId = row.user_id;
  companyId = row.counterparty_id;
}, 120_000);
afterAll(() => t?.close());

describe('told of the account', () => {
  it('a new shipment: a notice, an e-mail and a line in the order’s history; re-sent, nothing more', async () => {
    let c = await sale();
    expect((await c.file('ship.xml', document('told-ship-1', 'Отпуск товара', 'РТ-77001', 1234.5))).lines[0]).toBe(
      'success',
    );
    const told = await notices('Отгрузка РТ-77001%');
    expect(told).toHaveLength(1);
    expect(told[0]!.description).toMatch(/РТ-77001 от 21\.11\.2026/);
    expect(told[0]!.description).toMatch(/TRK-РТ-77001/);
    expect(told[0]!.link).toBe(`/order/${orderId}/`);
    const mail = (await t.outbox()).filter((m) => m.subject.includes('РТ-77001'));
    expect(mail).toHaveLength(1);
    const order = await dealer.ok('order/get', { id: orderId });
    expect(order.history!.flatMap((h) => h.lines).join('\n')).toMatch(
      /Отгрузка РТ-77001 от 21\.11\.2026 на 1\s?234,50/,
    );

    c = await sale();
    await c.file('ship-again.xml', document('told-ship-1', 'Отпуск товара', 'РТ-77001', 1234.5));
    expect(await notices('Отгрузка РТ-77001%')).toHaveLength(1);
    expect((await t.outbox()).filter((m) => m.subject.includes('РТ-77001'))).toHaveLength(1);
  }, 60_000);

  it('a document and a payment are told; a kind turned off in the profile is not', async () => {
    const settings = await dealer.ok('notice-settings/get', {});
    expect(settings.items.map((i) => i.kind)).toEqual(
      expect.arrayContaining(['accountShipment', 'accountDocument', 'accountPayment', 'accountBills']),
    );
    expect(settings.items.find((i) => i.kind === 'accountPayment')!.label).toBe('Поступление оплаты');
    let c = await sale();
    await c.file('invoice.xml', document('told-invoice-1', 'Счет-фактура', 'СФ-77001', 500));
    expect(await notices('Документ СФ-77001%')).toHaveLength(1);

    await dealer.ok('notice-settings/update', { items: [{ kind: 'accountPayment', notice: false, email: false }] });
    c = await sale();
    await c.file('pay.xml', document('told-pay-1', 'Выплата безналичных денег', 'ПП-77001', 100));
    expect(await notices('Оплата получена%')).toHaveLength(0);
    expect((await t.outbox()).filter((m) => m.subject.includes('ПП-77001'))).toHaveLength(0);
    // The history line is written whatever the dealer chose to hear.
    const order = await dealer.ok('order/get', { id: orderId });
    expect(order.history!.flatMap((h) => h.lines).some((l) => l.startsWith('Оплата ПП-77001'))).toBe(true);
  }, 60_000);
});

describe('the daily reminder of bills', () => {
  it('tells once per bill per day, though two runs go at once; bills due later than 3 days wait', async () => {
    // The demo contract has an overdue bill and one due in 18 days; add one due in 2 days.
    const contract = (
      await sql<{
        id: number;
      }>`SELECT id FROM account_contracts WHERE counterparty_id = ${companyId} ORDER BY id LIMIT 1`.execute(db())
    ).rows[0]!.id;
    await sql`INSERT INTO account_bills (contract_id, number, issued_on, sum, due_on)
      VALUES (${contract}, 'СЧ-SOON', CURRENT_DATE - 5, 7000, CURRENT_DATE + 2)`.execute(db());
    const before = (await notices('Счета к оплате%')).length;

    const [a, b] = await Promise.all([remindBills(telling()), remindBills(telling())]);
    expect(a.bills + b.bills).toBe(2);
    const told = await notices('Счета к оплате%');
    expect(told.length - before).toBe(1);
    expect(told.at(-1)!.description).toMatch(/СЧ-00000412.*\(просрочен\)/);
    expect(told.at(-1)!.description).toMatch(/СЧ-SOON/);
    expect(told.at(-1)!.description).not.toMatch(/СЧ-00000458/);
    const mail = (await t.outbox()).filter((m) => m.subject.startsWith('Счета к оплате'));
    expect(mail).toHaveLength(1);

    // The periodic job again the same day (twice, as two workers would schedule it): nothing more.
    await enqueue(db(), BILL_REMINDERS_JOB, {}, { key: 'test-reminder-1' });
    await enqueue(db(), BILL_REMINDERS_JOB, {}, { key: 'test-reminder-2' });
    await t.app.portal.worker.drain();
    expect((await notices('Счета к оплате%')).length - before).toBe(1);
    const reminded = (
      await sql<{ n: string }>`SELECT count(*) AS n FROM account_bill_reminders WHERE user_id = ${dealerId}`.execute(
        db(),
      )
    ).rows[0]!;
    expect(Number(reminded.n)).toBe(2);
  }, 60_000);

  it('prunes the days the once-per-day rule no longer reads, and pruning never tells twice (decision 229)', async () => {
    const now = new Date();
    const today = supplierDay(now);
    const yesterday = supplierDay(now, -1);
    const rows = async () =>
      (
        await sql<{ day: string; n: string }>`SELECT to_char(day, 'YYYY-MM-DD') AS day, count(*) AS n
          FROM account_bill_reminders WHERE user_id = ${dealerId} GROUP BY day ORDER BY day`.execute(db())
      ).rows.map((r) => [r.day, Number(r.n)]);
    // Reminders of older days, as a year of runs leaves them, and yesterday's of the same two bills.
    await sql`INSERT INTO account_bill_reminders (contract_id, number, day, user_id)
      SELECT contract_id, number, d::date, user_id FROM account_bill_reminders
        CROSS JOIN (VALUES (${supplierDay(now, -400)}), (${supplierDay(now, -30)}), (${supplierDay(now, -2)}), (${yesterday})) AS v(d)
      WHERE user_id = ${dealerId} AND day = ${today}`.execute(db());
    expect((await rows()).length).toBe(5);
    const before = (await notices('Счета к оплате%')).length;

    // Two runs at once today: both prune, neither tells (today's rows are kept).
    const [a, b] = await Promise.all([remindBills(telling(), now), remindBills(telling(), now)]);
    expect(a.bills + b.bills).toBe(0);
    expect(a.pruned + b.pruned).toBe(6);
    expect(await rows()).toEqual([
      [yesterday, 2],
      [today, 2],
    ]);
    // A worker whose clock still says yesterday finds yesterday's rows: no second reminder of that day.
    expect((await remindBills(telling(), new Date(now.getTime() - 86_400_000))).bills).toBe(0);
    // And the periodic job today again: nothing more.
    await enqueue(db(), BILL_REMINDERS_JOB, {}, { key: 'test-reminder-3' });
    await t.app.portal.worker.drain();
    expect((await notices('Счета к оплате%')).length).toBe(before);
    expect((await t.outbox()).filter((m) => m.subject.startsWith('Счета к оплате'))).toHaveLength(1);

    // The next day, the rows of two days ago go; the bills are reminded once again (a new day).
    const tomorrow = new Date(now.getTime() + 86_400_000);
    const next = await remindBills(telling(), tomorrow);
    expect(next.bills).toBe(2);
    expect(next.pruned).toBe(2);
    expect(await rows()).toEqual([
      [today, 2],
      [supplierDay(tomorrow), 2],
    ]);
    expect((await notices('Счета к оплате%')).length).toBe(before + 1);
  }, 60_000);
});
