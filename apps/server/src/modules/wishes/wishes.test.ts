import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../../testing/index.js';
import { newProduct } from '../returns/testing.js';

let t: TestApp;
const db = () => t.app.portal.database.db;
let dealer: TestClient;
let dealer2: TestClient;
let employee: TestClient;

beforeAll(async () => {
  t = await createTestApp();
  [dealer, dealer2, employee] = await Promise.all([t.as('dealer'), t.as('dealer2'), t.as('employee')]);
});
afterAll(() => t.close());

describe('application-empty-product', () => {
  it('rejects anonymous', async () => {
    expect((await t.client().call('application-empty-product/list', {})).status).toBe(401);
    expect(
      (await t.client().call('application-empty-product/create', { items: [{ article: 'A1', count: 1 }] })).status,
    ).toBe(401);
  });

  it('creates several requests at once; one turns SUCCESS when the product is added to the catalogue', async () => {
    const stamp = Date.now();
    // Typed with Cyrillic ВК; the catalogue has Latin BK.
    const numbers = [`ВК-${stamp}-1`, `VK-${stamp}-2`, `VK-${stamp}-3`];
    const { items } = await dealer.ok('application-empty-product/create', {
      items: numbers.map((article, i) => ({ article, count: i + 1 })),
      vin: '<img src=x onerror=alert(1)>',
      model: 'John Deere 6130M',
    });
    expect(items.map((w) => w.status)).toEqual(['ERROR', 'ERROR', 'ERROR']);
    expect(items[0]?.vin).toBe('<img src=x onerror=alert(1)>');
    // The catalogue gets the part, written the Latin way with dots: found by the normalised number.
    const product = await newProduct(db(), `BK.${stamp}.1`, 'Втулка');
    const first = await dealer.ok('application-empty-product/get', { id: items[0]!.id });
    expect(first.status).toBe('SUCCESS');
    expect(first.isAvailableCatalog).toBe(true);
    expect(first.productId).toBe(product.id);
    const list = await dealer.ok('application-empty-product/list', { filter: { status: 'SUCCESS' }, size: -1 });
    expect(list.items.some((w) => w.id === items[0]!.id)).toBe(true);
    expect(list.items.some((w) => w.id === items[1]!.id)).toBe(false);
  });

  it('staff mark a request processed (PROCESSING); a dealer may not, and cannot edit it afterwards', async () => {
    const { items } = await dealer.ok('application-empty-product/create', {
      items: [{ article: `P-${Date.now()}`, count: 2 }],
    });
    const id = items[0]!.id;
    expect((await dealer.call('application-empty-product/update', { id, fields: { isProcessed: true } })).status).toBe(
      403,
    );
    expect((await dealer.ok('application-empty-product/update', { id, fields: { count: 5 } })).count).toBe(5);
    const processed = await employee.ok('application-empty-product/update', { id, fields: { isProcessed: true } });
    expect(processed.status).toBe('PROCESSING');
    expect((await dealer.call('application-empty-product/update', { id, fields: { count: 6 } })).status).toBe(409);
  });

  it("hides another dealer's request exactly like a missing one", async () => {
    const { items } = await dealer.ok('application-empty-product/create', {
      items: [{ article: `H-${Date.now()}`, count: 1 }],
    });
    const id = items[0]!.id;
    const hidden = await dealer2.call('application-empty-product/get', { id });
    const missing = await dealer2.call('application-empty-product/get', { id: 999999 });
    expect(hidden.status).toBe(404);
    expect(hidden.body).toEqual(missing.body);
    expect((await dealer2.call('application-empty-product/update', { id, fields: { count: 2 } })).status).toBe(404);
    expect((await dealer2.call('application-empty-product/delete', { id })).status).toBe(404);
    expect((await dealer2.call('application-empty-product/send-email', { id })).status).toBe(404);
    expect((await dealer2.ok('application-empty-product/list', { size: -1 })).items.some((w) => w.id === id)).toBe(
      false,
    );
    expect((await employee.ok('application-empty-product/get', { id })).id).toBe(id);
    expect((await dealer.ok('application-empty-product/delete', { id })).ok).toBe(true);
  });

  it('send-email writes the request to the managers', async () => {
    const article = `M-${Date.now()}`;
    const { items } = await dealer.ok('application-empty-product/create', { items: [{ article, count: 3 }] });
    await dealer.ok('application-empty-product/send-email', { id: items[0]!.id });
    const mail = (await t.outbox()).at(-1);
    expect(mail?.to).toContain('employee@dealer-portal.local');
    expect(mail?.subject).toBe(`Заявка по номеру детали ${article}`);
    expect(mail?.text).toContain('Количество: 3');
    expect((await dealer.ok('application-empty-product/get', { id: items[0]!.id })).sentAt).not.toBeNull();
  });

  it('add-to-catalog is for staff and turns the request SUCCESS', async () => {
    const { items } = await dealer.ok('application-empty-product/create', {
      items: [{ article: `C-${Date.now()}`, count: 1 }],
    });
    const id = items[0]!.id;
    expect((await dealer.call('application-empty-product/add-to-catalog', { id, name: 'Деталь' })).status).toBe(403);
    const added = await employee.ok('application-empty-product/add-to-catalog', { id, name: 'Деталь' });
    expect(added.status).toBe('SUCCESS');
    expect(added.productName).toBe('Деталь');
  });

  it('refuses bad input', async () => {
    const empty = await dealer.call('application-empty-product/create', { items: [] });
    expect(empty.status).toBe(400);
    const blank = await dealer.call('application-empty-product/create', { items: [{ article: ' ', count: 1 }] });
    expect(blank.status).toBe(400);
    const zero = await dealer.call('application-empty-product/create', { items: [{ article: 'A', count: 0 }] });
    expect(zero.body.error_description).toContain('Количество должно быть от 1 до 10000');
    const extra = await dealer.raw('application-empty-product/create', {
      items: [{ article: 'A', count: 1 }],
      userId: 1,
    });
    expect(extra.status).toBe(400);
    expect((await dealer.ok('application-empty-product/get-fields', {})).fields[0]?.label).toBe('Номер детали');
  });
});
