import { spawn } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig, type Config } from '../config.js';
import { multipart, PNG } from '../modules/returns/testing.js';
import { createTestDatabase, TestClient } from '../testing/index.js';
import { startTestS3, type TestS3 } from '../testing/s3.js';
import { localFilesDir } from './index.js';

/**
 * A command moves local files to S3: `npm run storage:to-s3 -- --remove-local` as an operator
 * runs it from the repository's root, against the local S3-compatible server of the suite, on the engine of
 * this run. Files uploaded while the portal kept them on disk download again once it is switched to S3, and
 * the disk copies are gone.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

function npmRun(args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; out: string }>((resolve) => {
    const child = spawn('npm', ['run', ...args], {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.on('exit', (code) => resolve({ code, out }));
  });
}

let s3: TestS3;
let work = '';
let drop = async () => {};
let config: Config;
beforeAll(async () => {
  s3 = await startTestS3();
  work = await mkdtemp(path.join(tmpdir(), 'portal-to-s3-'));
  let databaseUrl: string | undefined;
  if (process.env.TEST_DATABASE_URL) ({ databaseUrl, drop } = await createTestDatabase());
  config = loadConfig(
    { LOG_LEVEL: 'silent', DEMO_SEED: 'off', WORKER: 'off' },
    {
      dataDir: path.join(work, 'data'),
      databaseUrl,
      templateDataDir: databaseUrl ? undefined : inject('testTemplate').dataDir,
      sessionSecret: 'test-secret',
      restLimit: { perSession: 0, perAddress: 0 },
    },
  );
});
afterAll(async () => {
  await drop();
  await s3?.close();
  await rm(work, { recursive: true, force: true });
});

it('npm run storage:to-s3 -- --remove-local moves the local files to the bucket; they download from it', async () => {
  // On the local disk: a dealer uploads a photo (the file and its preview).
  let app = await buildApp(config);
  let dealer = new TestClient(app);
  expect((await dealer.signIn('dealer')).status).toBe(200);
  const upload = await dealer.raw(
    'files/save',
    undefined,
    multipart([{ name: 'фото.png', type: 'image/png', data: PNG }]),
  );
  expect(upload.status).toBe(200);
  const photo = (upload.body.result as { items: Array<{ src: string; preview: string | null }> }).items[0]!;
  await app.close();
  const filesDir = localFilesDir(config.dataDir);
  const countLocal = async (dir: string): Promise<number> => {
    let n = 0;
    for (const e of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
      n += e.isDirectory() ? await countLocal(path.join(dir, e.name)) : 1;
    }
    return n;
  };
  expect(await countLocal(filesDir)).toBeGreaterThanOrEqual(2);

  const env = {
    DATA_DIR: config.dataDir,
    ...(config.databaseUrl ? { DATABASE_URL: config.databaseUrl } : {}),
    ...s3.env,
  };
  const moved = await npmRun(['storage:to-s3', '--', '--remove-local'], env);
  expect(moved.code, moved.out).toBe(0);
  expect(moved.out).toMatch(/copied [2-9]\d*, already there 0, removed locally [2-9]/);
  expect(await countLocal(filesDir)).toBe(0);
  // Again: nothing left to copy, nothing missing.
  const again = await npmRun(['storage:to-s3'], env);
  expect(again.code, again.out).toBe(0);
  expect(again.out).toContain('copied 0');

  // The portal on S3 serves the files uploaded when it was on disk.
  app = await buildApp({ ...config, s3: s3.options });
  try {
    dealer = new TestClient(app);
    expect((await dealer.signIn('dealer')).status).toBe(200);
    for (const url of [photo.src, photo.preview!]) {
      const r = await app.inject({ method: 'GET', url, headers: { cookie: dealer.cookie } });
      expect(r.statusCode, url).toBe(200);
    }
    const original = await app.inject({ method: 'GET', url: photo.src, headers: { cookie: dealer.cookie } });
    expect(original.rawPayload.equals(PNG)).toBe(true);
  } finally {
    await app.close();
  }
}, 180_000);
