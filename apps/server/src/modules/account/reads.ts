import {
  formatDate,
  type AccountDocument,
  type DocumentType,
  type Language,
  type LedgerEntry,
  type Settlement,
} from '@portal/contract';
import ExcelJS from 'exceljs';
import { PassThrough } from 'node:stream';
import type { Db } from '../../db/database.js';
import { AppError, notFound } from '../../rest/app-error.js';
import type { PageInput } from '../../rest/paging.js';
import { isStaff, type Actor } from '../auth/index.js';
import { counterpartyNames, visibleCounterparties } from '../companies/index.js';
import * as q from './queries.js';

/**
 * The reads behind the account's methods (decision 200). Ownership: a dealer sees their own companies, staff
 * every company; a company the caller may not see answers like a missing one.
 */

/** The companies the caller may see: their own ids, or null for staff (every company). */
export async function scopeOf(db: Db, actor: Actor): Promise<number[] | null> {
  if (isStaff(actor)) return null;
  return (await visibleCounterparties(db, actor.id)).map((c) => c.id);
}

/** One company the caller may see, or NOT_FOUND. */
export async function visibleCompany(db: Db, actor: Actor, id: number) {
  const row = (await visibleCounterparties(db, isStaff(actor) ? null : actor.id, [id]))[0];
  if (!row) throw notFound();
  return row;
}

const round = (n: number) => Math.round(n * 100) / 100;
const today = () => new Date().toISOString().slice(0, 10);

export async function settlements(db: Db, actor: Actor, counterparty?: number, user?: number): Promise<Settlement[]> {
  // A dealer's card (decision 202): the dealer's companies for staff; a dealer asking for another's sees none.
  if (user !== undefined && counterparty === undefined && !isStaff(actor) && user !== actor.id) return [];
  const companies =
    counterparty !== undefined
      ? [await visibleCompany(db, actor, counterparty)]
      : user !== undefined
        ? await visibleCounterparties(db, isStaff(actor) ? user : actor.id)
        : isStaff(actor)
          ? await visibleCounterparties(db, null, await q.companiesWithContracts(db, 200))
          : await visibleCounterparties(db, actor.id);
  const contracts = await q.contractsOf(
    db,
    companies.map((c) => c.id),
  );
  const now = today();
  return companies.map((c) => {
    const own = contracts
      .filter((k) => k.counterparty_id === c.id)
      .map((k) => ({
        id: k.ext_id,
        number: k.number,
        name: k.name,
        currency: k.currency,
        signedOn: k.signed_on,
        limit: Number(k.credit_limit),
        used: Number(k.debt),
        available: round(Math.max(0, Number(k.credit_limit) - Number(k.debt))),
        debt: Number(k.debt),
        overdue: Number(k.overdue),
        deferralDays: k.deferral_days,
        figuresOn: k.figures_on,
        bills: k.bills.map((b) => ({
          number: b.number,
          date: b.issued_on,
          sum: Number(b.sum),
          due: b.due_on,
          overdue: b.due_on !== null && b.due_on < now,
        })),
      }));
    const sum = (pick: (k: (typeof own)[number]) => number) => round(own.reduce((s, k) => s + pick(k), 0));
    return {
      counterparty: { id: c.id, name: c.name, inn: c.inn },
      contracts: own,
      totals: {
        limit: sum((k) => k.limit),
        debt: sum((k) => k.debt),
        overdue: sum((k) => k.overdue),
        available: sum((k) => k.available),
      },
    };
  });
}

type LedgerRow = {
  id: number;
  kind: string;
  number: string;
  sum: number;
  order_id: number | null;
  operation: string;
  date: string;
};

const entry = (r: LedgerRow, balance: number): LedgerEntry => ({
  id: r.id,
  date: r.date,
  type: r.kind as DocumentType,
  number: r.number,
  operation: r.operation,
  orderId: r.order_id,
  debit: r.kind === 'shipment' ? Number(r.sum) : 0,
  credit: r.kind === 'shipment' ? 0 : Number(r.sum),
  balance: round(balance),
});

export interface Period {
  counterparty: number;
  contract?: string;
  from: string;
  to: string;
}

export async function ledger(db: Db, actor: Actor, input: Period & { page: number; size: number }) {
  await visibleCompany(db, actor, input.counterparty);
  const scope = { counterpartyId: input.counterparty, contract: input.contract, from: input.from, to: input.to };
  const { opening, turnover, count, rows } = await q.ledgerPage(db, scope, input as PageInput);
  const closing = opening + turnover;
  return {
    count,
    opening: round(opening),
    closing: round(closing),
    items: rows.map((r) => entry(r, opening + Number(r.running))),
  };
}

/** The most documents an акт сверки lists (a year of a busy dealer is 5,000). */
export const ACT_MAX = 10_000;

export async function act(db: Db, actor: Actor, input: Period) {
  const company = await visibleCompany(db, actor, input.counterparty);
  const scope = { counterpartyId: input.counterparty, contract: input.contract, from: input.from, to: input.to };
  const { opening, rows } = await q.ledgerRows(db, scope, ACT_MAX + 1);
  if (rows.length > ACT_MAX) throw new AppError('VALIDATION', 'error.actTooLong', { args: [ACT_MAX] });
  let balance = opening;
  let debit = 0;
  let credit = 0;
  const items = rows.map((r) => {
    const e = entry(r, (balance += r.kind === 'shipment' ? Number(r.sum) : -Number(r.sum)));
    debit += e.debit;
    credit += e.credit;
    return e;
  });
  return {
    counterparty: { id: company.id, name: company.name, inn: company.inn },
    from: input.from,
    to: input.to,
    opening: round(opening),
    debit: round(debit),
    credit: round(credit),
    closing: round(balance),
    items,
  };
}

