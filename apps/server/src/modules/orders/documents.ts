import { formatPrice, type Bill, type Currency, type Order } from '@portal/contract';
import ExcelJS from 'exceljs';
import type { Db } from '../../db/database.js';
import { SUPPLIER } from './supplier.js';
import { sumInWords } from './words.js';

const dateRu = (iso: string) => new Date(iso).toLocaleDateString('ru-RU', { timeZone: 'Europe/Moscow' });

/** The bill of spec §3 for an order: supplier and buyer requisites, lines, totals by currency in words. */
export async function billOf(db: Db, order: Order): Promise<Bill> {
  const company = order.counterparty
    ? await db.selectFrom('counterparties').selectAll().where('id', '=', order.counterparty.id).executeTakeFirst()
    : undefined;
  const items = (order.items ?? []).map((i) => ({
    id: i.id,
    name: i.name,
    article: i.article,
    quantity: i.quantity,
    unit: i.unit || 'шт',
    price: i.price,
    sum: i.sum,
    currency: i.currency,
  }));
  const byCurrency = new Map<string, number>();
  for (const i of items)
    byCurrency.set(i.currency, Math.round(((byCurrency.get(i.currency) ?? 0) + i.sum) * 100) / 100);
  const totals = [...byCurrency].map(([currency, value]) => ({
    currency,
    value,
    vat: Math.round(((value * SUPPLIER.vatRate) / (100 + SUPPLIER.vatRate)) * 100) / 100,
    words: sumInWords(value, currency),
  }));
  return {
    id: order.id,
    title: `Счёт на оплату № ${order.id} от ${dateRu(order.dateCreate)}`,
    subtitle: `к заказу № ${order.id}`,
    stamp: SUPPLIER.name,
    supplier: [
      { label: 'Поставщик', value: SUPPLIER.name },
      { label: 'ИНН / КПП', value: `${SUPPLIER.inn} / ${SUPPLIER.kpp}` },
      { label: 'ОГРН', value: SUPPLIER.ogrn },
      { label: 'Адрес', value: SUPPLIER.address },
      { label: 'Банк', value: SUPPLIER.bank },
      { label: 'БИК', value: SUPPLIER.bik },
      { label: 'Расчётный счёт', value: SUPPLIER.account },
      { label: 'Корр. счёт', value: SUPPLIER.corrAccount },
    ],
    buyer: company
      ? [
          { label: 'Покупатель', value: company.name },
          { label: 'ИНН / КПП', value: [company.inn, company.kpp].filter(Boolean).join(' / ') },
          { label: 'Адрес', value: company.legal_address },
          ...(company.bank ? [{ label: 'Банк', value: `${company.bank}, БИК ${company.bik}` }] : []),
          ...(company.account ? [{ label: 'Расчётный счёт', value: company.account }] : []),
        ]
      : [{ label: 'Покупатель', value: order.user.name }],
    data: [
      { label: 'Основание', value: `Заказ № ${order.id}` },
      { label: 'Оплата', value: order.payments[0]?.name ?? '' },
      { label: 'Доставка', value: order.shipments[0]?.name ?? '' },
    ],
    note: `Всего наименований ${items.length}. Счёт действителен в течение 5 банковских дней. В том числе НДС ${SUPPLIER.vatRate}%.`,
    signers: [
      { name: SUPPLIER.director, position: 'Руководитель', signature: '' },
      { name: SUPPLIER.accountant, position: 'Главный бухгалтер', signature: '' },
    ],
    items,
    totals,
  };
}

const money = (v: number, c: string) => formatPrice(v, c as Currency);

/** The order as a spreadsheet (order/file): summary on top, then the lines. */
export async function orderWorkbook(order: Order): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(`Заказ ${order.id}`);
  ws.columns = [
    { width: 6 },
    { width: 20 },
    { width: 48 },
    { width: 10 },
    { width: 8 },
    { width: 14 },
    { width: 16 },
    { width: 8 },
  ];
  ws.addRow([`Заказ № ${order.id} от ${dateRu(order.dateCreate)}`]).font = { bold: true, size: 14 };
  ws.addRow(['Статус', '', order.status.name]);
  ws.addRow(['Юр. лицо', '', order.counterparty?.name ?? '']);
  ws.addRow(['Оплата', '', order.payments[0]?.name ?? '']);
  ws.addRow(['Доставка', '', order.shipments[0]?.name ?? '']);
  if (order.deliveryAddress) ws.addRow(['Адрес', '', order.deliveryAddress]);
  ws.addRow([]);
  const header = ws.addRow(['№', 'Артикул', 'Наименование', 'Кол-во', 'Ед.', 'Цена', 'Сумма', 'Валюта']);
  header.font = { bold: true };
  (order.items ?? []).forEach((i, n) =>
    ws.addRow([n + 1, i.article, i.name, i.quantity, i.unit, i.price, i.sum, i.currency]),
  );
  ws.addRow([]);
  for (const t of order.totals) ws.addRow(['', '', 'Итого', '', '', '', t.value, t.currency]).font = { bold: true };
  return Buffer.from(await wb.xlsx.writeBuffer());
}

export async function billWorkbook(bill: Bill): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Счёт');
  ws.columns = [{ width: 6 }, { width: 50 }, { width: 10 }, { width: 8 }, { width: 14 }, { width: 16 }];
  for (const l of bill.supplier) ws.addRow([l.label, l.value]);
  ws.addRow([]);
  ws.addRow([bill.title]).font = { bold: true, size: 14 };
  ws.addRow([]);
  for (const l of bill.buyer) ws.addRow([l.label, l.value]);
  ws.addRow([]);
  ws.addRow(['№', 'Товар', 'Кол-во', 'Ед.', 'Цена', 'Сумма']).font = { bold: true };
  bill.items.forEach((i, n) => ws.addRow([n + 1, `${i.article} ${i.name}`.trim(), i.quantity, i.unit, i.price, i.sum]));
  for (const t of bill.totals) {
    ws.addRow(['', 'Итого', '', '', '', money(t.value, t.currency)]).font = { bold: true };
    ws.addRow(['', 'В том числе НДС', '', '', '', money(t.vat, t.currency)]);
    ws.addRow(['', t.words]);
  }
  ws.addRow([]);
  for (const s of bill.signers) ws.addRow([s.position, `________________ ${s.name}`]);
  return Buffer.from(await wb.xlsx.writeBuffer());
}
