import { spawn } from 'node:child_process';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { openDatabase, type DatabaseHandle } from '../../db/database.js';
import { encodeXml, OneC } from '../../modules/exchange/testing.js';
import { createTestDatabase } from '../../testing/index.js';
import { enqueue } from './queue.js';

/**
 * `npm run worker` (worker-main.ts): a worker process without the HTTP server delivers the outbox that API-only
 * instances (WORKER=off) fill, and stops cleanly on SIGTERM. On the engine of the run.
 */
const here = path.dirname(fileURLToPath(import.meta.url));

describe('a worker process on its own', () => {
  let dataDir = '';
  let databaseUrl = '';
  let drop = async () => {};
  let smtp: SMTPServer;
  let smtpPort = 0;
  const received: string[] = [];

  const open = (): Promise<DatabaseHandle> => openDatabase({ databaseUrl: databaseUrl || undefined, dataDir });

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'portal-worker-'));
    if (process.env.TEST_DATABASE_URL) ({ databaseUrl, drop } = await createTestDatabase());
    else
      await cp(path.join(inject('testTemplate').dataDir!, 'pglite'), path.join(dataDir, 'pglite'), { recursive: true });
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, _session, callback) {
        void simpleParser(stream).then((mail) => {
          received.push(mail.subject ?? '');
          callback();
        }, callback);
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
    smtpPort = (smtp.server.address() as net.AddressInfo).port;
  }, 60000);

  afterAll(async () => {
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    await drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('delivers the queued messages and exits 0 on SIGTERM', async () => {
    // What an API-only instance leaves behind: three messages in the outbox.
    const before = await open();
    for (const n of [1, 2, 3]) {
      await enqueue(before.db, 'mail', { to: `dealer${n}@example.com`, subject: `Сообщение ${n}`, text: 'текст' });
    }
    await before.close();

    const worker = spawn(process.execPath, ['--import', 'tsx', path.join(here, '../../worker-main.ts')], {
      cwd: path.join(here, '../../..'),
      env: {
        ...process.env,
        ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
        DATA_DIR: dataDir,
        LOG_LEVEL: 'info',
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        JOB_POLL_MS: '100',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    worker.stdout!.on('data', (d: Buffer) => (out += d.toString()));
    worker.stderr!.on('data', (d: Buffer) => (out += d.toString()));
    const exit = new Promise<number | null>((resolve) => worker.on('exit', (code) => resolve(code)));

    const deadline = Date.now() + 30000;
    while (received.length < 3 && Date.now() < deadline && worker.exitCode === null) {
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(received.sort(), out).toEqual(['Сообщение 1', 'Сообщение 2', 'Сообщение 3']);

    // Let it mark the last one done, then stop it.
    await new Promise((r) => setTimeout(r, 300));
    worker.kill('SIGTERM');
    expect(await exit).toBe(0);

    const after = await open();
    try {
      const jobs = await after.db.selectFrom('jobs').select('status').where('kind', '=', 'mail').execute();
      expect(jobs.map((j) => j.status)).toEqual(['done', 'done', 'done']);
    } finally {
      await after.close();
    }
  }, 60000);
  it('on SIGTERM amid a 1C import it finishes the step, hands the job back and exits 0; the import then completes', async () => {
    const exchange = { login: 'exchange', password: 'Exchange#2026' };
    const config = loadConfig(
      { LOG_LEVEL: 'silent', DEMO_SEED: 'off', WORKER: 'off' },
      {
        dataDir,
        databaseUrl: databaseUrl || undefined,
        sessionSecret: 'test-secret',
        exchange: { ...exchange, fileLimitBytes: 1024 * 1024, maxFileBytes: 50 * 1024 * 1024, stepMs: 200 },
      },
    );
    const n = 15000;
    const products = Array.from(
      { length: n },
      (_, i) =>
        `<Товар><Ид>sig-${i}</Ид><Артикул>SIG-${String(i).padStart(5, '0')}</Артикул><Наименование>Гайка ${i}</Наименование></Товар>`,
    ).join('\n');
    const xml = encodeXml(
      `<?xml version="1.0" encoding="UTF-8"?>\n<КоммерческаяИнформация ВерсияСхемы="2.04"><Каталог СодержитТолькоИзменения="true"><Товары>\n${products}\n</Товары></Каталог></КоммерческаяИнформация>`,
      'utf-8',
    );
    // An API-only instance takes the file and queues its import.
    let app = await buildApp(config);
    let c = new OneC(app);
    expect((await c.checkauth(exchange.login, exchange.password)).lines[0]).toBe('success');
    await c.init();
    expect((await c.file('import.xml', xml)).lines[0]).toBe('success');
    expect((await c.call('import', { filename: 'import.xml' })).lines[0]).toBe('progress');
    const cookie = c.cookie;
    await app.close();

    const worker = spawn(process.execPath, ['--import', 'tsx', path.join(here, '../../worker-main.ts')], {
      cwd: path.join(here, '../../..'),
      env: {
        ...process.env,
        ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
        DATA_DIR: dataDir,
        LOG_LEVEL: 'debug',
        JOB_POLL_MS: '100',
        EXCHANGE_STEP_SECONDS: '0.2',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    worker.stdout!.on('data', (d: Buffer) => (out += d.toString()));
    worker.stderr!.on('data', (d: Buffer) => (out += d.toString()));
    const exit = new Promise<number | null>((resolve) => worker.on('exit', (code) => resolve(code)));
    while (!out.includes('started') && worker.exitCode === null) await new Promise((r) => setTimeout(r, 50));
    // The signal comes while the job works: once the worker has taken it (a loaded machine may take a while).
    while (!out.includes('job taken') && worker.exitCode === null) await new Promise((r) => setTimeout(r, 50));
    await new Promise((r) => setTimeout(r, 500));
    const signalled = Date.now();
    worker.kill('SIGTERM');
    expect(await exit, out).toBe(0);
    const stoppedIn = Date.now() - signalled;
    expect(out).toContain('job handed back to the queue');

    const after = await open();
    try {
      const jobs = await after.db
        .selectFrom('jobs')
        .select(['status', 'attempts'])
        .where('kind', '=', 'exchange.import')
        .execute();
      expect(jobs).toEqual([{ status: 'queued', attempts: 0 }]);
      const run = await after.db
        .selectFrom('exchange_runs')
        .select(['status', 'stats'])
        .where('file_name', '=', 'import.xml')
        .executeTakeFirstOrThrow();
      expect(run.status).toBe('running');
      expect(run.stats.read ?? 0).toBeGreaterThan(0);
    } finally {
      await after.close();
    }
    // A step is 0.2 s plus the batch in flight: the worker did not wait for the whole file.
    expect(stoppedIn).toBeLessThan(5000);

    // The next worker (here the instance's own, drained) finishes it; 1C's next call gets the result.
    app = await buildApp(config);
    try {
      await app.portal.worker.drain();
      c = new OneC(app);
      c.cookie = cookie;
      const done = await c.call('import', { filename: 'import.xml' });
      expect(done.lines[0], done.body).toBe('success');
      expect(done.lines[1]).toContain(`товаров ${n}`);
    } finally {
      await app.close();
    }
  }, 180000);
});
