import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localFilesDir, localStorage, s3Storage, type FileStorage } from '../../storage/index.js';
import { createTestApp, type TestApp, type TestClient } from '../../testing/index.js';
import { startTestS3, type TestS3 } from '../../testing/s3.js';
import { multipart, newOrder, PNG } from '../returns/testing.js';
import { moveFilesToStore } from './index.js';

/** The files module on S3 (a local S3-compatible server from npm), and moving local files there. */
let s3: TestS3;
let bucket: FileStorage;
beforeAll(async () => {
  s3 = await startTestS3();
  bucket = s3Storage(s3.options);
});
afterAll(async () => {
  await bucket.close();
  await s3.close();
});

const upload = (client: TestClient, name: string, type: string, data: Buffer) =>
  client.raw('files/save', undefined, multipart([{ name, type, data }]));
const get = (t: TestApp, client: TestClient, url: string) =>
  t.app.inject({ method: 'GET', url, headers: { cookie: client.cookie } });
type Saved = { items: Array<{ id: number; src: string; preview: string | null }> };

describe('with S3_BUCKET set', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ s3: s3.options });
  });
  afterAll(() => t.close());

  it('keeps uploads and previews in the bucket, not on the disk, and serves them back', async () => {
    expect(t.app.portal.storage.kind).toBe('s3');
    const dealer = await t.as('dealer');
    const r = await upload(dealer, 'фото.png', 'image/png', PNG);
    expect(r.status).toBe(200);
    const [file] = (r.body.result as Saved).items;
    const download = await get(t, dealer, file!.src);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(PNG)).toBe(true);
    expect((await get(t, dealer, file!.preview!)).statusCode).toBe(200);
    const row = await t.app.portal.database.db
      .selectFrom('files')
      .selectAll()
      .where('id', '=', file!.id)
      .executeTakeFirstOrThrow();
    expect((await bucket.get(row.storage_key)).equals(PNG)).toBe(true);
    expect(await localStorage(localFilesDir(t.config.dataDir)).exists(row.storage_key)).toBe(false);

    // Another dealer cannot open it; deleting removes both objects.
    const other = await t.as('dealer2');
    expect((await get(t, other, file!.src)).statusCode).toBe(404);
    expect((await dealer.call('files/delete', { id: file!.id })).status).toBe(200);
    expect(await bucket.exists(row.storage_key)).toBe(false);
    expect(await bucket.exists(row.preview_key!)).toBe(false);
  });

  it('stores a generated order spreadsheet in the bucket', async () => {
    const dealer = await t.as('dealer');
    const order = await newOrder(t.app.portal.database.db, 'dealer');
    const r = await dealer.call('order/file', { id: order.id });
    expect(r.status).toBe(200);
    const src = (r.body.result as { path: string }).path;
    const download = await get(t, dealer, src);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it('answers a file whose object is gone with 404, not 500', async () => {
    const dealer = await t.as('dealer');
    const [file] = ((await upload(dealer, 'a.txt', 'text/plain', Buffer.from('текст'))).body.result as Saved).items;
    const row = await t.app.portal.database.db
      .selectFrom('files')
      .select('storage_key')
      .where('id', '=', file!.id)
      .executeTakeFirstOrThrow();
    await bucket.delete(row.storage_key);
    expect((await get(t, dealer, file!.src)).statusCode).toBe(404);
  });
});

describe('moving local files to S3', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('copies every file and preview, checks them against the database, then removes the local copies', async () => {
    const dealer = await t.as('dealer');
    const saved = [
      await upload(dealer, 'photo.png', 'image/png', PNG),
      await upload(dealer, 'note.txt', 'text/plain', Buffer.from('заметка')),
    ].map((r) => (r.body.result as Saved).items[0]!);
    const local = t.app.portal.storage;
    expect(local.kind).toBe('local');
    const db = t.app.portal.database.db;
    const rows = await db
      .selectFrom('files')
      .selectAll()
      .where(
        'id',
        'in',
        saved.map((f) => f.id),
      )
      .execute();
    const keys = rows.flatMap((r) => [r.storage_key, r.preview_key]).filter((k): k is string => Boolean(k));
    expect(keys).toHaveLength(3);

    const first = await moveFilesToStore(db, local, bucket);
    expect(first.copied).toBeGreaterThanOrEqual(3);
    expect(first.missing).toEqual([]);
    for (const key of keys) expect((await bucket.get(key)).equals(await local.get(key))).toBe(true);

    // Run again: nothing to copy; then remove the local copies.
    const second = await moveFilesToStore(db, local, bucket, { removeSource: true });
    expect(second.copied).toBe(0);
    expect(second.removed).toBe(first.copied + first.alreadyThere);
    for (const key of keys) expect(await local.exists(key)).toBe(false);
    expect((await bucket.get(rows.find((r) => r.name === 'note.txt')!.storage_key)).toString()).toBe('заметка');
  });
});
