import {
  formatDate,
  formatPrice,
  sumInEnglishWords,
  translate,
  unitSymbol,
  type Bill,
  type Currency,
  type Language,
  type Order,
} from '@portal/contract';
import ExcelJS from 'exceljs';
import type { Db } from '../../db/database.js';
import { counterpartyById } from '../companies/index.js';
import { readSupplier } from '../settings/index.js';
import { sumInWords } from './words.js';

const dateIn = (iso: string, language: Language) => formatDate(iso, language);

/**
 * The bill of docs/spec/03-entities.md for an order: supplier and buyer requisites, lines, totals by currency in words; its
 * labels and words in the page's language (decision 145), the requisites as the site settings hold them.
 */
export async function billOf(db: Db, order: Order, language: Language = 'ru'): Promise<Omit<Bill, 'file'>> {
  const t = (key: string, ...args: Array<string | number>) => translate(language, key, ...args);
  // The supplier's requisites come from the site settings, like the footer's (decision 063).
  const supplier = await readSupplier(db);
  const company = order.counterparty ? await counterpartyById(db, order.counterparty.id) : undefined;
  const items = (order.items ?? []).map((i) => ({
    id: i.id,
    name: i.name,
    article: i.article,
    quantity: i.quantity,
    unit: i.unit || unitSymbol('шт', language),
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
    vat: Math.round(((value * supplier.vatRate) / (100 + supplier.vatRate)) * 100) / 100,
    words: language === 'en' ? sumInEnglishWords(value, currency) : sumInWords(value, currency),
  }));
  return {
    id: order.id,
    title: t('bill.title', order.id, dateIn(order.dateCreate, language)),
    subtitle: t('bill.subtitle', order.id),
    stamp: supplier.stamp,
    supplier: [
      { code: 'NAME', label: t('bill.supplier'), value: supplier.name },
      { code: 'INN_KPP', label: t('bill.innKpp'), value: [supplier.inn, supplier.kpp].filter(Boolean).join(' / ') },
      { code: 'OGRN', label: t('bill.ogrn'), value: supplier.ogrn },
      { code: 'ADDRESS', label: t('bill.address'), value: supplier.address },
      { code: 'PHONE', label: t('bill.phone'), value: supplier.phone },
      { code: 'BANK', label: t('bill.bank'), value: supplier.bank },
      { code: 'BIK', label: t('bill.bik'), value: supplier.bik },
      { code: 'ACCOUNT', label: t('bill.account'), value: supplier.account },
      { code: 'CORR_ACCOUNT', label: t('bill.corrAccount'), value: supplier.corrAccount },
    ],
    buyer: company
      ? [
          { code: 'NAME', label: t('bill.buyer'), value: company.name },
          { code: 'INN_KPP', label: t('bill.innKpp'), value: [company.inn, company.kpp].filter(Boolean).join(' / ') },
          { code: 'ADDRESS', label: t('bill.address'), value: company.legal_address },
          ...(company.bank
            ? [{ code: 'BANK', label: t('bill.bank'), value: t('bill.bankBik', company.bank, company.bik) }]
            : []),
          ...(company.account ? [{ code: 'ACCOUNT', label: t('bill.account'), value: company.account }] : []),
        ]
      : [{ code: 'NAME', label: t('bill.buyer'), value: order.user.name }],
    data: [
      { code: 'BASIS', label: t('bill.basis'), value: t('bill.basisValue', order.id) },
      { code: 'PAYMENT', label: t('bill.payment'), value: order.payments[0]?.name ?? '' },
      {
        code: 'DELIVERY',
        label: t('bill.delivery'),
        value: [order.shipments[0]?.name, order.pickupPoint?.name].filter(Boolean).join(' — '),
      },
    ],
    note: `${t('bill.note', items.length)} ${supplier.vatRate > 0 ? t('bill.vat', supplier.vatRate) : t('bill.noVat')}`,
    signers: supplier.signers.map((s) => ({ name: s.name, position: s.position, signature: s.signature })),
    items,
    totals,
  };
}

const money = (v: number, c: string, language: Language) => formatPrice(v, c as Currency, language);

/** The order as a spreadsheet (order/file): summary on top, then the lines. */
export async function orderWorkbook(order: Order, language: Language): Promise<Buffer> {
  const t = (key: string, ...args: Array<string | number>) => translate(language, `xlsx.${key}`, ...args);
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(t('order', order.id));
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
  ws.addRow([t('orderTitle', order.id, dateIn(order.dateCreate, language))]).font = { bold: true, size: 14 };
  ws.addRow([t('status'), '', order.status.name]);
  ws.addRow([t('counterparty'), '', order.counterparty?.name ?? '']);
  ws.addRow([t('payment'), '', order.payments[0]?.name ?? '']);
  ws.addRow([t('delivery'), '', order.shipments[0]?.name ?? '']);
  if (order.deliveryAddress) ws.addRow([t('address'), '', order.deliveryAddress]);
  if (order.pickupPoint)
    ws.addRow([t('pickup'), '', `${order.pickupPoint.name}, ${order.pickupPoint.address}`.replace(/, $/, '')]);
  ws.addRow([]);
  const header = ws.addRow(
    ['number', 'article', 'name', 'quantity', 'unit', 'price', 'sum', 'currency'].map((k) => t(k)),
  );
  header.font = { bold: true };
  (order.items ?? []).forEach((i, n) =>
    ws.addRow([n + 1, i.article, i.name, i.quantity, i.unit, i.price, i.sum, i.currency]),
  );
  ws.addRow([]);
  for (const s of order.totals) ws.addRow(['', '', t('total'), '', '', '', s.value, s.currency]).font = { bold: true };
  return Buffer.from(await wb.xlsx.writeBuffer());
}

export async function billWorkbook(bill: Omit<Bill, 'file'>, language: Language): Promise<Buffer> {
  const t = (key: string) => translate(language, `xlsx.${key}`);
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(t('bill'));
  ws.columns = [{ width: 6 }, { width: 50 }, { width: 10 }, { width: 8 }, { width: 14 }, { width: 16 }];
  for (const l of bill.supplier) ws.addRow([l.label, l.value]);
  ws.addRow([]);
  ws.addRow([bill.title]).font = { bold: true, size: 14 };
  ws.addRow([]);
  for (const l of bill.buyer) ws.addRow([l.label, l.value]);
  ws.addRow([]);
  ws.addRow(['number', 'product', 'quantity', 'unit', 'price', 'sum'].map((k) => t(k))).font = { bold: true };
  bill.items.forEach((i, n) => ws.addRow([n + 1, `${i.article} ${i.name}`.trim(), i.quantity, i.unit, i.price, i.sum]));
  for (const s of bill.totals) {
    ws.addRow(['', t('total'), '', '', '', money(s.value, s.currency, language)]).font = { bold: true };
    ws.addRow(['', t('vatIncluded'), '', '', '', money(s.vat, s.currency, language)]);
    ws.addRow(['', s.words]);
  }
  ws.addRow([]);
  for (const s of bill.signers) ws.addRow([s.position, `________________ ${s.name}`]);
  return Buffer.from(await wb.xlsx.writeBuffer());
}
