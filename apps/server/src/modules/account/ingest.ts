import type { Db } from '../../db/database.js';
import { productIdsByExtId, relaxCommit } from '../catalog/index.js';
import { counterpartyFrom1C } from '../companies/index.js';
import { createOrderFrom1C, findExchangeOrder, orderFrom1CNamed, orderHeads, setShipState } from '../orders/index.js';
import type { Telling } from '../notices/index.js';
import * as q from './queries.js';
import { tellOfDocument } from './tell.js';
import type { DocumentKind } from './queries.js';

/**
 * What the exchange hands the account module (decision 200): a CommerceML document other than a known
 * order, or a settlements block. The account module places it (company, order, products) and stores it in
 * one transaction; what it cannot place is recorded for the exchange history, never dropped.
 */

export interface CounterpartyRef {
  id: string;
  name: string;
  inn: string;
  kpp: string;
}

export interface IncomingDocument {
  id: string;
  number: string;
  number1c: string;
  date: string;
  operation: string;
  sum: number | null;
  deleted: boolean;
  lines: Array<{
    ext: string;
    article: string;
    name: string;
    price: number | null;
    quantity: number;
    sum: number | null;
  }>;
  requisites: Record<string, string>;
  counterparty?: CounterpartyRef;
  currency?: string;
  containerOrder?: { id: string; number: string } | null;
  files?: string[];
}

export interface IncomingSettlement {
  counterparty: CounterpartyRef;
  date: string;
  contracts: Array<{
    id: string;
    number: string;
    name: string;
    currency: string;
    date: string;
    limit: number;
    deferral: number;
    debt: number;
    overdue: number;
    bills: Array<{ number: string; date: string; sum: number; due: string }>;
  }>;
}

/** A new document dated within this many days is told to the dealer (decision 202); older ones are history. */
export const TELL_DAYS = 14;

/** What became of a document, named as the exchange counts it. */
export type Outcome =
  'settlements' | 'shipments' | 'payments' | 'returns' | 'documents' | 'ordersFrom1C' | 'unknown' | 'skipped';

/**
 * What one call of the exchange looks up again and again: the company of a `Контрагент` and the product of an
 * Ид, the same for most documents of a file. Kept for one import call (a few seconds), so a company or product
 * the back office changes meanwhile is read again by the next call.
 */
export interface StoreMemo {
  companies: Map<string, { id: number; user_id: number; name: string } | undefined>;
  products: Map<string, number | null>;
}
export const storeMemo = (): StoreMemo => ({ companies: new Map(), products: new Map() });

async function companyOf(db: Db, ref: CounterpartyRef, memo: StoreMemo | undefined) {
  if (!memo) return counterpartyFrom1C(db, ref);
  const key = JSON.stringify([ref.id, ref.inn, ref.kpp]);
  if (!memo.companies.has(key)) memo.companies.set(key, await counterpartyFrom1C(db, ref));
  return memo.companies.get(key);
}

async function productsOf(db: Db, extIds: string[], memo: StoreMemo | undefined): Promise<Map<string, number>> {
  if (!memo) return productIdsByExtId(db, extIds);
  const missing = extIds.filter((e) => !memo.products.has(e));
  if (missing.length > 0) {
    const found = await productIdsByExtId(db, missing);
    for (const e of missing) memo.products.set(e, found.get(e) ?? null);
  }
  const out = new Map<string, number>();
  for (const e of extIds) {
    const id = memo.products.get(e);
    if (id !== null && id !== undefined) out.set(e, id);
  }
  return out;
}

export interface StoreOptions {
  runId: number | null;
  /** Lookups kept for one exchange call (left out: every document looks up its own). */
  memo?: StoreMemo;
  /** The bytes of a file sent in the same exchange session, or null when it was not sent. */
  readFile: (name: string) => Promise<Buffer | null>;
  /** How the dealer is told of a new document (decision 202); left out, nobody is told (the demo seed). */
  tell?: Telling;
}

