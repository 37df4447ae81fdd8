import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../../testing/index.js';
import { encodeXml, OneC } from '../exchange/testing.js';

/**
 * Shipments and closing documents 1C records on a dealer's account (decision 202) reach the dealer's webhooks
 * (`account.shipment`, `account.document`) and linked Telegram chat, through the real sale exchange: queued in the
 * document's transaction, once — a re-sent document tells nobody again — and never another dealer's endpoints.
 */

const EXCHANGE = { login: 'exchange', password: 'Exchange#2026' };
const CHAT = 555_000_111;
let t: TestApp;
const db = () => t.app.portal.database.db;
let dealer: TestClient;
let dealer2: TestClient;
let dealerId: number;
let orderId: number;
let companyId: number;

async function send(name: string, xml: Buffer) {
  const c = new OneC(t.app, 'sale');
  expect((await c.checkauth(EXCHANGE.login, EXCHANGE.password)).lines[0]).toBe('success');
  await c.init();
  expect((await c.file(name, xml)).lines[0]).toBe('success');
}

const document = (id: string, operation: string, number: string, sum: number, withOrder = true) =>
  encodeXml(
    `<?xml version="1.0" encoding="UTF-8"?>
<КоммерческаяИнформация xmlns="urn:1C.ru:commerceml_2" ВерсияСхемы="2.08" ДатаФормирования="2026-11-21T09:00:00">
<Документ><Ид>${id}</Ид><Номер>${number}</Номер><Дата>2026-11-21</Дата><ХозОперация>${operation}</ХозОперация>
<Роль>Продавец</Роль><Валюта>RUB</Валюта><Сумма>${sum}</Сумма>
<Контрагенты><Контрагент><Ид>company-${companyId}</Ид><Наименование>Дилер</Наименование><Роль>Покупатель</Роль></Контрагент></Контрагенты>
<ЗначенияРеквизитов>${withOrder ? `<ЗначениеРеквизита><Наименование>Номер заказа</Наименование><Значение>${orderId}</Значение></ЗначениеРеквизита>` : ''}
<ЗначениеРеквизита><Наименование>Номер отслеживания</Наименование><Значение>TRK-${number}</Значение></ЗначениеРеквизита></ЗначенияРеквизитов>
</Документ></КоммерческаяИнформация>`,
    'utf-8',
  );

const payloads = async (webhookId: number) =>
  (
    await sql<{ event: string; payload: unknown }>`
      SELECT event, payload FROM webhook_deliveries WHERE webhook_id = ${webhookId} ORDER BY id`.execute(db())
  ).rows.map((r) => ({ event: r.event, data: typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload }));

const telegramTexts = async () =>
  (
    await sql<{ payload: unknown }>`SELECT payload FROM jobs WHERE kind = 'telegram.send' ORDER BY id`.execute(db())
  ).rows
    .map((r) => (typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload) as { chatId: number; text: string })
    .filter((p) => p.chatId === CHAT)
    .map((p) => p.text);

beforeAll(async () => {
  t = await createTestApp({
    exchange: { ...EXCHANGE, fileLimitBytes: 1 << 20, maxFileBytes: 1 << 24, stepMs: 500 },
    webhooks: { allowLocal: true, timeoutMs: 200, disableAfter: 10 },
    jobs: { worker: false, concurrency: 1, pollMs: 1000, retryBaseMs: 1000 },
  });
  [dealer, dealer2] = await Promise.all([t.as('dealer'), t.as('dealer2')]);
  const row = (
    await sql<{ id: number; user_id: number; counterparty_id: number }>`
      SELECT o.id, o.user_id, o.counterparty_id FROM orders o JOIN users u ON u.id = o.user_id
      WHERE u.login = 'dealer' AND o.counterparty_id IS NOT NULL AND NOT o.from_1c ORDER BY o.id LIMIT 1`.execute(db())
  ).rows[0]!;
  orderId = row.id;
  dealerId = row.user_id;
  companyId = row.counterparty_id;
  await sql`INSERT INTO telegram_links (user_id, chat_id) VALUES (${dealerId}, ${CHAT})`.execute(db());
}, 120_000);
afterAll(() => t?.close());

describe('1C shipments and documents', () => {
  it('reach the dealer’s webhooks and Telegram once, and nobody else’s endpoints', async () => {
    const mine = await dealer.ok('webhook/create', {
      url: 'http://127.0.0.1:9/hook',
      events: ['account.shipment', 'account.document'],
    });
    const ordersOnly = await dealer.ok('webhook/create', {
      url: 'http://127.0.0.1:9/orders',
      events: ['order.status'],
    });
    const other = await dealer2.ok('webhook/create', {
      url: 'http://127.0.0.1:9/other',
      events: ['account.shipment', 'account.document'],
    });

    await send('ship.xml', document('hook-ship-1', 'Отпуск товара', 'РТ-88001', 1234.5));
    await send('invoice.xml', document('hook-invoice-1', 'Счет-фактура', 'СФ-88001', 500, false));
    // A payment is neither; a re-sent shipment tells nobody again.
    await send('pay.xml', document('hook-pay-1', 'Выплата безналичных денег', 'ПП-88001', 100));
    await send('ship-again.xml', document('hook-ship-1', 'Отпуск товара', 'РТ-88001', 1234.5));

    expect(await payloads(mine.webhook.id)).toEqual([
      {
        event: 'account.shipment',
        data: expect.objectContaining({
          document: 'shipment',
          number: 'РТ-88001',
          date: '2026-11-21',
          sum: 1234.5,
          currency: 'RUB',
          orderId,
          tracking: 'TRK-РТ-88001',
          link: expect.stringMatching(new RegExp(`/order/${orderId}/$`)),
        }),
      },
      {
        event: 'account.document',
        data: expect.objectContaining({
          document: 'invoice',
          number: 'СФ-88001',
          orderId: null,
          link: expect.stringMatching(/\/account\/documents\/$/),
        }),
      },
    ]);
    expect(await payloads(ordersOnly.webhook.id)).toEqual([]);
    expect(await payloads(other.webhook.id)).toEqual([]);
    // A delivery job for each: the worker sends them signed as any other (decision 225).
    const jobs = await sql<{ n: string }>`SELECT count(*) AS n FROM jobs WHERE kind = 'webhook.deliver'`.execute(db());
    expect(Number(jobs.rows[0]!.n)).toBe(2);

    const texts = await telegramTexts();
    expect(texts).toHaveLength(2);
    expect(texts[0]).toContain('Отгрузка РТ-88001 от 21.11.2026');
    expect(texts[0]).toContain('TRK-РТ-88001');
    expect(texts[1]).toContain('Документ СФ-88001 от 21.11.2026');
  }, 60_000);

  it('reach Telegram only as the dealer’s «В Telegram» switch for the kind allows', async () => {
    const settings = await dealer.ok('notice-settings/get', {});
    await dealer.ok('notice-settings/update', {
      items: settings.items.map(({ kind, notice, email, telegram }) => ({
        kind,
        notice,
        email,
        telegram: kind === 'accountShipment' ? false : telegram,
      })),
    });
    const before = (await telegramTexts()).length;
    await send('ship-2.xml', document('hook-ship-2', 'Отпуск товара', 'РТ-88002', 10));
    await send('invoice-2.xml', document('hook-invoice-2', 'Счет-фактура', 'СФ-88002', 10));
    const texts = await telegramTexts();
    expect(texts.slice(before)).toEqual([expect.stringContaining('СФ-88002')]);
  }, 60_000);
});
