import { spawn, type ChildProcess } from 'node:child_process';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestDatabase } from '../testing/index.js';

/**
 * SIGTERM stops taking requests, finishes those in flight and the job running, then exits 0.
 * A real server process (testing/serve.ts, the shutdown of main.ts) on a copy of the test database; a request
 * whose body is still arriving is in flight, and the worker is in the middle of handing a message to a slow
 * SMTP server (smtp-server from npm) when the signal comes.
 */
const here = path.dirname(fileURLToPath(import.meta.url));

async function freePort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const { port } = s.address() as net.AddressInfo;
  await new Promise((resolve) => s.close(resolve));
  return port;
}

describe('SIGTERM', () => {
  let server: ChildProcess;
  let smtp: SMTPServer;
  let base = '';
  let port = 0;
  let dataDir = '';
  let drop = async () => {};
  let exit: Promise<{ code: number | null; at: number }>;
  let stdout = '';
  const smtpEvents: Array<{ event: 'data-started' | 'delivered'; at: number }> = [];

  beforeAll(async () => {
    const smtpPort = await freePort();
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, _session, callback) {
        smtpEvents.push({ event: 'data-started', at: Date.now() });
        stream.resume();
        // A slow mail server: the message is accepted 2 s after it arrived.
        stream.on('end', () =>
          setTimeout(() => {
            smtpEvents.push({ event: 'delivered', at: Date.now() });
            callback();
          }, 2000),
        );
      },
    });
    await new Promise<void>((resolve) => smtp.listen(smtpPort, '127.0.0.1', () => resolve()));

    dataDir = await mkdtemp(path.join(tmpdir(), 'portal-shutdown-'));
    let databaseUrl = '';
    if (process.env.TEST_DATABASE_URL) ({ databaseUrl, drop } = await createTestDatabase());
    else
      await cp(path.join(inject('testTemplate').dataDir!, 'pglite'), path.join(dataDir, 'pglite'), { recursive: true });

    server = spawn(process.execPath, ['--import', 'tsx', path.join(here, '../testing/serve.ts')], {
      cwd: path.join(here, '../..'),
      env: {
        ...process.env,
        ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
        DATA_DIR: dataDir,
        PORT: '0',
        LOG_LEVEL: 'info',
        DEMO_SEED: 'off',
        SESSION_SECRET: 'test-secret',
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        WORKER: 'on',
        JOB_POLL_MS: '100',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    exit = new Promise((resolve) => server.on('exit', (code) => resolve({ code, at: Date.now() })));
    server.stdout!.on('data', (d: Buffer) => (stdout += d.toString()));
    const listening = await new Promise<string>((resolve, reject) => {
      const timer = setInterval(() => {
        const m = /listening (\d+)/.exec(stdout);
        if (m) {
          clearInterval(timer);
          resolve(m[1]!);
        }
      }, 50);
      server.on('exit', () => reject(new Error(`server did not start: ${stdout}`)));
    });
    port = Number(listening);
    base = `http://127.0.0.1:${port}`;
  }, 90000);

  afterAll(async () => {
    if (server.exitCode === null) server.kill('SIGKILL');
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    await drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  async function signedInDealer() {
    const first = await fetch(`${base}/rest/site/get-main-settings`, { method: 'POST' });
    let cookie = first.headers.getSetCookie()[0]!.split(';')[0]!;
    let { sessid } = (await first.json()) as { sessid: string };
    const r = await fetch(`${base}/rest/user/login?sessid=${sessid}`, {
      method: 'POST',
      headers: {
        cookie,
        'content-type': 'application/json',
        authorization: `Basic ${Buffer.from('dealer:Dealer#2026').toString('base64')}`,
      },
      body: '{}',
    });
    cookie = r.headers.getSetCookie()[0]!.split(';')[0]!;
    ({ sessid } = ((await r.json()) as { result: { sessid: string } }).result);
    return { cookie, sessid };
  }

  it('answers the request in flight, finishes the running job, refuses new connections, exits 0', async () => {
    const dealer = await signedInDealer();

    // The worker starts handing the managers' copy of this message to the slow SMTP server.
    const sent = await fetch(`${base}/rest/message/create?sessid=${dealer.sessid}`, {
      method: 'POST',
      headers: { cookie: dealer.cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ message: 'Проверка остановки сервера' }),
    });
    expect(sent.status).toBe(200);
    while (!smtpEvents.some((e) => e.event === 'data-started')) await new Promise((r) => setTimeout(r, 20));

    // A request in flight: its body is only half sent when the signal comes.
    const body = JSON.stringify({});
    const padded = body.padEnd(4096, ' ');
    const inFlight = new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = http.request(
        `${base}/rest/profile?sessid=${dealer.sessid}`,
        {
          method: 'POST',
          headers: { cookie: dealer.cookie, 'content-type': 'application/json', 'content-length': padded.length },
        },
        (res) => {
          let text = '';
          res.on('data', (d: Buffer) => (text += d.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
        },
      );
      req.on('error', reject);
      req.write(padded.slice(0, 100));
      setTimeout(() => req.end(padded.slice(100)), 800);
    });
    await new Promise((r) => setTimeout(r, 200));

    const signalled = Date.now();
    server.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 300));

    // No new connections once the signal is taken.
    const refused = await fetch(`${base}/health`).then(
      () => 'answered',
      (err: Error & { cause?: { code?: string } }) => err.cause?.code ?? err.message,
    );
    expect(refused).toBe('ECONNREFUSED');

    const answer = await inFlight;
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.text)).toMatchObject({ result: { login: 'dealer' } });

    const { code, at } = await exit;
    expect(code).toBe(0);
    // It waited for the mail server to take the message before exiting.
    const delivered = smtpEvents.find((e) => e.event === 'delivered');
    expect(delivered).toBeDefined();
    expect(delivered!.at).toBeGreaterThan(signalled);
    expect(at).toBeGreaterThanOrEqual(delivered!.at);
    expect(stdout).toContain('SIGTERM: finishing requests and the current job');
    expect(stdout).toContain('"msg":"shut down"');
  }, 60000);
});
