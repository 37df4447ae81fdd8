import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../../testing/index.js';
import { addressKind, guardedLookup, hostRefused, type HostLookup } from './address.js';

/**
 * The guard against webhooks aimed inside the supplier's network (decision 231): address literals and DNS
 * names, IPv4 and IPv6, refused when registered with a Russian field message, and checked again at delivery
 * against a name that moved inside since (DNS rebinding). The resolver is the test's own table, so names
 * resolve without a network; the connections are real.
 */

const PUBLIC = '93.184.216.34';
const names: Record<string, string[]> = {
  'shop.example.ru': [PUBLIC],
  'inside.example.ru': ['10.1.2.3'],
  'mixed.example.ru': [PUBLIC, '192.168.0.7'],
  'metadata.example.ru': ['169.254.169.254'],
  'ula.example.ru': ['2a00:1450:4010::1', 'fd12:3456::1'],
  'mapped.example.ru': ['::ffff:127.0.0.1'],
  'rebind.example.ru': [PUBLIC],
  'hook.test': ['127.0.0.1'],
};
const lookup: HostLookup = async (host) => {
  const found = names[host];
  if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
  return found.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
};

describe('addresses', () => {
  it('tell the internet from loopback and internal networks, IPv4 and IPv6', () => {
    for (const ip of ['93.184.216.34', '8.8.8.8', '100.63.0.1', '172.32.0.1', '2a00:1450:4010::1', '2606:4700::1'])
      expect(addressKind(ip), ip).toBe('internet');
    for (const ip of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1', '[::ffff:7f00:1]'])
      expect(addressKind(ip), ip).toBe('loopback');
    for (const ip of [
      '0.0.0.0',
      '10.0.0.5',
      '100.64.0.1',
      '169.254.169.254',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.10',
      '198.18.0.1',
      '224.0.0.1',
      '255.255.255.255',
      '::',
      'fd00::1',
      'fc00::1',
      'fe80::1%eth0',
      'ff02::1',
      '2001:db8::1',
      '::ffff:10.0.0.1',
      '::ffff:a9fe:a9fe',
      '64:ff9b::a9fe:a9fe',
      '2002:c0a8:0101::1',
      'not-an-address',
    ])
      expect(addressKind(ip), ip).toBe('internal');
    // NAT64 and 6to4 of a public address stay public.
    expect(addressKind('64:ff9b::5db8:d822')).toBe('internet');
    expect(addressKind('2002:5db8:d822::1')).toBe('internet');
  });

  it('refuse a name when any of its addresses is inside, and a name that does not resolve', async () => {
    expect(await hostRefused('https://shop.example.ru/hook', false, lookup)).toBeNull();
    expect(await hostRefused('https://inside.example.ru/hook', false, lookup)).toBe('internal');
    expect(await hostRefused('https://mixed.example.ru/hook', false, lookup)).toBe('internal');
    expect(await hostRefused('https://ula.example.ru/hook', false, lookup)).toBe('internal');
    expect(await hostRefused('https://mapped.example.ru/hook', false, lookup)).toBe('internal');
    expect(await hostRefused('https://nowhere.example.ru/hook', false, lookup)).toBe('unknown');
    expect(await hostRefused('https://[fd00::1]/hook', false, lookup)).toBe('internal');
    // WEBHOOK_ALLOW_LOCAL lets this machine through, and nothing else inside.
    expect(await hostRefused('https://mapped.example.ru/hook', true, lookup)).toBeNull();
    expect(await hostRefused('https://inside.example.ru/hook', true, lookup)).toBe('internal');
  });

  it('connect only to the address that was checked: a name resolving inside never reaches the receiver', async () => {
    let hits = 0;
    const server: Server = createServer((_req, res) => {
      hits++;
      res.end('ok');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    const get = (allowLocal: boolean) =>
      new Promise<number | Error>((resolve) => {
        const req = request(`http://hook.test:${port}/`, { lookup: guardedLookup(lookup, allowLocal) }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        });
        req.on('error', resolve);
        req.end();
      });
    try {
      const refused = await get(false);
      expect(refused).toBeInstanceOf(Error);
      expect((refused as Error).message).toBe('hook.test resolves to the internal address 127.0.0.1');
      expect(hits).toBe(0);
      // The same request with the loopback allowed does arrive: the guard, not the network, stopped the first.
      expect(await get(true)).toBe(200);
      expect(hits).toBe(1);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('webhook endpoints without WEBHOOK_ALLOW_LOCAL', () => {
  let t: TestApp;
  let dealer: TestClient;

  beforeAll(async () => {
    t = await createTestApp({
      webhooks: { allowLocal: false, timeoutMs: 500, disableAfter: 10, lookup },
      jobs: { worker: false, concurrency: 1, pollMs: 1000, retryBaseMs: 1000 },
    });
    dealer = await t.as('dealer');
  });
  afterAll(() => t.close());

  it('refuse an address inside with a Russian field message, never a 5xx', async () => {
    for (const url of [
      'https://inside.example.ru/hook',
      'https://mixed.example.ru/hook',
      'https://metadata.example.ru/latest/meta-data',
      'https://ula.example.ru/hook',
      'https://mapped.example.ru/hook',
      'https://[::ffff:a9fe:a9fe]/hook',
    ]) {
      const r = await dealer.call('webhook/create', { url, events: ['order.status'] });
      expect(r.status, url).toBe(400);
      expect(r.body, url).toMatchObject({
        error: 'VALIDATION',
        fields: { url: expect.stringContaining('внутреннюю сеть') },
      });
    }
    const unknown = await dealer.call('webhook/create', {
      url: 'https://nowhere.example.ru/hook',
      events: ['order.status'],
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ fields: { url: 'Сервер с таким именем не найден: проверьте адрес' } });
    expect((await dealer.ok('webhook/list', {})).count).toBe(0);
  });

  it('refuse a change of address to one inside', async () => {
    const { webhook } = await dealer.ok('webhook/create', {
      url: 'https://shop.example.ru/hook',
      events: ['order.status'],
    });
    const r = await dealer.call('webhook/update', { id: webhook.id, url: 'https://inside.example.ru/hook' });
    expect(r.status).toBe(400);
    expect((await dealer.ok('webhook/list', {})).items[0]!.url).toBe('https://shop.example.ru/hook');
    await dealer.ok('webhook/delete', { id: webhook.id });
  });

  it('check the name again at delivery: one that moved inside since it was registered is refused', async () => {
    const { webhook } = await dealer.ok('webhook/create', {
      url: 'https://rebind.example.ru/hook',
      events: ['order.status'],
    });
    names['rebind.example.ru'] = ['127.0.0.1'];
    await dealer.ok('webhook/test', { id: webhook.id });
    await t.app.portal.worker.drain();
    const log = await dealer.ok('webhook-delivery/list', { filter: { webhook: webhook.id } });
    // Not a refused connection to 127.0.0.1:443: the guard stopped it before any connection was made.
    expect(log.items[0]).toMatchObject({
      event: 'ping',
      httpStatus: null,
      error: 'rebind.example.ru resolves to the internal address 127.0.0.1',
    });
  });
});