/** The kind of a CommerceML `ХозОперация` (1C:УТ 11 / КА / ERP names), null for one the account does not keep. */
export function documentKind(operation: string): DocumentKind | null {
  const op = operation.toLowerCase().replace(/ё/g, 'е');
  if (/заказ/.test(op)) return 'order';
  if (/отпуск|реализац|отгрузк|упд/.test(op)) return 'shipment';
  if (/возврат товар/.test(op)) return 'return';
  if (/фактур/.test(op)) return 'invoice';
  if (/сч[её]т/.test(op)) return 'bill';
  if (/выплат|оплат|поступлен|платеж/.test(op)) return 'payment';
  return null;
}

const OUTCOME: Record<DocumentKind, Outcome> = {
  shipment: 'shipments',
  payment: 'payments',
  return: 'returns',
  bill: 'documents',
  invoice: 'documents',
  other: 'documents',
  order: 'ordersFrom1C',
};

const CONTENT_TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  odt: 'application/vnd.oasis.opendocument.text',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
  rtf: 'application/rtf',
  txt: 'text/plain',
};
const contentTypeOf = (name: string) =>
  CONTENT_TYPES[name.split('.').pop()?.toLowerCase() ?? ''] ?? 'application/octet-stream';

const requisite = (doc: IncomingDocument, ...names: string[]) =>
  names.map((n) => doc.requisites[n]?.trim()).find((v) => v !== undefined && v !== '') ?? '';

const isoDate = (v: string) => (/^\d{4}-\d{2}-\d{2}/.test(v) ? v.slice(0, 10) : null);

/** The order a document names: its container's order, or a requisite («Номер заказа», «Основание», …). */
function orderCandidates(doc: IncomingDocument): string[] {
  const out: string[] = [];
  if (doc.containerOrder) out.push(doc.containerOrder.id, doc.containerOrder.number);
  for (const name of ['Номер заказа', 'Ид заказа', 'Заказ', 'Заказ покупателя', 'Заказ клиента', 'Основание']) {
    const v = doc.requisites[name]?.trim();
    if (!v) continue;
    out.push(v);
    // «Заказ клиента № 123 от 20.11.2026»: the number after №.
    const numbered = /№\s*([^\s,;]+)/.exec(v);
    if (numbered) out.push(numbered[1]!);
  }
  return [...new Set(out.filter(Boolean))];
}

async function placeOrder(db: Db, doc: IncomingDocument) {
  const candidates = orderCandidates(doc);
  if (candidates.length === 0) return { orderId: null, orderExt: '', counterpartyId: null };
  const numbers = candidates.filter((v) => /^\d{1,9}$/.test(v)).map(Number);
  for (const ext of candidates) {
    const id = await findExchangeOrder(db, numbers, ext);
    if (id !== null) {
      const head = (await orderHeads(db, [id])).get(id);
      return { orderId: id, orderExt: '', counterpartyId: head?.counterparty_id ?? null };
    }
  }
  // An order placed in 1C (decision 202) is an order of the portal, named by its 1C Ид or number.
  const placed = await orderFrom1CNamed(db, candidates);
  if (placed) return { orderId: placed.id, orderExt: '', counterpartyId: placed.counterparty_id };
  // Kept before decision 202 as a document of kind `order`.
  const from1C = await q.orderFrom1C(db, candidates);
  if (from1C) return { orderId: null, orderExt: from1C.ext_id, counterpartyId: from1C.counterparty_id };
  return { orderId: null, orderExt: '', counterpartyId: null, missing: candidates[0] };
}

