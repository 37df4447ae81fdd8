import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../db/database.js';
import { enqueue } from '../../ops/jobs/queue.js';
import { createTestApp, type TestApp, type TestClient } from '../../testing/index.js';
import { newProduct } from '../baskets/testing.js';
import { newOrder } from '../returns/testing.js';
import { TELEGRAM_POLL_JOB } from './index.js';

/**
 * The supplier's Telegram bot (decision 226) against a fake Bot API on 127.0.0.1 (TELEGRAM_API_URL): the
 * one-time link code, an order's status reaching the linked chat, part numbers answered with price and stock,
 * «В корзину» filling the dealer's basket. No traffic leaves the machine.
 */

const TOKEN = '123456:TEST-TOKEN';
const CHAT = 5550001;

interface Sent {
  method: string;
  body: {
    chat_id?: number;
    text?: string;
    reply_markup?: { inline_keyboard: Array<Array<{ callback_data: string }>> };
  };
}

/** The Bot API as the portal uses it: updates handed out from a queue, everything sent recorded. */
class FakeBotApi {
  updates: unknown[] = [];
  sent: Sent[] = [];
  private nextId = 1;
  private server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const match = /^\/bot([^/]+)\/(\w+)$/.exec(req.url ?? '');
      res.setHeader('content-type', 'application/json');
      if (!match || match[1] !== TOKEN) {
        res.statusCode = 401;
        res.end(JSON.stringify({ ok: false, description: 'Unauthorized' }));
        return;
      }
      const method = match[2]!;
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
      if (method === 'getUpdates') {
        const offset = Number(body.offset ?? 0);
        const due = (this.updates as Array<{ update_id: number }>).filter((u) => u.update_id >= offset);
        res.end(JSON.stringify({ ok: true, result: due }));
        return;
      }
      this.sent.push({ method, body });
      res.end(JSON.stringify({ ok: true, result: method === 'sendMessage' ? { message_id: this.sent.length } : true }));
    });
  });
  push(update: Record<string, unknown>) {
    this.updates.push({ update_id: this.nextId++, ...update });
  }
  message(chatId: number, text: string, username = 'mechanic') {
    this.push({ message: { message_id: this.nextId, chat: { id: chatId }, from: { id: chatId, username }, text } });
  }
  lastTo(chatId: number) {
    return [...this.sent].reverse().find((s) => s.method === 'sendMessage' && s.body.chat_id === chatId);
  }
  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }
  async stop() {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }
}

let t: TestApp;
let db: Db;
let dealer: TestClient;
let admin: TestClient;
let bot: FakeBotApi;

/** One round of the worker's long poll (the fake answers at once), then whatever it queued. */
async function poll() {
  await enqueue(db, TELEGRAM_POLL_JOB, { rounds: 1 });
  await t.app.portal.worker.drain();
}

async function linkDealer(chatId = CHAT) {
  const { code } = await dealer.ok('telegram/link', {});
  bot.message(chatId, `/start ${code}`);
  await poll();
}

beforeAll(async () => {
  bot = new FakeBotApi();
  const apiUrl = await bot.start();
  t = await createTestApp({ telegram: { apiUrl, pollSeconds: 0 } });
  db = t.app.portal.database.db;
  [dealer, admin] = await Promise.all([t.as('dealer'), t.as('admin')]);
});
afterAll(async () => {
  await t.close();
  await bot.stop();
});
beforeEach(async () => {
  await admin.ok('telegram-settings/update', { token: TOKEN, botName: '@portal_test_bot' });
});