const TYPE_LABEL: Record<Language, Record<DocumentType, string>> = {
  ru: {
    shipment: 'Реализация (УПД)',
    bill: 'Счёт на оплату',
    invoice: 'Счёт-фактура',
    payment: 'Оплата',
    return: 'Возврат товара',
    order: 'Заказ из 1С',
    other: 'Документ',
  },
  en: {
    shipment: 'Shipment (UPD)',
    bill: 'Bill',
    invoice: 'VAT invoice',
    payment: 'Payment',
    return: 'Goods return',
    order: 'Order from 1C',
    other: 'Document',
  },
};

/**
 * The акт сверки as a spreadsheet: the period, the opening balance, every document, the closing balance. Written
 * by exceljs's streaming writer, each row committed as it goes, deflated at level 1: a year of 5,000 documents
 * takes about a quarter of the CPU of the whole-workbook writer (docs/performance.md, «The dealer's account»).
 */
export async function actWorkbook(
  a: Awaited<ReturnType<typeof act>>,
  supplier: string,
  language: Language,
): Promise<Buffer> {
  const ru = language === 'ru';
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    out.on('end', resolve);
    out.on('error', reject);
  });
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useSharedStrings: false,
    useStyles: true,
    zip: { zlib: { level: 1 } },
  });
  const ws = wb.addWorksheet(ru ? 'Акт сверки' : 'Reconciliation');
  const money = { numFmt: '#,##0.00' };
  ws.columns = [
    { width: 12 },
    { width: 34 },
    { width: 16, style: money },
    { width: 16, style: money },
    { width: 16, style: money },
  ];
  const d = (iso: string) => formatDate(`${iso}T12:00:00Z`, language);
  const add = (values: Array<string | number>, font?: Partial<ExcelJS.Font>) => {
    const row = ws.addRow(values);
    if (font) row.font = font;
    row.commit();
  };
  add(
    [
      ru
        ? `Акт сверки взаимных расчётов за период ${d(a.from)} — ${d(a.to)}`
        : `Reconciliation statement for ${d(a.from)} — ${d(a.to)}`,
    ],
    { bold: true, size: 13 },
  );
  add([
    `${ru ? 'между' : 'between'} ${supplier} ${ru ? 'и' : 'and'} ${a.counterparty.name} (ИНН ${a.counterparty.inn})`,
  ]);
  add([]);
  add(ru ? ['Дата', 'Документ', 'Дебет', 'Кредит', 'Сальдо'] : ['Date', 'Document', 'Debit', 'Credit', 'Balance'], {
    bold: true,
  });
  add(['', ru ? 'Сальдо начальное' : 'Opening balance', '', '', a.opening]);
  for (const e of a.items) {
    add([d(e.date), `${TYPE_LABEL[language][e.type]} № ${e.number}`, e.debit || '', e.credit || '', e.balance]);
  }
  add(['', ru ? 'Обороты за период' : 'Turnover', a.debit, a.credit, ''], { bold: true });
  add(['', ru ? 'Сальдо конечное' : 'Closing balance', '', '', a.closing], { bold: true });
  ws.commit();
  await wb.commit();
  await ended;
  return Buffer.concat(chunks);
}

export const typeLabel = (language: Language, type: DocumentType) => TYPE_LABEL[language][type];

/** Documents (or shipments) the caller may see, each with its lines and files. */
export async function documents(
  db: Db,
  actor: Actor,
  filter: { order?: number; counterparty?: number; kinds?: q.DocumentKind[] },
  page: PageInput,
): Promise<{ count: number; items: AccountDocument[] }> {
  const counterparties = await scopeOf(db, actor);
  const { count, rows } = await q.documentsPage(db, { ...filter, counterparties }, page);
  const ids = rows.map((r) => r.id);
  const [lines, files, names] = await Promise.all([
    q.linesOf(db, ids),
    q.filesOf(db, ids),
    counterpartyNames(
      db,
      rows.map((r) => r.counterparty_id),
    ),
  ]);
  return {
    count,
    items: rows.map((r) => ({
      id: r.id,
      type: r.kind as DocumentType,
      operation: r.operation,
      number: r.number,
      date: r.date,
      sum: Number(r.sum),
      currency: r.currency,
      counterparty: { id: r.counterparty_id!, name: names.get(r.counterparty_id!) ?? '' },
      orderId: r.order_id,
      orderFrom1C: r.order_ext,
      carrier: r.carrier,
      tracking: r.tracking,
      status: r.status,
      files: files
        .filter((f) => f.document_id === r.id)
        .map((f) => ({ id: f.id, name: f.name, size: f.size, contentType: f.content_type, src: '' })),
      lines: lines
        .filter((l) => l.document_id === r.id)
        .map((l) => ({
          productId: l.product_id,
          article: l.article,
          name: l.name,
          quantity: Number(l.quantity),
          price: l.price === null ? null : Number(l.price),
          sum: l.sum === null ? null : Number(l.sum),
        })),
    })),
  };
}

/** A document's file the caller may see, with its bytes; another dealer's is NOT_FOUND. */
export async function documentFile(db: Db, actor: Actor, id: number) {
  const row = await q.visibleFile(db, id, await scopeOf(db, actor));
  if (!row) throw notFound();
  return row;
}