/** Stores one document; answers what it became (and, for a payment, the order it names). */
export async function storeDocument(
  db: Db,
  doc: IncomingDocument,
  options: StoreOptions,
): Promise<{ outcome: Outcome; orderId: number | null }> {
  const files = doc.files ?? [];
  const kind = documentKind(doc.operation) ?? (files.length > 0 ? 'other' : null);
  const ext = doc.id || doc.number;
  const unmatched = async (reason: string) => {
    await q.recordUnmatched(db, {
      run_id: options.runId,
      ext_id: ext.slice(0, 200),
      kind: kind ?? doc.operation.slice(0, 100),
      number: (doc.number1c || doc.number).slice(0, 100),
      reason,
    });
    return { outcome: 'unknown' as const, orderId: null };
  };
  if (kind === null) return { outcome: 'skipped', orderId: null };
  const company = doc.counterparty ? await companyOf(db, doc.counterparty, options.memo) : undefined;
  const order = kind === 'order' ? { orderId: null, orderExt: '', counterpartyId: null } : await placeOrder(db, doc);
  const counterpartyId = company?.id ?? order.counterpartyId;
  if (counterpartyId === null || counterpartyId === undefined) {
    const who = doc.counterparty
      ? `${doc.counterparty.name || doc.counterparty.id} (ИНН ${doc.counterparty.inn || '—'})`
      : 'не указан';
    return unmatched(`Контрагент не найден на портале: ${who}`);
  }
  const date = isoDate(doc.date) ?? new Date().toISOString().slice(0, 10);
  const productIds = await productsOf(db, doc.lines.map((l) => l.ext.split('#')[0]!).filter(Boolean), options.memo);
  if (kind === 'order') return storeOrderFrom1C(db, doc, ext, company!, date, productIds);
  const attached: Array<{ name: string; contentType: string; data: Buffer }> = [];
  const missingFiles: string[] = [];
  for (const name of files) {
    const data = await options.readFile(name);
    if (data) attached.push({ name: name.split('/').pop()!.slice(0, 200), contentType: contentTypeOf(name), data });
    else missingFiles.push(name);
  }
  const sum = doc.sum ?? doc.lines.reduce((s, l) => s + (l.sum ?? (l.price ?? 0) * l.quantity), 0);
  await db.transaction().execute(async (trx) => {
    // Committed without waiting for the WAL flush, as the exchange's bulk writes (decision 170): a crash can lose
    // the last documents whole, and the run's cursor, committed after them and flushed, never points past them.
    await relaxCommit(trx);
    const row: q.DocumentRow = {
      ext_id: ext.slice(0, 200),
      kind,
      operation: doc.operation.slice(0, 200),
      number: (doc.number1c || doc.number).slice(0, 100),
      doc_date: date,
      sum: Math.abs(sum),
      currency: (doc.currency || 'RUB').slice(0, 10),
      counterparty_id: counterpartyId,
      contract_ext: requisite(doc, 'Договор', 'Ид договора', 'ДоговорКонтрагента').slice(0, 200),
      order_id: order.orderId,
      order_ext: order.orderExt,
      carrier: requisite(doc, 'Перевозчик', 'Транспортная компания').slice(0, 200),
      tracking: requisite(doc, 'Номер отслеживания', 'Трек-номер', 'Трек номер').slice(0, 200),
      status: requisite(doc, 'Статус заказа', 'Статус').slice(0, 200),
      deleted: doc.deleted,
    };
    const { inserted } = await q.upsertDocument(
      trx,
      row,
      doc.lines
        .filter((l) => l.ext !== 'ORDER_DELIVERY')
        .map((l) => ({
          product_id: productIds.get(l.ext.split('#')[0]!) ?? null,
          product_ext: l.ext.slice(0, 200),
          article: l.article.slice(0, 200),
          name: l.name.slice(0, 500),
          quantity: l.quantity,
          price: l.price,
          sum: l.sum ?? (l.price === null ? null : l.price * l.quantity),
        })),
      attached,
    );
    // A document 1C sends for the first time: the order's history, and the dealer told (decision 202).
    if (inserted && !doc.deleted) {
      // Only a recent document is told: a first upload of years of history must not flood the dealer.
      const recent = date >= new Date(Date.now() - TELL_DAYS * 86_400_000).toISOString().slice(0, 10);
      await tellOfDocument(trx, recent ? options.tell : undefined, {
        kind,
        number: row.number,
        date,
        sum: row.sum,
        currency: row.currency,
        counterpartyId,
        orderId: order.orderId,
        tracking: row.tracking,
      });
    }
  });
  if (missingFiles.length > 0) {
    await q.recordUnmatched(db, {
      run_id: options.runId,
      ext_id: ext.slice(0, 200),
      kind,
      number: doc.number.slice(0, 100),
      reason: `Файл не получен в этом обмене: ${missingFiles.join(', ')}`.slice(0, 500),
    });
  }
  // The order's shipped state (decision 202), from every shipment of it.
  if (kind === 'shipment' && order.orderId !== null) {
    const shipped = await q.shippedOfOrder(db, order.orderId);
    await setShipState(
      db,
      order.orderId,
      shipped.map((l) => ({ productId: l.product_id, article: l.article, quantity: Number(l.quantity) })),
    );
  }
  if ('missing' in order && order.missing && kind !== 'payment') {
    await q.recordUnmatched(db, {
      run_id: options.runId,
      ext_id: ext.slice(0, 200),
      kind,
      number: doc.number.slice(0, 100),
      reason: `Заказ ${order.missing} не найден на портале`.slice(0, 500),
    });
  }
  return { outcome: OUTCOME[kind], orderId: order.orderId };
}

