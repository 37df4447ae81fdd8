import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/database.js';
import { createTestApp, type TestApp, type TestClient } from '../../testing/index.js';
import { newProduct } from '../baskets/testing.js';

/**
 * The desk edits like a manager thinks (decision 196): a line added by part number or name with the dealer's
 * resolver (found, replaced number → current part, analogues offered, nothing → a Russian refusal instead of
 * a silent drop), and a price or a discount per line — an employee within `employeeDiscountLimitPercent`,
 * an administrator without a limit. Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
 */
describe('the desk’s line edits', () => {
  let t: TestApp;
  let db: Db;
  let dealer: TestClient;
  let admin: TestClient;
  let employee: TestClient;
  let fields: { company: number; paySystem: number; shipping: number; storage: number };

  async function newOrder(price = 100) {
    const p = await newProduct(db, { price, stock: 50 });
    const b = await dealer.ok('basket/create', {});
    await dealer.ok('basket/add', { id: b.id, fields: [{ product: p.id, quantity: 2 }] });
    const id = (await dealer.ok('order/create', { fields: { basket: b.id, ...fields } })).id;
    const order = await employee.ok('desk-order/get', { id });
    return { id, line: order.items![0]!, product: p };
  }

  beforeAll(async () => {
    t = await createTestApp();
    db = t.app.portal.database.db;
    [dealer, admin, employee] = await Promise.all([t.as('dealer'), t.as('admin'), t.as('employee')]);
    const f = await dealer.ok('order/get-fields', {});
    const opt = (id: string) => f.fields.find((x) => x.id === id)!.options;
    fields = {
      company: Number(opt('company')[0]!.value),
      paySystem: Number(opt('paySystem')[0]!.value),
      shipping: Number(opt('shipping').find((o) => o.isPickup)!.value),
      storage: Number(opt('storage')[0]!.value),
    };
  });
  afterAll(() => t.close());

  it('adds a line by its part number, typed as a dealer types it, at the dealer’s price', async () => {
    const { id } = await newOrder();
    const part = await newProduct(db, { price: 250, stock: 10, article: `DL-${Date.now()}-A` });
    const typed = part.article.toLowerCase().replace(/-/g, ' ');
    const found = await employee.ok('desk-order/find-line', { id, query: typed });
    expect(found.lines[0]!.candidates[0]).toMatchObject({ productId: part.id, match: 'article' });
    expect(found.lines[0]!.candidates[0]!.price?.value).toBe(250);

    const after = await employee.ok('desk-order/change', { id, lines: [{ article: typed, quantity: 3 }] });
    const line = after.items!.find((l) => l.productId === part.id);
    expect(line).toMatchObject({ quantity: 3 });
  });

  it('a replaced number adds the current part; a name finds the part; an analogue is offered, not added', async () => {
    const { id } = await newOrder();
    const current = await newProduct(db, { price: 80, stock: 10, article: `DL-${Date.now()}-NEW` });
    const old = `DL-${Date.now()}-OLD`;
    await sql`INSERT INTO part_replacements (old_article, old_article_key, new_article, new_article_key, carrier_key)
      VALUES (${old}, ${old.replace(/-/g, '')}, ${current.article}, ${current.article.replace(/-/g, '')},
        ${old.replace(/-/g, '')})`.execute(db);
    const replaced = await employee.ok('desk-order/find-line', { id, query: old });
    expect(replaced.lines[0]!.candidates[0]).toMatchObject({ productId: current.id, match: 'replacement' });
    expect(replaced.lines[0]!.replaced?.chain.length).toBeGreaterThan(1);
    const changed = await employee.ok('desk-order/change', { id, lines: [{ article: old, quantity: 1 }] });
    expect(changed.items!.some((l) => l.productId === current.id)).toBe(true);

    const named = await newProduct(db, { price: 10, stock: 5 });
    await sql`UPDATE products SET name = 'Шайба медная уплотнительная ДЛ-проба' WHERE id = ${named.id}`.execute(db);
    const byName = await employee.ok('desk-order/find-line', { id, query: 'уплотнительная ДЛ-проба' });
    expect(byName.lines[0]!.candidates.map((c) => [c.productId, c.match])).toEqual([[named.id, 'name']]);

    const carrier = await newProduct(db, { price: 60, stock: 5 });
    const analogue = `DL-${Date.now()}-ANA`;
    await sql`INSERT INTO product_analogues (product_id, article, article_key, brand)
      VALUES (${carrier.id}, ${analogue}, ${analogue.replace(/-/g, '')}, 'X')`.execute(db);
    const offered = await employee.ok('desk-order/find-line', { id, query: analogue });
    expect(offered.lines[0]!.candidates[0]).toMatchObject({ productId: carrier.id, match: 'analogue' });
    const guessed = await employee.call('desk-order/change', { id, lines: [{ article: analogue, quantity: 1 }] });
    expect(guessed.status).toBe(409);
    expect(guessed.body.error_description).toContain('выберите одну из списка');
  });

  it('refuses a number that matches nothing, with a Russian message, and changes nothing', async () => {
    const { id } = await newOrder();
    const before = await employee.ok('desk-order/get', { id });
    const r = await employee.call('desk-order/change', { id, lines: [{ article: 'НЕТ-ТАКОЙ-999999', quantity: 1 }] });
    expect(r.status).toBe(400);
    expect(r.body.error_description).toBe(
      'Деталь «НЕТ-ТАКОЙ-999999» не найдена в каталоге — проверьте номер или название',
    );
    const find = await employee.call('desk-order/find-line', { id, query: 'НЕТ-ТАКОЙ-999999' });
    expect(find.status).toBe(400);
    expect((await employee.ok('desk-order/get', { id })).items).toEqual(before.items);
  });

  it('an employee sets a price or a discount within the limit; beyond it is 403; an administrator is not limited', async () => {
    const { id, line } = await newOrder(100);
    const discounted = await employee.ok('desk-order/change', { id, lines: [{ id: line.id, discountPercent: 10 }] });
    expect(discounted.items!.find((l) => l.id === line.id)!.price).toBe(90);
    expect(discounted.price).toBe(180);
    expect(discounted.history!.some((h) => h.lines.some((l) => l.includes('90,00')))).toBe(true);

    const tooMuch = await employee.call('desk-order/change', { id, lines: [{ id: line.id, price: 89.99 }] });
    expect(tooMuch.status).toBe(403);
    expect(tooMuch.body.error_description).toBe(
      'Сотрудник может снизить цену позиции не более чем на 10% от цены дилера — большую скидку даёт администратор',
    );
    expect((await employee.ok('desk-order/get', { id })).items!.find((l) => l.id === line.id)!.price).toBe(90);
    // A higher price than the dealer's is no discount.
    expect(
      (await employee.ok('desk-order/change', { id, lines: [{ id: line.id, price: 120 }] })).items!.find(
        (l) => l.id === line.id,
      )!.price,
    ).toBe(120);

    const byAdmin = await admin.ok('desk-order/change', { id, lines: [{ id: line.id, discountPercent: 50 }] });
    expect(byAdmin.items!.find((l) => l.id === line.id)!.price).toBe(50);

    // The limit is a site setting.
    await sql`UPDATE site_settings SET value = value || '{"employeeDiscountLimitPercent": 60}'::jsonb WHERE key = 'main'`.execute(
      db,
    );
    try {
      const wider = await employee.ok('desk-order/change', { id, lines: [{ id: line.id, discountPercent: 55 }] });
      expect(wider.items!.find((l) => l.id === line.id)!.price).toBe(45);
    } finally {
      await sql`UPDATE site_settings SET value = value - 'employeeDiscountLimitPercent' WHERE key = 'main'`.execute(db);
    }
    expect((await admin.ok('site/get-main-settings', {})).employeeDiscountLimitPercent).toBe(10);
  });

  it('two employees changing one line at once: both applied in turn, the sum follows the last', async () => {
    const { id, line } = await newOrder(100);
    const answers = await Promise.all([
      employee.call('desk-order/change', { id, lines: [{ id: line.id, price: 95 }] }),
      admin.call('desk-order/change', { id, lines: [{ id: line.id, quantity: 4 }] }),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    const order = await admin.ok('desk-order/get', { id });
    const l = order.items!.find((x) => x.id === line.id)!;
    expect([l.price, l.quantity]).toEqual([95, 4]);
    expect(order.price).toBe(380);
  });

  it('bulk status moves each selected order by the status rules and reports the refused; export gives an .xlsx', async () => {
    const statuses = Object.fromEntries((await admin.ok('order-status/list', {})).items.map((s) => [s.code, s.id]));
    const a = await newOrder();
    const b = await newOrder();
    // b is cancelled: «Отменен» → «Отгружен» is refused by decision 193's table.
    await employee.ok('desk-order/change', { id: b.id, isCanceled: true });
    const r = await employee.ok('desk-order/bulk-status', { ids: [a.id, b.id, 99999999], status: statuses.S! });
    expect(r.done).toEqual([a.id]);
    expect(r.failed.map((f) => f.id)).toEqual([b.id, 99999999]);
    expect(r.failed[0]!.message).toBe('Заказ нельзя перевести из статуса «Отменен» в статус «Отгружен»');
    expect((await employee.ok('desk-order/get', { id: a.id })).status.code).toBe('S');
    expect((await employee.ok('desk-order/get', { id: b.id })).status.code).toBe('C');
    expect((await dealer.call('desk-order/bulk-status', { ids: [a.id], status: statuses.N! })).status).toBe(403);

    const file = await employee.ok('desk-order/export', { ids: [a.id, b.id] });
    expect(file.name).toMatch(/\.xlsx$/);
    const download = await t.app.inject({ method: 'GET', url: file.path, headers: { cookie: employee.cookie } });
    expect(download.statusCode).toBe(200);
    const ExcelJS = (await import('exceljs')).default;
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(download.rawPayload as unknown as ArrayBuffer);
    const ids = wb.worksheets[0]!.getColumn(1).values.slice(2);
    expect(ids).toEqual([b.id, a.id]);
  });
});
