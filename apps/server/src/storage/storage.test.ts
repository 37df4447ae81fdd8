import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestS3, type TestS3 } from '../testing/s3.js';
import { localStorage, s3Storage, StorageNotFound, type FileStorage } from './index.js';

let s3: TestS3;
let dir: string;
const stores: Record<string, FileStorage> = {};

beforeAll(async () => {
  s3 = await startTestS3();
  dir = await mkdtemp(path.join(tmpdir(), 'portal-storage-'));
  stores.local = localStorage(dir);
  stores.s3 = s3Storage(s3.options);
});
afterAll(async () => {
  await Promise.all(Object.values(stores).map((s) => s.close()));
  await s3.close();
  await rm(dir, { recursive: true, force: true });
});

// The same behaviour on both: the files module and every caller rely only on this.
describe.each(['local', 's3'])('%s file storage', (kind) => {
  const store = () => stores[kind]!;

  it('gives back exactly the bytes it was given, nested keys too', async () => {
    const data = Buffer.from([0, 1, 2, 255, 254, 10, 13]);
    await store().put('abc123.bin', data);
    await store().put('exchange/2026/import_0.xml', Buffer.from('<КоммерческаяИнформация/>'), 'application/xml');
    expect((await store().get('abc123.bin')).equals(data)).toBe(true);
    expect((await store().get('exchange/2026/import_0.xml')).toString()).toBe('<КоммерческаяИнформация/>');
    expect(await store().exists('abc123.bin')).toBe(true);
  });

  it('replaces an object written again under the same key', async () => {
    await store().put('again.txt', Buffer.from('first'));
    await store().put('again.txt', Buffer.from('second'));
    expect((await store().get('again.txt')).toString()).toBe('second');
  });

  it('answers a missing key with StorageNotFound, and deleting it twice is fine', async () => {
    await store().put('gone.txt', Buffer.from('x'));
    await store().delete('gone.txt');
    await store().delete('gone.txt');
    await expect(store().get('gone.txt')).rejects.toBeInstanceOf(StorageNotFound);
    expect(await store().exists('gone.txt')).toBe(false);
  });

  it('lists keys under a prefix', async () => {
    await store().put('list/a.txt', Buffer.from('a'));
    await store().put('list/b/c.txt', Buffer.from('c'));
    const keys: string[] = [];
    for await (const key of store().list('list/')) keys.push(key);
    expect(keys.sort()).toEqual(['list/a.txt', 'list/b/c.txt']);
  });

  it('refuses keys that would leave its root', async () => {
    for (const key of ['../secret', '/etc/passwd', 'a/../../b', 'a\\b', '', 'a//b', '.hidden/x']) {
      await expect(store().put(key, Buffer.from('x')), key).rejects.toThrow(/Bad storage key/);
    }
  });

  it('checks itself by writing, reading and removing a probe', async () => {
    await store().check();
    const keys: string[] = [];
    for await (const key of store().list('_probe/')) keys.push(key);
    expect(keys).toEqual([]);
  });

  it('keeps a large file whole', async () => {
    const big = Buffer.alloc(6 * 1024 * 1024, 7);
    big[big.length - 1] = 9;
    await store().put('big.bin', big);
    const back = await store().get('big.bin');
    expect(back.length).toBe(big.length);
    expect(back.equals(big)).toBe(true);
  });
});

it('a write on the local disk leaves no temporary file behind', async () => {
  await stores.local!.put('clean/x.txt', Buffer.from('x'));
  expect(await readdir(path.join(dir, 'clean'))).toEqual(['x.txt']);
});

it('a stopped S3 store is reported by check()', async () => {
  const stopped = await startTestS3();
  const store = s3Storage({ ...stopped.options });
  await store.check();
  await stopped.close();
  await expect(store.check()).rejects.toThrow();
  await store.close();
});
