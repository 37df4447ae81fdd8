import type { Db } from '../../db/database.js';
import { createOrderFrom1C, setShipState } from '../orders/index.js';
import { shippedOfOrder, upsertContract, upsertDocument, type DocumentRow } from './queries.js';

/**
 * The demo account of `dealer` (decision 200): a contract with a credit limit, some debt and one overdue bill,
 * a partly shipped order with its УПД (a PDF), a bill and a payment, and an order placed in 1C. Dates are
 * relative to the day the database is seeded, so the overdue bill stays overdue.
 */

const isoDay = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** A one-page PDF with a line of text (ASCII): a real file the browser can open. */
export function tinyPdf(text: string): Buffer {
  const safe = text.replace(/[^\x20-\x7e]/g, '?').replace(/[()\\]/g, '');
  const stream = `BT /F1 14 Tf 72 760 Td (${safe}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) body += `${String(o).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

export async function seedAccount(db: Db): Promise<void> {
  const user = await db.selectFrom('users').select('id').where('login', '=', 'dealer').executeTakeFirst();
  if (!user) return;
  const company = await db
    .selectFrom('counterparties')
    .select(['id'])
    .where('user_id', '=', user.id)
    .orderBy('id')
    .executeTakeFirst();
  if (!company) return;
  const seeded = await db
    .selectFrom('account_contracts')
    .select('id')
    .where('counterparty_id', '=', company.id)
    .executeTakeFirst();
  if (seeded) return;
  const order = await db
    .selectFrom('orders')
    .select(['id', 'price'])
    .where('user_id', '=', user.id)
    .where('counterparty_id', '=', company.id)
    .where('is_canceled', '=', false)
    .orderBy('id')
    .executeTakeFirst();
  const lines = order
    ? await db
        .selectFrom('order_items')
        .select(['product_id', 'article', 'name', 'quantity', 'price'])
        .where('order_id', '=', order.id)
        .orderBy('id')
        .execute()
    : [];

  await upsertContract(
    db,
    company.id,
    {
      ext_id: 'demo-contract-1',
      number: 'Д-15/2025',
      name: 'Договор поставки № Д-15/2025',
      currency: 'RUB',
      signed_on: '2025-01-15',
      credit_limit: 500_000,
      deferral_days: 30,
      debt: 184_350,
      overdue: 42_600,
      figures_on: isoDay(0),
    },
    [
      { number: 'СЧ-00000412', issued_on: isoDay(-45), sum: 42_600, due_on: isoDay(-10) },
      { number: 'СЧ-00000458', issued_on: isoDay(-12), sum: 141_750, due_on: isoDay(18) },
    ],
  );

  const base = {
    operation: '',
    currency: 'RUB',
    counterparty_id: company.id,
    contract_ext: 'demo-contract-1',
    order_id: null,
    order_ext: '',
    carrier: '',
    tracking: '',
    status: '',
    deleted: false,
  };
  const doc = (row: Partial<DocumentRow> & Pick<DocumentRow, 'ext_id' | 'kind' | 'number' | 'doc_date' | 'sum'>) => ({
    ...base,
    ...row,
  });
  // A year of earlier shipments and payments, so the ledger and the акт сверки have history.
  for (let m = 11; m >= 1; m -= 1) {
    const sum = 60_000 + m * 3_250;
    await upsertDocument(
      db,
      doc({
        ext_id: `demo-ship-${m}`,
        kind: 'shipment',
        operation: 'Отпуск товара',
        number: `РТ-0000${300 + m}`,
        doc_date: isoDay(-m * 30 - 5),
        sum,
      }),
      [],
      [],
    );
    await upsertDocument(
      db,
      doc({
        ext_id: `demo-pay-${m}`,
        kind: 'payment',
        operation: 'Выплата безналичных денег',
        number: `ПП-0000${500 + m}`,
        doc_date: isoDay(-m * 30 + 10),
        sum: m === 1 ? sum - 42_600 : sum,
      }),
      [],
      [],
    );
  }
  if (order && lines.length > 0) {
    // The order shipped in part: the first line half, the second whole; the rest still to come.
    const shipped = lines.slice(0, 2).map((l, i) => ({
      product_id: l.product_id,
      product_ext: '',
      article: l.article,
      name: l.name,
      quantity: i === 0 ? Math.max(1, Math.floor(Number(l.quantity) / 2)) : Number(l.quantity),
      price: Number(l.price),
      sum: Number(l.price) * (i === 0 ? Math.max(1, Math.floor(Number(l.quantity) / 2)) : Number(l.quantity)),
    }));
    const sum = shipped.reduce((s, l) => s + l.sum, 0);
    await upsertDocument(
      db,
      doc({
        ext_id: 'demo-ship-order',
        kind: 'shipment',
        operation: 'Отпуск товара',
        number: 'РТ-00000421',
        doc_date: isoDay(-3),
        sum,
        order_id: order.id,
        carrier: 'ПЭК',
        tracking: 'PEK-20261124-0042',
      }),
      shipped,
      [{ name: 'УПД РТ-00000421.pdf', contentType: 'application/pdf', data: tinyPdf('UPD RT-00000421 (demo)') }],
    );
    await upsertDocument(
      db,
      doc({
        ext_id: 'demo-invoice-order',
        kind: 'invoice',
        operation: 'Счет-фактура',
        number: 'СФ-00000421',
        doc_date: isoDay(-3),
        sum,
        order_id: order.id,
      }),
      [],
      [
        {
          name: 'Счёт-фактура СФ-00000421.pdf',
          contentType: 'application/pdf',
          data: tinyPdf('Invoice SF-00000421 (demo)'),
        },
      ],
    );
    await upsertDocument(
      db,
      doc({
        ext_id: 'demo-bill-order',
        kind: 'bill',
        operation: 'Счет на оплату',
        number: 'СЧ-00000458',
        doc_date: isoDay(-12),
        sum: Number(order.price),
        order_id: order.id,
      }),
      [],
      [{ name: 'Счёт СЧ-00000458.pdf', contentType: 'application/pdf', data: tinyPdf('Bill SCH-00000458 (demo)') }],
    );
  }
  // An order placed by phone and entered in 1C by the manager (decision 202): an order of the dealer, read-only,
  // shipped in part with its УПД.
  const phoneLines = lines.slice(0, 2).map((l, i) => ({
    productId: l.product_id,
    name: l.name,
    article: l.article,
    quantity: i === 0 ? 5 : 2,
    price: Number(l.price),
  }));
  const phoneOrder = await createOrderFrom1C(db, {
    userId: user.id,
    counterpartyId: company.id,
    externalId: 'demo-1c-order',
    number1c: 'ЗК-00000977',
    date: isoDay(-2),
    statusExt: '',
    statusName: 'Согласован',
    price: phoneLines.reduce((n, l) => n + l.price * l.quantity, 0),
    currency: 'RUB',
    comment: 'Заказ принят менеджером по телефону',
    lines: phoneLines,
  });
  if (phoneLines.length > 0) {
    const first = phoneLines[0]!;
    await upsertDocument(
      db,
      doc({
        ext_id: 'demo-ship-1c-order',
        kind: 'shipment',
        operation: 'Отпуск товара',
        number: 'РТ-00000433',
        doc_date: isoDay(-1),
        sum: first.price * 3,
        order_id: phoneOrder,
        carrier: 'Деловые Линии',
        tracking: 'DL-26-0977-3',
      }),
      [
        {
          product_id: first.productId,
          product_ext: '',
          article: first.article,
          name: first.name,
          quantity: 3,
          price: first.price,
          sum: first.price * 3,
        },
      ],
      [{ name: 'УПД РТ-00000433.pdf', contentType: 'application/pdf', data: tinyPdf('UPD RT-00000433 (demo)') }],
    );
  }
  // The shipped state of both orders, as the exchange sets it.
  for (const id of [order?.id, phoneOrder]) {
    if (id === undefined) continue;
    const shipped = await shippedOfOrder(db, id);
    await setShipState(
      db,
      id,
      shipped.map((l) => ({ productId: l.product_id, article: l.article, quantity: Number(l.quantity) })),
    );
  }
}