describe('the Telegram bot', () => {
  it('is off until an administrator stores its token, which is never shown again', async () => {
    await admin.ok('telegram-settings/update', { token: '' });
    expect(await dealer.ok('telegram/get', {})).toMatchObject({ enabled: false, linked: false });
    const off = await dealer.call('telegram/link', {});
    expect(off.status).toBe(400);
    expect(off.body.error_description).toBe('Бот Telegram не настроен: обратитесь к администратору портала');
    const sentBefore = bot.sent.length;
    await poll();
    expect(bot.sent.length).toBe(sentBefore);

    const settings = await admin.ok('telegram-settings/update', { token: TOKEN, botName: '@portal_test_bot' });
    expect(settings).toEqual({ configured: true, botName: 'portal_test_bot' });
    expect(JSON.stringify(await admin.ok('telegram-settings/get', {}))).not.toContain(TOKEN);
    expect((await dealer.call('telegram-settings/get', {})).status).toBe(403);
  });

  it('links the account by a one-time code sent as /start CODE', async () => {
    const linkAnswer = await dealer.ok('telegram/link', {});
    expect(linkAnswer.code).toMatch(/^[A-Z2-9]{8}$/);
    expect(linkAnswer.deepLink).toBe(`https://t.me/portal_test_bot?start=${linkAnswer.code}`);
    bot.message(CHAT, `/start ${linkAnswer.code}`);
    await poll();
    expect(bot.lastTo(CHAT)!.body.text).toContain('Готово: Telegram привязан к аккаунту dealer');
    expect(await dealer.ok('telegram/get', {})).toMatchObject({ enabled: true, linked: true, username: 'mechanic' });

    // The code works once.
    bot.message(CHAT + 1, `/start ${linkAnswer.code}`);
    await poll();
    expect(bot.lastTo(CHAT + 1)!.body.text).toContain('Код не подошёл или устарел');
    // A chat that is not linked is told how to link.
    bot.message(CHAT + 1, 'LF3349');
    await poll();
    expect(bot.lastTo(CHAT + 1)!.body.text).toContain('Сначала привяжите аккаунт');
  });

  it('tells the linked chat of an order’s new status, through the queue', async () => {
    await linkDealer();
    const statuses = (await admin.ok('order-status/list', {})).items;
    const order = await newOrder(db, 'dealer', [{ quantity: 1 }], { status: 'N', shippedDaysAgo: null });
    const accepted = statuses.find((s) => s.code === 'A')!;
    await admin.ok('order/set-status', { id: order.id, status: accepted.id });
    await t.app.portal.worker.drain();
    const told = bot.lastTo(CHAT)!.body.text!;
    expect(told).toContain(`№ ${order.id}`);
    expect(told).toContain(accepted.name);
    expect(told).toContain(`/order/${order.id}/`);

    // «В Telegram» off for statuses in the profile: the chat hears nothing more of them.
    const settings = await dealer.ok('notice-settings/update', {
      items: [{ kind: 'orderStatus', notice: true, email: true, telegram: false }],
    });
    expect(settings.items.find((i) => i.kind === 'orderStatus')).toMatchObject({ telegram: false, email: true });
    const sent = bot.sent.length;
    await admin.ok('order/set-status', { id: order.id, status: statuses.find((s) => s.code === 'P')!.id });
    await t.app.portal.worker.drain();
    expect(bot.sent.length).toBe(sent);
    // A client that sends only the notice and the e-mail leaves the Telegram switch as it was.
    await dealer.ok('notice-settings/update', { items: [{ kind: 'orderStatus', notice: true, email: true }] });
    expect((await dealer.ok('notice-settings/get', {})).items[0]).toMatchObject({ telegram: false });
    await dealer.ok('notice-settings/update', {
      items: [{ kind: 'orderStatus', notice: true, email: true, telegram: true }],
    });
  });

  it('answers part numbers with price and stock, and «В корзину» puts them into the basket', async () => {
    await linkDealer();
    const part = await newProduct(db, { price: 1234.5, stock: 7 });
    bot.message(CHAT, `${part.article} 3\nNO-SUCH-PART-XYZ`);
    await poll();
    const answer = bot.lastTo(CHAT)!;
    // Stock as the quick order's resolver counts it (every warehouse the dealer sees).
    expect(answer.body.text).toMatch(
      new RegExp(`${part.article} — ${part.name} \\(Test\\): 1 234,50 ₽, в наличии \\d+ шт\\., заказ 3 шт\\.`),
    );
    expect(answer.body.text).toContain('NO-SUCH-PART-XYZ — не найден');
    const data = answer.body.reply_markup!.inline_keyboard[0]![0]!.callback_data;
    expect(data).toMatch(/^add:\d+$/);

    // Another chat cannot press this chat's button.
    bot.push({ callback_query: { id: 'cb-other', from: { id: CHAT + 2 }, message: { chat: { id: CHAT + 2 } }, data } });
    await poll();
    expect(
      bot.sent.find(
        (s) =>
          s.method === 'answerCallbackQuery' &&
          (s.body as { callback_query_id?: string }).callback_query_id === 'cb-other',
      )!.body.text,
    ).toContain('устарел');

    bot.push({ callback_query: { id: 'cb-1', from: { id: CHAT }, message: { chat: { id: CHAT } }, data } });
    await poll();
    const pressed = bot.sent.find(
      (s) =>
        s.method === 'answerCallbackQuery' && (s.body as { callback_query_id?: string }).callback_query_id === 'cb-1',
    )!;
    expect(pressed.body.text).toMatch(/^Добавлено в корзину «.+»: позиций 1\.$/);
    // The dealer's newest basket (the web app's active one unless they chose another) holds the line.
    const baskets = await dealer.ok('basket/list', { size: -1, sort: { ID: 'DESC' } });
    const line = await db
      .selectFrom('basket_items')
      .select(['quantity'])
      .where('basket_id', '=', baskets.items[0]!.id)
      .where('product_id', '=', part.id)
      .executeTakeFirst();
    expect(Number(line?.quantity)).toBe(3);
  });

  it('/stop and telegram/unlink stop the messages', async () => {
    await linkDealer();
    bot.message(CHAT, '/stop');
    await poll();
    expect(bot.lastTo(CHAT)!.body.text).toContain('Telegram отвязан');
    expect((await dealer.ok('telegram/get', {})).linked).toBe(false);
    await linkDealer();
    await dealer.ok('telegram/unlink', {});
    expect((await dealer.ok('telegram/get', {})).linked).toBe(false);
  });
});
