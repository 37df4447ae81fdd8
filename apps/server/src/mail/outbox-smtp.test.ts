import net from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/index.js';

/**
 * Done when "an e-mail sent while SMTP is down arrives when it comes back". A real SMTP server
 * (smtp-server from npm) on a fixed local port is stopped, a dealer writes to the supplier (the managers get
 * an e-mail), the delivery fails and is retried; the server is started again on the same port and the
 * message arrives by itself, once.
 */
interface Received {
  to: string;
  subject: string;
}

async function freePort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const { port } = s.address() as net.AddressInfo;
  await new Promise((resolve) => s.close(resolve));
  return port;
}

function smtp(port: number, received: Received[], delayMs = 0) {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      void simpleParser(stream).then(async (mail) => {
        if (delayMs) await new Promise((r) => setTimeout(r, delayMs));
        const to = Array.isArray(mail.to) ? mail.to.map((a) => a.text).join(', ') : (mail.to?.text ?? '');
        received.push({ to, subject: mail.subject ?? '' });
        callback();
      }, callback);
    },
  });
  return {
    start: () => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve())),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('the e-mail outbox while the SMTP server is down', () => {
  let t: TestApp;
  let port = 0;
  const received: Received[] = [];

  beforeAll(async () => {
    port = await freePort();
    // A real worker in the app, polling fast and retrying after 300 ms, 600 ms, 1.2 s …
    t = await createTestApp({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      jobs: { worker: true, concurrency: 2, pollMs: 100, retryBaseMs: 300 },
    });
  });
  afterAll(() => t.close());

  const mailJobs = () =>
    t.app.portal.database.db
      .selectFrom('jobs')
      .select(['status', 'attempts', 'last_error'])
      .where('kind', '=', 'mail')
      .execute();

  it('keeps the message, retries, and delivers it once SMTP is back', async () => {
    const server = smtp(port, received);
    const dealer = await t.as('dealer');
    // Nothing listens on the port: the supplier's managers' copy cannot go out.
    const r = await dealer.call('message/create', { message: 'Нужен счёт на предоплату' });
    expect(r.status).toBe(200);

    // The call succeeded; the delivery fails and is retried.
    const deadline = Date.now() + 10000;
    while (Date.now() < deadline) {
      const jobs = await mailJobs();
      if (jobs.some((j) => j.attempts >= 2 && j.status === 'queued')) break;
      await new Promise((res) => setTimeout(res, 100));
    }
    const failing = await mailJobs();
    expect(
      failing.some((j) => j.attempts >= 2 && j.status === 'queued' && /ECONNREFUSED/.test(j.last_error ?? '')),
    ).toBe(true);
    expect(received).toHaveLength(0);

    await server.start();
    try {
      const until = Date.now() + 15000;
      while (Date.now() < until && !(await mailJobs()).every((j) => j.status === 'done')) {
        await new Promise((res) => setTimeout(res, 100));
      }
      expect((await mailJobs()).every((j) => j.status === 'done')).toBe(true);
      // Once sent, the stored job keeps no body (codes and links live there).
      const stored = await t.app.portal.database.db
        .selectFrom('jobs')
        .select('payload')
        .where('kind', '=', 'mail')
        .execute();
      for (const { payload } of stored) {
        expect(Object.keys(payload as object).sort()).toEqual(['subject', 'to']);
      }
      const staffCopies = received.filter((m) => /сообщени/i.test(m.subject));
      expect(staffCopies.length).toBeGreaterThanOrEqual(1);
      // Delivered once, not once per attempt.
      expect(received).toHaveLength((await mailJobs()).length);
    } finally {
      await server.stop();
    }
  }, 40000);
});
