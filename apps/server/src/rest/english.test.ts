import { expandProductDetail, expandProducts } from '@portal/contract';
import { SUPPORT_FORM_CODE } from '@portal/contract';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../testing/index.js';

/** Server-driven texts follow the page's language (decision 145). */
let t: TestApp;
let dealer: TestClient;

const CYRILLIC = /[А-Яа-яЁё]/;
/** Every string of a value, with its path, that matches. */
function strings(value: unknown, re: RegExp, path = ''): string[] {
  if (typeof value === 'string') return re.test(value) ? [`${path}: ${value}`] : [];
  if (Array.isArray(value)) return value.flatMap((v, i) => strings(v, re, `${path}[${i}]`));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([k, v]) => strings(v, re, `${path}.${k}`));
  return [];
}

beforeAll(async () => {
  t = await createTestApp();
  dealer = await t.as('dealer');
});
afterAll(() => t.close());

describe('an English page', () => {
  it('gets the forms, their fields, options and rule messages in English; a Russian page in Russian', async () => {
    dealer.language = 'en';
    const list = await dealer.ok('form/list', {});
    expect(list.items).toHaveLength(3);
    expect(strings(list.items, CYRILLIC)).toEqual([]);
    const support = list.items.find((f) => f.code === SUPPORT_FORM_CODE)!;
    expect(support.fields.find((f) => f.code === 'TOPIC')?.options.map((o) => o.title)).toEqual([
      'Order',
      'Return of goods',
      'Catalogue and prices',
      'Other',
    ]);
    const agreement = support.fields.find((f) => f.type === 'AGREEMENT')!;
    expect(strings(await dealer.ok('agreement/get', { id: agreement.agreementId! }), CYRILLIC)).toEqual([]);

    dealer.language = 'ru';
    const russian = await dealer.ok('form/get', { code: SUPPORT_FORM_CODE });
    expect(russian.fields.find((f) => f.code === 'TOPIC')?.label).toBe('Категория');
    expect(russian.description).toMatch(CYRILLIC);
  });

  it('gets the form rules and the error message of a bad submission in English', async () => {
    dealer.language = 'en';
    const bad = await dealer.call('answer/create', {
      payload: {
        code: SUPPORT_FORM_CODE,
        fields: [
          { code: 'TOPIC', value: 'ORDER' },
          { code: 'SUBJECT', value: 'x' },
        ],
      },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('VALIDATION');
    expect(bad.body.fields?.SUBJECT).toBe('The subject must be 3 to 200 characters long');
    expect(strings(bad.body, CYRILLIC)).toEqual([]);

    dealer.language = 'ru';
    const badRu = await dealer.call('answer/create', {
      payload: {
        code: SUPPORT_FORM_CODE,
        fields: [
          { code: 'TOPIC', value: 'ORDER' },
          { code: 'SUBJECT', value: 'x' },
        ],
      },
    });
    expect(badRu.body.fields?.SUBJECT).toBe('Тема должна содержать от 3 до 200 символов');
  });

  it('reads a stored answer with the field titles and chosen options in its own language', async () => {
    dealer.language = 'ru';
    const agreement = (await dealer.ok('form/get', { code: SUPPORT_FORM_CODE })).fields.find(
      (f) => f.type === 'AGREEMENT',
    )!;
    const created = await dealer.ok('answer/create', {
      payload: {
        code: SUPPORT_FORM_CODE,
        fields: [
          { code: 'TOPIC', value: 'CATALOG' },
          { code: 'SUBJECT', value: 'Price list' },
          { code: 'MESSAGE', value: 'Where is the price list?' },
          { code: 'CALL_ME', value: true },
          { code: agreement.code, value: true },
        ],
      },
    });
    expect(created.userFields.find((f) => f.sid === 'TOPIC')).toMatchObject({
      title: 'Категория',
      value: 'Каталог и цены',
    });
    dealer.language = 'en';
    const read = await dealer.ok('answer/get', { id: created.id });
    expect(read.userFields.find((f) => f.sid === 'TOPIC')).toMatchObject({
      title: 'Category',
      value: 'Catalogue and prices',
    });
    expect(read.userFields.find((f) => f.sid === 'CALL_ME')?.value).toBe('Yes');
    expect(strings(read.userFields, CYRILLIC)).toEqual([]);
    expect(read.form.title).toBe('Support request');
  });

  it('gets the bill with English labels, note and sum in words; the order with English statuses, payment and units', async () => {
    dealer.language = 'en';
    const orders = await dealer.ok('order/list', {});
    const id = orders.items[0]!.id;
    const bill = await dealer.ok('bill/get', { id });
    expect(bill.title).toMatch(/^Invoice No\. \d+ of \d\d\/\d\d\/\d{4}$/);
    expect(strings([bill.supplier.map((l) => l.label), bill.buyer.map((l) => l.label), bill.data], CYRILLIC)).toEqual(
      [],
    );
    expect(
      strings([bill.title, bill.subtitle, bill.note, bill.totals, bill.items.map((i) => i.unit)], CYRILLIC),
    ).toEqual([]);
    expect(bill.totals[0]!.words).toMatch(/roubles \d\d kopeck/);

    const order = await dealer.ok('order/get', { id });
    expect(strings([order.status, order.payments, order.shipments, order.items?.map((i) => i.unit)], CYRILLIC)).toEqual(
      [],
    );
    expect(strings((await dealer.ok('order-status/list', {})).items, CYRILLIC)).toEqual([]);
    expect(strings((await dealer.ok('payment/list', {})).items, CYRILLIC)).toEqual([]);
    expect(strings((await dealer.ok('shipping/list', {})).items, CYRILLIC)).toEqual([]);

    dealer.language = 'ru';
    const billRu = await dealer.ok('bill/get', { id });
    expect(billRu.title).toMatch(/^Счёт на оплату № \d+ от /);
    expect(billRu.totals[0]!.words).toMatch(/рубл/);
  });

  it('gets a product with its unit, prices and warehouses in English', async () => {
    dealer.language = 'en';
    const list = expandProducts(await dealer.ok('product/list', { size: 5 }), 'ru');
    const product = list.items.find((p) => p.unit.symbol === 'pcs') ?? list.items[0]!;
    expect(product.unit.symbol).toBe('pcs');
    const full = expandProductDetail(await dealer.ok('product/get', { id: product.id }), 'ru');
    expect(strings([full.unit, full.price, full.prices, full.stores.map((s) => s.unit)], CYRILLIC)).toEqual([]);
    dealer.language = 'ru';
    expect(expandProductDetail(await dealer.ok('product/get', { id: product.id }), 'ru').unit.symbol).toBe('шт');
  });

  it('answers a line added to a basket with its unit in the page language', async () => {
    dealer.language = 'en';
    const list = expandProducts(await dealer.ok('product/list', { size: 20 }), 'ru');
    const product = list.items.find((p) => p.price && p.unit.symbol === 'pcs' && p.measureFactor === 1)!;
    const basket = await dealer.ok('basket/create', { name: 'Units' });
    const line = await dealer.ok('basket-item/create', { basket: basket.id, product: product.id, amount: 2 });
    expect(line.measureName).toBe('pcs');
    const all = await dealer.ok('basket-item/list', { size: -1, filter: { basket: basket.id } });
    expect(all.items.find((i) => i.id === line.id)?.measureName).toBe('pcs');
    dealer.language = 'ru';
    const again = await dealer.ok('basket-item/create', { basket: basket.id, product: product.id, amount: 3 });
    expect(again.measureName).toBe('шт');
  });

  it('downloads the order and bill spreadsheets with headers and labels in the page language', async () => {
    const sheetOf = async (path: string) => {
      const download = await t.app.inject({ method: 'GET', url: path, headers: { cookie: dealer.cookie } });
      expect(download.statusCode).toBe(200);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(download.rawPayload as unknown as ArrayBuffer);
      const ws = wb.worksheets[0]!;
      const rows: string[][] = [];
      ws.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => String(v ?? ''))));
      return { name: ws.name, rows };
    };
    dealer.language = 'en';
    const id = (await dealer.ok('order/list', {})).items[0]!.id;
    const order = await sheetOf((await dealer.ok('order/file', { id })).path);
    expect(order.name).toBe(`Order ${id}`);
    expect(order.rows[0]![0]).toMatch(new RegExp(`^Order No\\. ${id} of \\d\\d/\\d\\d/\\d{4}$`));
    expect(order.rows.map((r) => r[0])).toEqual(expect.arrayContaining(['Status', 'Legal entity', 'Payment']));
    expect(order.rows).toContainEqual(['No.', 'Part number', 'Name', 'Qty', 'Unit', 'Price', 'Sum', 'Currency']);
    expect(order.rows.some((r) => r[2] === 'Total')).toBe(true);
    const bill = await sheetOf((await dealer.ok('bill/file', { id })).path);
    expect(bill.name).toBe('Invoice');
    expect(bill.rows).toContainEqual(['No.', 'Product', 'Qty', 'Unit', 'Price', 'Sum']);
    expect(bill.rows.some((r) => r[1] === 'VAT included')).toBe(true);
    // The requisites' labels too (the signers' positions are settings data and stay as entered).
    const header = bill.rows.findIndex((r) => r[0] === 'No.');
    expect(
      strings(
        bill.rows.slice(0, header).map((r) => r[0]),
        CYRILLIC,
      ),
    ).toEqual([]);

    dealer.language = 'ru';
    const orderRu = await sheetOf((await dealer.ok('order/file', { id })).path);
    expect(orderRu.name).toBe(`Заказ ${id}`);
    expect(orderRu.rows).toContainEqual(['№', 'Артикул', 'Наименование', 'Кол-во', 'Ед.', 'Цена', 'Сумма', 'Валюта']);
    const billRu = await sheetOf((await dealer.ok('bill/file', { id })).path);
    expect(billRu.rows).toContainEqual(['№', 'Товар', 'Кол-во', 'Ед.', 'Цена', 'Сумма']);
  });

  it('gets notices in the page language', async () => {
    dealer.language = 'en';
    const notices = await dealer.ok('notice/list', {});
    expect(notices.items.length).toBeGreaterThan(0);
    expect(
      strings(
        notices.items.map((n) => [n.title, n.description]),
        CYRILLIC,
      ),
    ).toEqual([]);
    dealer.language = 'ru';
    expect((await dealer.ok('notice/list', {})).items.some((n) => CYRILLIC.test(n.title))).toBe(true);
  });
});
