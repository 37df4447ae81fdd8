import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig, type Config } from '../config.js';
import { newProduct } from '../modules/baskets/testing.js';
import { multipart, PNG } from '../modules/returns/testing.js';
import { s3Storage } from '../storage/index.js';
import { createTestDatabase, TestClient } from '../testing/index.js';
import { adminUrl } from '../testing/paths.js';
import { startTestS3, type TestS3 } from '../testing/s3.js';

/**
 * `npm run db:backup` and `npm run db:restore` (decision 085) as an operator runs them, on the
 * engine of this run (PGlite, or PostgreSQL with TEST_DATABASE_URL) with files on the local disk and in S3:
 * orders and files are made through the API, backed up, everything is wiped, restored, and found again.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const serverDir = path.resolve(here, '../..');
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

function cli(script: string, args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; out: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, script), ...args], {
      cwd: serverDir,
      env: { ...process.env, ...env, INIT_CWD: serverDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.on('exit', (code) => resolve({ code, out }));
  });
}

let s3: TestS3;
beforeAll(async () => {
  s3 = await startTestS3();
});
afterAll(() => s3?.close());

describe.each(['local', 's3'] as const)(
  `backup and restore on ${onPostgres ? 'PostgreSQL' : 'PGlite'}, files %s`,
  (store) => {
    let work = '';
    let config: Config;
    let env: Record<string, string>;
    let drop = async () => {};

    beforeAll(async () => {
      work = await mkdtemp(path.join(tmpdir(), 'portal-backup-test-'));
      const dataDir = path.join(work, 'data');
      let databaseUrl: string | undefined;
      if (onPostgres) ({ databaseUrl, drop } = await createTestDatabase());
      config = loadConfig(
        { LOG_LEVEL: 'silent', DEMO_SEED: 'off', WORKER: 'off' },
        {
          dataDir,
          databaseUrl,
          templateDataDir: databaseUrl ? undefined : inject('testTemplate').dataDir,
          sessionSecret: 'test-secret',
          s3: store === 's3' ? { ...s3.options, prefix: `backup-${Date.now()}/` } : undefined,
        },
      );
      env = {
        DATA_DIR: dataDir,
        ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
        ...(store === 's3' ? { ...s3.env, S3_PREFIX: config.s3!.prefix! } : {}),
      };
    });
    afterAll(async () => {
      await drop();
      await rm(work, { recursive: true, force: true });
    });

    /** Wipes the database and every file: a new empty database (or DATA_DIR), an empty bucket prefix. */
    async function wipe() {
      if (config.databaseUrl) {
        const name = new URL(config.databaseUrl).pathname.slice(1);
        const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
        await admin.connect();
        await admin.query(`DROP DATABASE ${name} WITH (FORCE)`);
        await admin.query(`CREATE DATABASE ${name}`);
        await admin.end();
      }
      await rm(config.dataDir, { recursive: true, force: true });
      if (config.s3) {
        const bucket = s3Storage(config.s3);
        for await (const key of bucket.list('')) await bucket.delete(key);
        for await (const key of bucket.list('')) expect.unreachable(`left in the bucket: ${key}`);
        await bucket.close();
      }
    }

    it(
      'backs up, wipes, restores: every order and file comes back, and the dealer is still signed in',
      { timeout: 180_000 },
      async () => {
        // Before: an order checked out through the API, an uploaded photo and the order's spreadsheet.
        let app = await buildApp(config);
        const dealer = new TestClient(app);
        expect((await dealer.signIn('dealer')).status).toBe(200);
        const product = await newProduct(app.portal.database.db, { price: 250 });
        const basket = await dealer.ok('basket/create', {});
        await dealer.ok('basket/add', { id: basket.id, fields: [{ product: product.id, quantity: 4 }] });
        const f = await dealer.ok('order/get-fields', {});
        const opt = (id: string) => f.fields.find((x) => x.id === id)!.options;
        const order = await dealer.ok('order/create', {
          fields: {
            basket: basket.id,
            company: Number(opt('company')[0]!.value),
            paySystem: Number(opt('paySystem')[0]!.value),
            shipping: Number(opt('shipping').find((o) => o.isPickup)!.value),
            storage: Number(opt('storage')[0]!.value),
          },
        });
        const upload = await dealer.raw(
          'files/save',
          undefined,
          multipart([{ name: 'фото.png', type: 'image/png', data: PNG }]),
        );
        expect(upload.status).toBe(200);
        const photo = (upload.body.result as { items: Array<{ src: string; preview: string | null }> }).items[0]!;
        const sheet = (await dealer.ok('order/file', { id: order.id })).path;
        const download = async (url: string) => {
          const r = await app.inject({ method: 'GET', url, headers: { cookie: dealer.cookie } });
          return { status: r.statusCode, body: r.rawPayload };
        };
        const sheetBytes = (await download(sheet)).body;
        expect(sheetBytes.subarray(0, 2).toString()).toBe('PK');
        const ordersBefore = (await dealer.ok('order/list', { size: -1 })).items.map((o) => o.id);
        expect(ordersBefore).toContain(order.id);
        const archive = path.join(work, 'backup.tar.gz');
        if (!onPostgres && store === 'local') {
          // PGlite is one process's database: a backup while its server runs is refused, naming the server.
          const busy = await cli('cli-backup.ts', ['--out', archive], env);
          expect(busy.code).toBe(1);
          expect(busy.out).toMatch(/in use by another server \(pid \d+/);
          expect(existsSync(archive)).toBe(false);
        }
        await app.close();

        const saved = await cli('cli-backup.ts', ['--out', archive], env);
        expect(saved.out).toMatch(/backup written/);
        expect(saved.code).toBe(0);

        await wipe();
        expect(existsSync(path.join(config.dataDir, 'files'))).toBe(false);

        const restored = await cli('cli-restore.ts', [archive], env);
        expect(restored.out).toMatch(/restored/);
        expect(restored.code).toBe(0);
        if (store === 'local') {
          // A second restore over the restored database is refused without --force, and works with it.
          const again = await cli('cli-restore.ts', [archive], env);
          expect(again.code).toBe(1);
          expect(again.out).toMatch(/--force/);
          expect((await cli('cli-restore.ts', [archive, '--force'], env)).code).toBe(0);
        }

        // After: the same orders, the photo, its preview and the spreadsheet, to the byte; the old session works.
        app = await buildApp(config);
        const after = new TestClient(app);
        after.cookie = dealer.cookie;
        after.sessid = dealer.sessid;
        try {
          expect((await after.ok('order/list', { size: -1 })).items.map((o) => o.id)).toEqual(ordersBefore);
          const back = await after.ok('order/get', { id: order.id });
          expect(back.items?.map((i) => [i.article, i.quantity, i.price])).toEqual([[product.article, 4, 250]]);
          const p = await download(photo.src);
          expect(p.status).toBe(200);
          expect(p.body.equals(PNG)).toBe(true);
          expect((await download(photo.preview!)).status).toBe(200);
          expect((await download(sheet)).body.equals(sheetBytes)).toBe(true);
        } finally {
          await app.close();
        }
      },
    );
  },
);

describe('restore refuses what it cannot put back', () => {
  it('a file that is not a backup, an archive that is not there', async () => {
    const work = await mkdtemp(path.join(tmpdir(), 'portal-backup-bad-'));
    try {
      const notBackup = path.join(work, 'x.tar.gz');
      await new Promise((r) => spawn('tar', ['-czf', notBackup, '-C', here, 'backup.ts']).on('exit', r));
      const env: Record<string, string> = onPostgres
        ? { DATABASE_URL: adminUrl(process.env.TEST_DATABASE_URL!, 'portal_no_such_db') }
        : { DATA_DIR: path.join(work, 'data') };
      const r = await cli('cli-restore.ts', [notBackup], env);
      expect(r.code).toBe(1);
      expect(r.out).toMatch(/not a backup of this portal/);
      expect((await cli('cli-restore.ts', [path.join(work, 'missing.tar.gz')], env)).out).toMatch(/No archive/);
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  });
});
