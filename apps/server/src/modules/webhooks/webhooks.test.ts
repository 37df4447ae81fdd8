import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WEBHOOK_HEADERS, WEBHOOK_TOLERANCE_SECONDS } from '@portal/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../db/database.js';
import { createTestApp, type TestApp, type TestClient } from '../../testing/index.js';
import { newOrder } from '../returns/testing.js';
import { urlRefused } from './signing.js';

/**
 * Webhooks (decision 225) against a real receiver on 127.0.0.1: signed deliveries from the job queue, queued in
 * the change's transaction, retried after a failure or a timeout, turned off after repeated failures with a
 * notice, and only ever the caller's own.
 */

const TIMEOUT_MS = 300;
const DISABLE_AFTER = 3;

type Mode = 'ok' | 'fail' | 'hang';
interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** The dealer's own system: answers 200, 500, or nothing at all, as the test says. */
class Receiver {
  mode: Mode = 'ok';
  received: Received[] = [];
  private server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      this.received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      if (this.mode === 'hang') return; // never answers; the portal gives up after its timeout
      res.statusCode = this.mode === 'ok' ? 200 : 500;
      res.end(this.mode === 'ok' ? 'ok' : 'down for maintenance');
    });
  });
  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hook`;
  }
  async stop() {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }
}

let t: TestApp;
let db: Db;
let dealer: TestClient;
let dealer2: TestClient;
let admin: TestClient;
let receiver: Receiver;
let url: string;
const status: Record<string, number> = {};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs the queue (retries come due after the short test backoff) until `done` holds. */
async function settle<T>(read: () => Promise<T>, done: (v: T) => boolean): Promise<T> {
  for (let i = 0; i < 300; i++) {
    await t.app.portal.worker.drain();
    const v = await read();
    if (done(v)) return v;
    await sleep(40);
  }
  throw new Error('the queue did not settle');
}

const deliveries = (client: TestClient, webhook?: number) =>
  client.ok('webhook-delivery/list', { size: -1, ...(webhook ? { filter: { webhook } } : {}) });

async function statusMove(code: string) {
  const order = await newOrder(db, 'dealer', [{ quantity: 1 }], { status: 'N', shippedDaysAgo: null });
  await admin.ok('order/set-status', { id: order.id, status: status[code]! });
  return order.id;
}

/** The receiver's check, as a dealer's developer writes it from the documented headers. */
function verify(r: Received, secret: string): boolean {
  const ts = Number(r.headers[WEBHOOK_HEADERS.timestamp]);
  if (Math.abs(Date.now() / 1000 - ts) > WEBHOOK_TOLERANCE_SECONDS) return false;
  const expected = `v1=${createHmac('sha256', secret).update(`${ts}.${r.body}`).digest('hex')}`;
  return r.headers[WEBHOOK_HEADERS.signature] === expected;
}

beforeAll(async () => {
  receiver = new Receiver();
  url = await receiver.start();
  t = await createTestApp({
    webhooks: { allowLocal: true, timeoutMs: TIMEOUT_MS, disableAfter: DISABLE_AFTER },
    // Retries come due after 1 s, then 2 s: long enough to read each attempt's outcome before the next one.
    jobs: { worker: false, concurrency: 2, pollMs: 1000, retryBaseMs: 1000 },
  });
  db = t.app.portal.database.db;
  [dealer, dealer2, admin] = await Promise.all([t.as('dealer'), t.as('dealer2'), t.as('admin')]);
  for (const s of (await admin.ok('order-status/list', {})).items) status[s.code] = s.id;
});
afterAll(async () => {
  await t.close();
  await receiver.stop();
});
beforeEach(async () => {
  receiver.mode = 'ok';
  receiver.received = [];
  // Each test starts with no endpoint of the dealer's.
  for (const hook of (await dealer.ok('webhook/list', { size: -1 })).items)
    await dealer.ok('webhook/delete', { id: hook.id });
});

describe('webhook endpoints', () => {
  it('take https addresses on the internet; http only to this machine when the setting allows it', () => {
    expect(urlRefused('https://shop.example.ru/hooks/portal', false)).toBe(false);
    expect(urlRefused('http://shop.example.ru/hooks', false)).toBe(true);
    expect(urlRefused('http://127.0.0.1:8080/hook', false)).toBe(true);
    expect(urlRefused('http://127.0.0.1:8080/hook', true)).toBe(false);
    expect(urlRefused('http://10.0.0.5/hook', true)).toBe(true);
    expect(urlRefused('https://192.168.1.10/hook', false)).toBe(true);
    expect(urlRefused('https://[::1]/hook', false)).toBe(true);
    expect(urlRefused('https://user:pw@shop.example.ru/', false)).toBe(true);
    expect(urlRefused('ftp://shop.example.ru/', false)).toBe(true);
  });

  it('refuse a bad address or no events with a Russian field message, never a 5xx', async () => {
    const http = await dealer.call('webhook/create', { url: 'http://shop.example.ru/hook', events: ['order.status'] });
    expect(http.status).toBe(400);
    expect(http.body).toMatchObject({ error: 'VALIDATION', fields: { url: expect.stringContaining('https://') } });
    const none = await dealer.call('webhook/create', { url, events: [] });
    expect(none.status).toBe(400);
    expect(none.body).toMatchObject({ fields: { events: 'Выберите хотя бы одно событие' } });
    const junk = await dealer.call('webhook/create', { url: 'не адрес', events: ['order.status'] });
    expect(junk.status).toBe(400);
  });

  it('show the secret once, and only to their owner; another dealer gets what a missing one gets', async () => {
    const { webhook, secret } = await dealer.ok('webhook/create', { url, events: ['order.status'] });
    expect(secret).toMatch(/^whsec_/);
    const list = await dealer.ok('webhook/list', {});
    expect(list.items.map((h) => h.id)).toContain(webhook.id);
    expect(JSON.stringify(list)).not.toContain(secret);
    expect((await dealer2.ok('webhook/list', {})).items.map((h) => h.id)).not.toContain(webhook.id);
    const missing = await dealer2.call('webhook/update', { id: 999999, active: false });
    for (const name of ['webhook/update', 'webhook/delete', 'webhook/test'] as const) {
      const r = await dealer2.call(name, { id: webhook.id, ...(name === 'webhook/update' ? { active: false } : {}) });
      expect(r.status).toBe(404);
      expect(r.body).toEqual(missing.body);
    }
    expect((await deliveries(dealer2, webhook.id)).count).toBe(0);
    expect((await dealer.ok('webhook/list', {})).items.find((h) => h.id === webhook.id)!.active).toBe(true);
  });
});

describe('deliveries', () => {
  it('are queued in the change’s transaction and sent signed by the worker, not by the request', async () => {
    const { webhook, secret } = await dealer.ok('webhook/create', { url, events: ['order.status', 'order.shipped'] });
    const orderId = await statusMove('A');
    // The request has answered; nothing was sent yet, the delivery waits in the queue.
    expect(receiver.received).toHaveLength(0);
    const queued = await deliveries(dealer, webhook.id);
    expect(queued.items).toMatchObject([{ event: 'order.status', state: 'queued', attempts: 0 }]);

    const log = await settle(
      () => deliveries(dealer, webhook.id),
      (l) => l.items.every((d) => d.state === 'ok'),
    );
    expect(log.items[0]).toMatchObject({ state: 'ok', httpStatus: 200, attempts: 1, error: '' });
    expect(receiver.received).toHaveLength(1);
    const got = receiver.received[0]!;
    expect(verify(got, secret)).toBe(true);
    expect(verify(got, 'whsec_someone-else')).toBe(false);
    expect(got.headers[WEBHOOK_HEADERS.event]).toBe('order.status');
    expect(got.headers[WEBHOOK_HEADERS.delivery]).toBe(String(log.items[0]!.id));
    const body = JSON.parse(got.body);
    expect(body).toMatchObject({
      id: log.items[0]!.id,
      event: 'order.status',
      data: { orderId, status: { code: 'A' }, previous: { code: 'N' } },
    });
    // A body changed on the way no longer matches its signature.
    expect(verify({ ...got, body: got.body.replace(`"orderId":${orderId}`, '"orderId":1') }, secret)).toBe(false);

    // The first shipment is `order.shipped` beside the status.
    await statusMove('S');
    const shipped = await settle(
      () => deliveries(dealer, webhook.id),
      (l) => l.count === 3 && l.items.every((d) => d.state === 'ok'),
    );
    expect(shipped.items.map((d) => d.event).sort()).toEqual(['order.shipped', 'order.status', 'order.status']);
  });

  it('go only to endpoints that asked for the event, and to nobody else’s', async () => {
    const docs = await dealer.ok('webhook/create', { url, events: ['order.document'] });
    const other = await dealer2.ok('webhook/create', { url, events: ['order.status'] });
    await statusMove('A');
    await t.app.portal.worker.drain();
    expect((await deliveries(dealer, docs.webhook.id)).count).toBe(0);
    expect((await deliveries(dealer2, other.webhook.id)).count).toBe(0);
    await dealer2.ok('webhook/delete', { id: other.webhook.id });
  });

  it('are retried after a failure and a timeout, and the endpoint recovers', async () => {
    const { webhook, secret } = await dealer.ok('webhook/create', { url, events: ['order.status'] });
    receiver.mode = 'fail';
    await statusMove('A');
    const failed = await settle(
      () => deliveries(dealer, webhook.id),
      (l) => (l.items[0]?.attempts ?? 0) >= 1,
    );
    expect(failed.items[0]).toMatchObject({ state: 'retrying', httpStatus: 500, error: 'HTTP 500' });
    expect((await dealer.ok('webhook/list', {})).items[0]).toMatchObject({
      failures: 1,
      active: true,
      lastStatus: 500,
    });

    receiver.mode = 'hang';
    const timedOut = await settle(
      () => deliveries(dealer, webhook.id),
      (l) => (l.items[0]?.attempts ?? 0) >= 2,
    );
    expect(timedOut.items[0]).toMatchObject({
      state: 'retrying',
      httpStatus: null,
      error: `no answer in ${TIMEOUT_MS} ms`,
    });

    receiver.mode = 'ok';
    const recovered = await settle(
      () => deliveries(dealer, webhook.id),
      (l) => l.items[0]?.state === 'ok',
    );
    expect(recovered.items[0]).toMatchObject({ attempts: 3, httpStatus: 200, error: '' });
    expect((await dealer.ok('webhook/list', {})).items[0]).toMatchObject({
      failures: 0,
      active: true,
      lastStatus: 200,
    });
    // Every attempt carried the same delivery, each signed afresh.
    const ids = new Set(receiver.received.map((r) => r.headers[WEBHOOK_HEADERS.delivery]));
    expect(ids.size).toBe(1);
    expect(receiver.received.every((r) => verify(r, secret))).toBe(true);
  });

  it('turn the endpoint off after repeated failures and tell the dealer once, even when they fail at once', async () => {
    const { webhook } = await dealer.ok('webhook/create', { url, events: ['order.status'] });
    const disabledNotices = async () =>
      (await dealer.ok('notice/list', { size: -1 })).items.filter((n) => n.title.startsWith('Веб-хук отключён'));
    const noticesBefore = (await dealer.ok('notice/list', { size: -1 })).items.length;
    const toldBefore = (await disabledNotices()).length;
    receiver.mode = 'fail';
    // Four changes at once: their deliveries fail side by side, past the threshold.
    await Promise.all(['A', 'A', 'A', 'A'].map((code) => statusMove(code)));
    const hook = await settle(
      async () => (await dealer.ok('webhook/list', {})).items.find((h) => h.id === webhook.id)!,
      (h) => !h.active,
    );
    expect(hook.dateDisabled).not.toBeNull();
    await settle(
      () => deliveries(dealer, webhook.id),
      (l) => l.items.every((d) => d.state === 'failed'),
    );
    const notices = (await dealer.ok('notice/list', { size: -1 })).items;
    const told = await disabledNotices();
    expect(told).toHaveLength(toldBefore + 1);
    expect(notices.length).toBe(noticesBefore + 1);
    expect(told[0]!.description).toContain(`${DISABLE_AFTER} отправок подряд`);

    // Off, it hears of nothing; on again, it starts from zero.
    const sent = receiver.received.length;
    await statusMove('A');
    await t.app.portal.worker.drain();
    expect(receiver.received.length).toBe(sent);
    receiver.mode = 'ok';
    const on = await dealer.ok('webhook/update', { id: webhook.id, active: true });
    expect(on).toMatchObject({ active: true, failures: 0, dateDisabled: null });
    await statusMove('A');
    await settle(
      () => deliveries(dealer, webhook.id),
      (l) => l.items[0]?.state === 'ok',
    );
  });

  it('webhook/test sends a ping the log shows', async () => {
    const { webhook, secret } = await dealer.ok('webhook/create', { url, events: ['price-list.ready'] });
    const ping = await dealer.ok('webhook/test', { id: webhook.id });
    expect(ping).toMatchObject({ event: 'ping', state: 'queued', webhookId: webhook.id, url });
    const log = await settle(
      () => deliveries(dealer, webhook.id),
      (l) => l.items[0]?.state === 'ok',
    );
    expect(log.items[0]!.event).toBe('ping');
    expect(verify(receiver.received[0]!, secret)).toBe(true);
  });
});
