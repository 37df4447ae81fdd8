import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../../testing/index.js';
import { multipart, newOrder, PNG } from '../returns/testing.js';

/**
 * Files whose bytes are script or markup were accepted under an image name (PHP, HTML, SVG with a
 * script, named `.png`) and kept that misleading name. Now the content must be an allowed type, free of
 * markup, and the name must say what the content is; a photo must be a JPEG, PNG or WebP.
 */

let t: TestApp;
let dealer: TestClient;
beforeAll(async () => {
  t = await createTestApp();
  dealer = await t.as('dealer');
});
afterAll(() => t.close());

const upload = (name: string, data: Buffer | string, type = 'image/png') =>
  dealer.raw('files/save', undefined, multipart([{ name, type, data: Buffer.from(data) }]));

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const HOSTILE: Array<[string, string]> = [
  ['shell.png', '<?php system($_GET["c"]); ?>'],
  ['page.png', '<!DOCTYPE html><html><body><script>alert(document.cookie)</script></body></html>'],
  ['bare.png', '<script>alert(1)</script>'],
  [
    'logo.png',
    '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(1)</script></svg>',
  ],
  ['icon.png', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'],
  ['order.xml', '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'],
  ['notes.txt', 'Заметка <iframe src="https://example.com"></iframe>'],
  ['page.asp.png', '<% Response.Write("x") %>'],
];

describe('files/save refuses content that is not what an upload is for', () => {
  it.each(HOSTILE)('%s: markup or code is refused, nothing stored', async (name, content) => {
    const before = await t.app.portal.database.db.selectFrom('files').select('id').execute();
    const r = await upload(name, content);
    expect(r.status).toBe(400);
    expect(r.body.error).toBe('VALIDATION');
    expect(r.body.error_description).toBe(
      `Файл «${name}» содержит веб-страницу, SVG или программный код — такие файлы не принимаются`,
    );
    expect(await t.app.portal.database.db.selectFrom('files').select('id').execute()).toEqual(before);
  });

  it('refuses a name that says another type than the bytes', async () => {
    for (const [name, data, kind] of [
      ['photo.png', 'просто текст', 'TXT/CSV'],
      ['scan.png', PDF, 'PDF'],
      ['photo.jpg', PNG, 'PNG'],
      ['run.exe', 'echo 1', 'TXT/CSV'],
      ['report.pdf', PNG, 'PNG'],
    ] as const) {
      const r = await upload(name, data);
      expect(r.status, name).toBe(400);
      expect(r.body.error_description).toBe(
        `Содержимое файла «${name}» (${kind}) не совпадает с его расширением — сохраните файл в нужном формате`,
      );
    }
  });

  it('accepts what dealers really send', async () => {
    for (const [name, data] of [
      ['брак.png', PNG],
      ['акт.pdf', PDF],
      ['заказ.csv', 'Артикул;Количество\nRE504836;2\n'],
      ['заказ.xls', 'Артикул;Количество\nRE504836;2\n'],
      ['заказ.xml', '<?xml version="1.0"?><order><item><article>RE504836</article></item></order>'],
      ['без расширения', 'RE504836 2'],
    ] as const) {
      expect((await upload(name, data)).status, name).toBe(200);
    }
  });

  it('attaches only photos as the photos of a return', async () => {
    const saved = await upload('акт.pdf', PDF);
    const pdf = (saved.body.result as { items: Array<{ id: number }> }).items[0]!.id;
    const order = await newOrder(t.app.portal.database.db, 'dealer', [{ quantity: 5, delivered: 3 }]);
    const r = await dealer.call('application-good-return/create', {
      fields: { order: order.id, product: order.products[0]!.id, quantity: 1, reason: 'Брак', photos: [pdf] },
    });
    expect(r.status).toBe(400);
    expect(r.body.error_description).toBe('Фотография «акт.pdf» должна быть в формате JPEG, PNG или WebP');
  });
});
