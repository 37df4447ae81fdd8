import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { translate } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/index.js';

/**
 * A body over the 1 MB limit is answered 413 with the envelope by every client, on a real socket (decision 189):
 * Fastify's own answer closed the connection while the upload was still arriving, and curl and Node saw a reset.
 */
let t: TestApp;
let origin: string;
let dir: string;
let bigFile: string;
const BIG = JSON.stringify({ text: 'ж'.repeat(1_500_000) }); // 3 MB of UTF-8
const envelope = { error: 'PAYLOAD_TOO_LARGE', error_description: translate('ru', 'error.payloadTooLarge') };

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  dir = await mkdtemp(path.join(tmpdir(), 'body-limit-'));
  bigFile = path.join(dir, 'big.json');
  await writeFile(bigFile, BIG);
});
afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

function curl(args: string[]): Promise<{ code: number; out: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('curl', ['-sS', ...args]);
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString('utf8')));
    child.stderr.on('data', (d: Buffer) => (out += d.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? -1, out }));
  });
}

/**
 * A client on a bare socket that sends the whole body, piece by piece at an upload's pace, before it reads
 * (as many HTTP libraries do): a server that closes the connection under it makes a write fail (a reset).
 */
class SlowClient {
  private received = Buffer.alloc(0);
  private waiting: (() => void) | null = null;
  error: Error | null = null;
  readonly socket: net.Socket;

  constructor(port: number) {
    this.socket = net.connect(port, '127.0.0.1');
    this.socket.on('data', (d: Buffer) => {
      this.received = Buffer.concat([this.received, d]);
      this.waiting?.();
    });
    this.socket.on('error', (err) => {
      this.error = err;
      this.waiting?.();
    });
    this.socket.on('close', () => this.waiting?.());
  }

  async send(head: string, body = Buffer.alloc(0)): Promise<void> {
    await this.write(Buffer.from(head));
    for (let i = 0; i < body.length && !this.error; i += 64 * 1024) {
      await this.write(body.subarray(i, i + 64 * 1024));
      await new Promise((r) => setTimeout(r, 5));
    }
  }

  private write(data: Buffer): Promise<void> {
    return new Promise((resolve) =>
      this.socket.write(data, (err) => {
        if (err) this.error = err;
        resolve();
      }),
    );
  }

  /** The next whole answer (a Content-Length one), or null when the connection ended first. */
  async answer(): Promise<{ status: number; headers: string; body: string } | null> {
    for (;;) {
      const end = this.received.indexOf('\r\n\r\n');
      if (end >= 0) {
        const headers = this.received.subarray(0, end).toString('latin1');
        const length = Number(/content-length: *(\d+)/i.exec(headers)?.[1] ?? 0);
        if (this.received.length >= end + 4 + length) {
          const body = this.received.subarray(end + 4, end + 4 + length).toString('utf8');
          this.received = this.received.subarray(end + 4 + length);
          return { status: Number(headers.split(' ')[1]), headers, body };
        }
      }
      if (this.error || this.socket.destroyed || this.socket.readableEnded) return null;
      await new Promise<void>((resolve) => (this.waiting = resolve));
      this.waiting = null;
    }
  }
}

interface Answer {
  status: number;
  body: string;
  reused: boolean;
  connection: string | undefined;
}

/** One request through `agent`; `chunks` without a length is sent chunked. */
function request(
  agent: http.Agent,
  options: { method: string; path: string; body?: string; chunked?: boolean },
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const data = options.body === undefined ? undefined : Buffer.from(options.body);
    const req = http.request(`${origin}${options.path}`, {
      agent,
      method: options.method,
      headers: {
        ...(data ? { 'content-type': 'application/json' } : {}),
        ...(data && !options.chunked ? { 'content-length': String(data.length) } : {}),
      },
    });
    req.on('error', reject);
    req.on('response', (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (body += d));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, body, reused: req.reusedSocket, connection: res.headers.connection }),
      );
    });
    if (data) {
      // In pieces, as a client streams an upload.
      for (let i = 0; i < data.length; i += 64 * 1024) req.write(data.subarray(i, i + 64 * 1024));
    }
    req.end();
  });
}

