import net from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestDatabase, type TestApp } from '../testing/index.js';

/**
 * Done when "/ready goes to 503 within 2 s of the database stopping and back to 200 by itself
 * when it returns". PostgreSQL only (TEST_DATABASE_URL). The server reaches its database through a TCP relay
 * the test controls, so the database can be stopped (connections cut and refused), blocked (connections open,
 * nothing answers) and brought back; and on the real server the backends are terminated while new connections
 * are refused (ALLOW_CONNECTIONS false).
 */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

/** A TCP relay in front of PostgreSQL: `stop()` cuts and refuses, `block()` swallows, `start()` relays. */
class Relay {
  server: net.Server | null = null;
  sockets = new Set<net.Socket>();
  blocked = false;
  constructor(
    readonly target: { host: string; port: number },
    public port = 0,
  ) {}

  async start(): Promise<void> {
    this.blocked = false;
    this.server = net.createServer((client) => {
      this.sockets.add(client);
      client.on('close', () => this.sockets.delete(client));
      client.on('error', () => {});
      if (this.blocked) return; // accepted, never answered
      const upstream = net.connect(this.target.port, this.target.host);
      this.sockets.add(upstream);
      upstream.on('close', () => {
        this.sockets.delete(upstream);
        client.destroy();
      });
      upstream.on('error', () => client.destroy());
      client.on('close', () => upstream.destroy());
      client.on('data', (d) => {
        if (!this.blocked) upstream.write(d);
      });
      upstream.on('data', (d) => {
        if (!this.blocked) client.write(d);
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(this.port, '127.0.0.1', resolve));
    this.port = (this.server!.address() as net.AddressInfo).port;
  }

  /** The database is gone: open connections drop, new ones are refused. */
  async stop(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => this.server!.close(() => resolve()));
    this.server = null;
  }

  /** The database hangs: connections stay open and new ones are accepted, but nothing comes back. */
  block(): void {
    this.blocked = true;
  }
  unblock(): void {
    this.blocked = false;
  }
}

describe.runIf(onPostgres)('/ready while PostgreSQL stops, hangs and returns', () => {
  let t: TestApp;
  let relay: Relay;
  let drop = async () => {};
  let databaseName = '';
  let adminUrl = '';

  beforeAll(async () => {
    const created = await createTestDatabase();
    drop = created.drop;
    const direct = new URL(created.databaseUrl);
    databaseName = direct.pathname.slice(1);
    adminUrl = process.env.TEST_DATABASE_URL!;
    relay = new Relay({ host: direct.hostname, port: Number(direct.port || 5432) });
    await relay.start();
    const relayed = new URL(direct);
    relayed.hostname = '127.0.0.1';
    relayed.port = String(relay.port);
    t = await createTestApp({ databaseUrl: relayed.toString() });
  });
  afterAll(async () => {
    await t?.close();
    await relay?.stop().catch(() => {});
    await drop();
  });

  const ready = async () => {
    const r = await t.app.inject({ method: 'GET', url: '/ready' });
    return { status: r.statusCode, body: r.json<{ failing?: string[]; checks: Record<string, string> }>() };
  };

  /** Polls /ready every 100 ms until it answers `status`; gives the milliseconds it took. */
  async function until(status: number, withinMs: number): Promise<number> {
    const started = Date.now();
    for (;;) {
      const r = await ready();
      if (r.status === status) return Date.now() - started;
      if (Date.now() - started > withinMs) throw new Error(`/ready still ${r.status} after ${withinMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  it('stopped: 503 "database" within 2 s; back to 200 by itself when it returns', async () => {
    expect((await ready()).status).toBe(200);
    await relay.stop();
    const tookMs = await until(503, 2000);
    expect(tookMs).toBeLessThan(2000);
    const down = await ready();
    expect(down.body.failing).toContain('database');
    expect(down.body.checks.database).toBe('unreachable');
    // A /rest/ call fails fast with the envelope meanwhile (docs/design.md §8).
    const call = await t.client().call('site/get-main-settings');
    expect(call.status).toBe(503);

    await relay.start();
    await until(200, 10000);
    expect((await t.client().call('site/get-main-settings')).status).toBe(200);
  });

  it('hanging (no answer at all): 503 "timeout" within 2 s, the pool is not used up, 200 when it answers', async () => {
    expect((await ready()).status).toBe(200);
    relay.block();
    const tookMs = await until(503, 2000);
    expect(tookMs).toBeLessThan(2000);
    expect((await ready()).body.checks.database).toBe('timeout');
    // A load balancer keeps polling through the outage: probes are shared and each drops its client.
    const polls = await Promise.all(Array.from({ length: 20 }, () => ready()));
    expect(polls.every((p) => p.status === 503)).toBe(true);
    expect(t.app.portal.database.poolStats().total).toBeLessThanOrEqual(10);

    // Connections made while blocked are dead ends; the pool drops them on error and connects afresh.
    await relay.stop();
    await relay.start();
    await until(200, 10000);
  });

  it('backends terminated and new connections refused on the real server, then allowed again', async () => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      expect((await ready()).status).toBe(200);
      await admin.query(`ALTER DATABASE ${databaseName} ALLOW_CONNECTIONS false`);
      await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [databaseName]);
      const tookMs = await until(503, 2000);
      expect(tookMs).toBeLessThan(2000);
      expect((await ready()).body.failing).toContain('database');

      await admin.query(`ALTER DATABASE ${databaseName} ALLOW_CONNECTIONS true`);
      await until(200, 10000);
    } finally {
      await admin.query(`ALTER DATABASE ${databaseName} ALLOW_CONNECTIONS true`).catch(() => {});
      await admin.end();
    }
  });
});