/**
 * An order placed in 1C (decision 202): an order of the company's dealer, read-only, with its lines and status.
 * A re-sent one is found by its Ид before it gets here (the exchange applies it as a known order).
 */
async function storeOrderFrom1C(
  db: Db,
  doc: IncomingDocument,
  ext: string,
  company: { id: number; user_id: number },
  date: string,
  productIds: Map<string, number>,
): Promise<{ outcome: Outcome; orderId: number | null }> {
  const known = await findExchangeOrder(db, [], ext.slice(0, 100));
  if (known !== null) return { outcome: 'ordersFrom1C', orderId: known };
  if (doc.deleted) return { outcome: 'skipped', orderId: null };
  const goods = doc.lines.filter((l) => l.ext !== 'ORDER_DELIVERY' && l.quantity > 0);
  const sum = doc.sum ?? goods.reduce((s, l) => s + (l.sum ?? (l.price ?? 0) * l.quantity), 0);
  const orderId = await createOrderFrom1C(db, {
    userId: company.user_id,
    counterpartyId: company.id,
    externalId: ext.slice(0, 100),
    number1c: (doc.number1c || doc.number).slice(0, 50),
    date,
    statusExt: requisite(doc, 'Статуса заказа ИД', 'Статус заказа ИД', 'ИД статуса заказа', 'ИдСтатуса'),
    statusName: requisite(doc, 'Статус заказа', 'Статус'),
    price: Math.abs(sum),
    currency: (doc.currency || 'RUB').slice(0, 10),
    comment: requisite(doc, 'Комментарий').slice(0, 2000),
    lines: goods.map((l) => ({
      productId: productIds.get(l.ext.split('#')[0]!) ?? null,
      name: l.name.slice(0, 500),
      article: l.article.slice(0, 200),
      quantity: l.quantity,
      price: l.price ?? (l.sum !== null && l.quantity ? l.sum / l.quantity : 0),
    })),
  });
  return { outcome: 'ordersFrom1C', orderId };
}

/** One counterparty's block of the settlements file: its contracts' figures and open bills. */
export async function storeSettlement(
  db: Db,
  block: IncomingSettlement,
  options: Pick<StoreOptions, 'runId'>,
): Promise<Outcome> {
  const company = await counterpartyFrom1C(db, block.counterparty);
  if (!company) {
    await q.recordUnmatched(db, {
      run_id: options.runId,
      ext_id: (block.counterparty.id || block.counterparty.inn).slice(0, 200),
      kind: 'settlement',
      number: '',
      reason: `Контрагент не найден на портале: ${block.counterparty.name || block.counterparty.id} (ИНН ${block.counterparty.inn || '—'})`,
    });
    return 'unknown';
  }
  const figuresOn = isoDate(block.date);
  await db.transaction().execute(async (trx) => {
    for (const c of block.contracts) {
      await q.upsertContract(
        trx,
        company.id,
        {
          ext_id: (c.id || c.number || 'main').slice(0, 200),
          number: c.number.slice(0, 100),
          name: c.name.slice(0, 300),
          currency: (c.currency || 'RUB').slice(0, 10),
          signed_on: isoDate(c.date),
          credit_limit: c.limit,
          deferral_days: c.deferral,
          debt: c.debt,
          overdue: c.overdue,
          figures_on: figuresOn,
        },
        c.bills.map((b) => ({
          number: b.number.slice(0, 100),
          issued_on: isoDate(b.date),
          sum: b.sum,
          due_on: isoDate(b.due),
        })),
      );
    }
  });
  return 'settlements';
}