describe('a body over the limit on a real socket', () => {
  it('fetch gets the 413 envelope', async () => {
    for (let i = 0; i < 3; i++) {
      const r = await fetch(`${origin}/rest/site/get-main-settings`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: BIG,
      });
      expect(r.status).toBe(413);
      expect(await r.json()).toEqual(envelope);
    }
  });

  it('curl gets the 413 envelope, with a length and chunked', async () => {
    for (const chunked of [false, true]) {
      // At full loopback speed and at the pace of a real upload (the answer comes while the body still arrives).
      for (const rate of [null, '4M']) {
        const r = await curl([
          ...(rate ? ['--limit-rate', rate] : []),
          '-H',
          'content-type: application/json',
          ...(chunked ? ['-H', 'transfer-encoding: chunked'] : []),
          '--data-binary',
          `@${bigFile}`,
          '-w',
          '\n%{http_code}',
          `${origin}/rest/site/get-main-settings`,
        ]);
        expect(r.code, r.out).toBe(0);
        const [body, status] = r.out.split('\n');
        expect(status).toBe('413');
        expect(JSON.parse(body!)).toEqual(envelope);
      }
    }
  });

  it('curl reads the 413 and goes on with its next request', async () => {
    // curl itself drops a connection whose upload it stopped on an error answer, so the second request may
    // come on a new one; what counts is that both are answered.
    const r = await curl([
      '-H',
      'content-type: application/json',
      '--data-binary',
      `@${bigFile}`,
      '-w',
      '\n%{http_code}\n',
      `${origin}/rest/site/get-main-settings`,
      '--next',
      '-w',
      '\n%{http_code}\n',
      `${origin}/health`,
    ]);
    expect(r.code, r.out).toBe(0);
    const lines = r.out.trim().split('\n');
    expect(JSON.parse(lines[0]!)).toEqual(envelope);
    expect(lines[1]).toBe('413');
    expect(JSON.parse(lines[2]!)).toMatchObject({ status: 'alive' });
    expect(lines[3]).toBe('200');
  });

  it('a Node client keeps its keep-alive connection after the 413, with a length and chunked', async () => {
    for (const chunked of [false, true]) {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      try {
        const first = await request(agent, {
          method: 'POST',
          path: '/rest/site/get-main-settings',
          body: BIG,
          chunked,
        });
        expect(first.status).toBe(413);
        expect(JSON.parse(first.body)).toEqual(envelope);
        expect(first.connection).not.toBe('close');
        const next = await request(agent, { method: 'GET', path: '/health' });
        expect(next.status).toBe(200);
        expect(next.reused).toBe(true);
      } finally {
        agent.destroy();
      }
    }
  });

  it('a client that sends the whole body before reading gets the 413, and its connection serves the next call', async () => {
    const port = (t.app.server.address() as AddressInfo).port;
    const body = Buffer.from(BIG);
    const client = new SlowClient(port);
    try {
      await client.send(
        `POST /rest/site/get-main-settings HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
        body,
      );
      expect(client.error).toBeNull();
      const first = await client.answer();
      expect(first?.status).toBe(413);
      expect(JSON.parse(first!.body)).toEqual(envelope);
      await client.send('GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
      const next = await client.answer();
      expect(next?.status).toBe(200);
      expect(JSON.parse(next!.body)).toMatchObject({ status: 'alive' });
    } finally {
      client.socket.destroy();
    }
  });

  it('a body far over what is drained is still answered, then the connection is closed', async () => {
    const huge = JSON.stringify({ text: 'x'.repeat(40 * 1024 * 1024) });
    const r = await fetch(`${origin}/rest/site/get-main-settings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: huge,
    }).then(
      async (res) => ({ status: res.status, body: (await res.json()) as unknown }),
      (err: unknown) => ({ status: 0, body: String(err) }),
    );
    expect(r).toEqual({ status: 413, body: envelope });

    const port = (t.app.server.address() as AddressInfo).port;
    const body = Buffer.alloc(12 * 1024 * 1024, 0x20);
    const client = new SlowClient(port);
    try {
      await client.send(
        `POST /rest/site/get-main-settings HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
        body,
      );
      const first = await client.answer();
      expect(first?.status).toBe(413);
      expect(JSON.parse(first!.body)).toEqual(envelope);
      // Past the drained 8 MB the server ends the connection: the rest of the upload is not read.
      expect(await client.answer()).toBeNull();
    } finally {
      client.socket.destroy();
    }
  });
});
