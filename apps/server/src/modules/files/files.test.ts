import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../../testing/index.js';
import { EXE, multipart, PNG } from '../returns/testing.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ uploadMaxBytes: 4096 });
});
afterAll(() => t.close());

async function upload(client: TestClient, files: Array<{ name: string; type: string; data: Buffer }>) {
  const body = multipart(files);
  return client.raw('files/save', undefined, body);
}

async function get(client: TestClient, url: string) {
  return t.app.inject({ method: 'GET', url, headers: client.cookie ? { cookie: client.cookie } : {} });
}

describe('files/save', () => {
  it('rejects anonymous', async () => {
    const c = t.client();
    await c.raw('profile', {});
    await c.call('profile', {});
    const r = await upload(c, [{ name: 'a.png', type: 'image/png', data: PNG }]);
    expect(r.status).toBe(401);
  });

  it('stores a photo with a preview, the type taken from the bytes', async () => {
    const dealer = await t.as('dealer');
    const r = await upload(dealer, [{ name: 'фото брака.png', type: 'application/octet-stream', data: PNG }]);
    expect(r.status).toBe(200);
    const [file] = (
      r.body.result as { items: Array<{ id: number; contentType: string; preview: string | null; src: string }> }
    ).items;
    expect(file?.contentType).toBe('image/png');
    expect(file?.preview).toBe(`/files/${file?.id}/preview`);
    const preview = await get(dealer, file!.preview!);
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['x-content-type-options']).toBe('nosniff');
    expect(preview.headers['content-disposition']).toBe(
      `inline; filename="____ _____.png"; filename*=UTF-8''${encodeURIComponent('фото брака.png')}`,
    );
    expect(preview.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    const download = await get(dealer, file!.src);
    expect(download.rawPayload.equals(PNG)).toBe(true);
  });

  it('makes a small upright preview of a large photo and keeps the original whole', async () => {
    const dealer = await t.as('dealer');
    // A plain-coloured photo compresses to well under this file's 4 KB upload limit.
    const photo = await sharp({ create: { width: 2400, height: 1600, channels: 3, background: '#064C27' } })
      .png({ palette: true, compressionLevel: 9 })
      .toBuffer();
    expect(photo.length).toBeLessThan(4096);
    const r = await upload(dealer, [{ name: 'деталь.png', type: 'image/png', data: photo }]);
    expect(r.status).toBe(200);
    const [file] = (r.body.result as { items: Array<{ preview: string; src: string }> }).items;
    const preview = await sharp((await get(dealer, file!.preview)).rawPayload).metadata();
    expect(Math.max(preview.width ?? 0, preview.height ?? 0)).toBe(320);
    expect(preview.format).toBe('png');
    const original = await sharp((await get(dealer, file!.src)).rawPayload).metadata();
    expect(original.width).toBe(2400);
  });

  it('refuses an executable named as a photo, an empty file, a file over the limit — and saves none of a batch', async () => {
    const dealer = await t.as('dealer');
    const before = (await dealer.ok('files/list', {})).count;
    const exe = await upload(dealer, [{ name: 'photo.jpg', type: 'image/jpeg', data: EXE }]);
    expect(exe.status).toBe(400);
    expect(exe.body.error_description).toContain('не поддерживается');
    const empty = await upload(dealer, [{ name: 'empty.png', type: 'image/png', data: Buffer.alloc(0) }]);
    expect(empty.status).toBe(400);
    expect(empty.body.error_description).toBe('Файл «empty.png» пустой');
    const big = await upload(dealer, [
      { name: 'big.png', type: 'image/png', data: Buffer.concat([PNG, Buffer.alloc(8000)]) },
    ]);
    expect(big.status).toBe(413);
    const mixed = await upload(dealer, [
      { name: 'ok.png', type: 'image/png', data: PNG },
      { name: 'bad.jpg', type: 'image/jpeg', data: EXE },
    ]);
    expect(mixed.status).toBe(400);
    expect((await dealer.ok('files/list', {})).count).toBe(before);
  });

  it('serves a text file as an attachment', async () => {
    const dealer = await t.as('dealer');
    const r = await upload(dealer, [
      // Markup itself is refused now (decision 055, content-check.test.ts); text under an odd name still downloads.
      { name: '<b>notes</b>.txt', type: 'text/html', data: Buffer.from('alert(1)') },
    ]);
    expect(r.status).toBe(200);
    const [file] = (r.body.result as { items: Array<{ id: number; contentType: string; src: string; preview: null }> })
      .items;
    expect(file?.contentType).toBe('text/plain');
    expect(file?.preview).toBeNull();
    const d = await get(dealer, file!.src);
    expect(d.headers['content-disposition']).toMatch(/^attachment;/);
    expect(d.headers['content-type']).toBe('text/plain; charset=utf-8');
  });
});

describe('files/get, files/list, files/delete and the links', () => {
  it("hides another dealer's file exactly like a missing one", async () => {
    const dealer = await t.as('dealer');
    const dealer2 = await t.as('dealer2');
    const r = await upload(dealer, [{ name: 'a.png', type: 'image/png', data: PNG }]);
    const id = (r.body.result as { items: Array<{ id: number }> }).items[0]!.id;
    expect((await dealer.call('files/get', { id })).status).toBe(200);
    const other = await dealer2.call('files/get', { id });
    const missing = await dealer2.call('files/get', { id: 999999 });
    expect(other.status).toBe(404);
    expect(other.body).toEqual(missing.body);
    expect((await get(dealer2, `/files/${id}/download`)).statusCode).toBe(404);
    expect((await get(t.client(), `/files/${id}/download`)).statusCode).toBe(401);
    expect((await dealer2.ok('files/list', { filter: { id: [id] } })).count).toBe(0);
    expect((await dealer2.call('files/delete', { id })).status).toBe(404);
    // An employee handles no file that is not attached to something.
    const employee = await t.as('employee');
    expect((await employee.call('files/get', { id })).status).toBe(404);
    expect((await dealer.ok('files/delete', { id })).ok).toBe(true);
    expect((await dealer.call('files/get', { id })).status).toBe(404);
  });

  it('takes the ids at the top level too: files/list {id} (docs/spec/07-calls.md, decision 068)', async () => {
    const dealer = await t.as('dealer');
    const r = await upload(dealer, [
      { name: 'a.png', type: 'image/png', data: PNG },
      { name: 'b.png', type: 'image/png', data: PNG },
    ]);
    const [a, b] = (r.body.result as { items: Array<{ id: number }> }).items.map((f) => f.id);
    expect((await dealer.ok('files/list', { id: a! })).items.map((f) => f.id)).toEqual([a]);
    expect((await dealer.ok('files/list', { id: [a!, b!] })).count).toBe(2);
    expect((await dealer.ok('files/list', { id: [a!, b!], filter: { id: [b!] } })).items.map((f) => f.id)).toEqual([b]);
    const dealer2 = await t.as('dealer2');
    expect((await dealer2.ok('files/list', { id: a! })).count).toBe(0);
    const wrong = await dealer.call('files/list', { id: 'abc' } as never);
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toBe('VALIDATION');
  });

  it('validates ids', async () => {
    const dealer = await t.as('dealer');
    expect((await dealer.call('files/get', { id: -1 })).status).toBe(400);
    expect((await dealer.raw('files/get', { id: 1, extra: true })).status).toBe(400);
  });
});
