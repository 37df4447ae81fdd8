import type { Db } from '../../db/database.js';
import { upsertContract, upsertDocument, type DocumentRow } from './queries.js';

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
  // An order placed by phone and entered in 1C by the manager.
  await upsertDocument(
    db,
    doc({
      ext_id: 'demo-1c-order',
      kind: 'order',
      operation: 'Заказ товара',
      number: 'ЗК-00000977',
      doc_date: isoDay(-2),
      sum: 27_450,
      status: 'Согласован',
    }),
    lines.slice(0, 1).map((l) => ({
      product_id: l.product_id,
      product_ext: '',
      article: l.article,
      name: l.name,
      quantity: 5,
      price: 5_490,
      sum: 27_450,
    })),
    [],
  );
}
