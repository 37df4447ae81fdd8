import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { pageWindow, type PageInput } from '../../rest/paging.js';
import './tables.js';

/** The account module's SQL (decision 200): 1C's documents, contracts and bills, and the dealer's reads. */

export type DocumentKind = 'shipment' | 'bill' | 'invoice' | 'payment' | 'return' | 'order' | 'other';

/** What a document does to the company's debt: a shipment raises it, a payment or a return lowers it. */
export const LEDGER_KINDS = ['shipment', 'payment', 'return'] as const;
const signed = sql<number>`CASE WHEN d.kind = 'shipment' THEN d.sum ELSE -d.sum END`;
const day = (column: string) => sql<string>`to_char(${sql.ref(column)}, 'YYYY-MM-DD')`;

export interface DocumentRow {
  ext_id: string;
  kind: DocumentKind;
  operation: string;
  number: string;
  doc_date: string;
  sum: number;
  currency: string;
  counterparty_id: number;
  contract_ext: string;
  order_id: number | null;
  order_ext: string;
  carrier: string;
  tracking: string;
  status: string;
  deleted: boolean;
}
export interface LineRow {
  product_id: number | null;
  product_ext: string;
  article: string;
  name: string;
  quantity: number;
  price: number | null;
  sum: number | null;
}

/** Writes a document, its lines and files by its 1C Ид: a re-sent document replaces what it said before. */
export async function upsertDocument(
  trx: Db,
  doc: DocumentRow,
  lines: LineRow[],
  files: Array<{ name: string; contentType: string; data: Buffer }>,
): Promise<{ id: number; inserted: boolean }> {
  // `xmax = 0`: the row was inserted, not updated (a re-sent document tells nobody again).
  const { id, inserted } = await trx
    .insertInto('account_documents')
    .values(doc)
    .onConflict((oc) => oc.column('ext_id').doUpdateSet({ ...doc, updated_at: sql`now()` }))
    .returning(['id', sql<boolean>`(xmax = 0)`.as('inserted')])
    .executeTakeFirstOrThrow();
  // A new document has no lines to replace.
  if (!inserted) await trx.deleteFrom('account_document_lines').where('document_id', '=', id).execute();
  if (lines.length > 0) {
    await trx
      .insertInto('account_document_lines')
      .values(lines.map((l, i) => ({ ...l, document_id: id, line: i + 1 })))
      .execute();
  }
  for (const f of files) {
    await trx
      .insertInto('account_document_files')
      .values({ document_id: id, name: f.name, content_type: f.contentType, size: f.data.length, data: f.data })
      .onConflict((oc) =>
        oc
          .columns(['document_id', 'name'])
          .doUpdateSet({ content_type: f.contentType, size: f.data.length, data: f.data }),
      )
      .execute();
  }
  return { id, inserted };
}

export const recordUnmatched = (
  db: Db,
  row: { run_id: number | null; ext_id: string; kind: string; number: string; reason: string },
) => db.insertInto('account_unmatched').values(row).execute();

/** What the exchange history lists of a run: the documents it could not place. */
export const unmatchedOfRuns = (db: Db, runIds: number[]) =>
  runIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('account_unmatched')
        .select(['run_id', 'ext_id', 'kind', 'number', 'reason'])
        .where('run_id', 'in', runIds)
        .orderBy('id')
        .execute();

/** The 1C order (placed in 1C) with this Ид or number, for a shipment that names it. */
export const orderFrom1C = (db: Db, candidates: string[]) =>
  candidates.length === 0
    ? Promise.resolve(undefined)
    : db
        .selectFrom('account_documents')
        .select(['ext_id', 'counterparty_id'])
        .where('kind', '=', 'order')
        .where((eb) => eb.or([eb('ext_id', 'in', candidates), eb('number', 'in', candidates)]))
        .orderBy('id')
        .executeTakeFirst();

/** The payments that name an order, summed. */
export async function paidForOrder(db: Db, orderId: number): Promise<number> {
  const row = await db
    .selectFrom('account_documents')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('sum'), sql<number>`0`).as('paid'))
    .where('order_id', '=', orderId)
    .where('kind', '=', 'payment')
    .where('deleted', '=', false)
    .executeTakeFirstOrThrow();
  return Number(row.paid);
}

export interface ContractFigures {
  ext_id: string;
  number: string;
  name: string;
  currency: string;
  signed_on: string | null;
  credit_limit: number;
  deferral_days: number;
  debt: number;
  overdue: number;
  figures_on: string | null;
}

/** A contract's figures and its open bills from the settlements file; the bills are replaced whole. */
export async function upsertContract(
  trx: Db,
  counterpartyId: number,
  figures: ContractFigures,
  bills: Array<{ number: string; issued_on: string | null; sum: number; due_on: string | null }>,
): Promise<void> {
  const { id } = await trx
    .insertInto('account_contracts')
    .values({ counterparty_id: counterpartyId, ...figures })
    .onConflict((oc) => oc.columns(['counterparty_id', 'ext_id']).doUpdateSet({ ...figures, updated_at: sql`now()` }))
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx.deleteFrom('account_bills').where('contract_id', '=', id).execute();
  if (bills.length > 0) {
    await trx
      .insertInto('account_bills')
      .values(bills.map((b) => ({ ...b, contract_id: id })))
      .execute();
  }
}

// ——— reads ———

/** The contracts of these companies with their open bills. */
export async function contractsOf(db: Db, counterpartyIds: number[]) {
  if (counterpartyIds.length === 0) return [];
  const contracts = await db
    .selectFrom('account_contracts as c')
    .select([
      'c.id',
      'c.counterparty_id',
      'c.ext_id',
      'c.number',
      'c.name',
      'c.currency',
      'c.credit_limit',
      'c.deferral_days',
      'c.debt',
      'c.overdue',
      day('c.signed_on').as('signed_on'),
      day('c.figures_on').as('figures_on'),
    ])
    .where('c.counterparty_id', 'in', counterpartyIds)
    .orderBy('c.counterparty_id')
    .orderBy('c.id')
    .execute();
  const bills =
    contracts.length === 0
      ? []
      : await db
          .selectFrom('account_bills as b')
          .select([
            'b.contract_id',
            'b.number',
            'b.sum',
            day('b.issued_on').as('issued_on'),
            day('b.due_on').as('due_on'),
          ])
          .where(
            'b.contract_id',
            'in',
            contracts.map((c) => c.id),
          )
          .orderBy('b.due_on')
          .orderBy('b.id')
          .execute();
  return contracts.map((c) => ({ ...c, bills: bills.filter((b) => b.contract_id === c.id) }));
}

/** The company's credit figures summed over its contracts (checkout and the dashboard). */
export async function creditOf(db: Db, counterpartyId: number) {
  const row = await db
    .selectFrom('account_contracts')
    .select((eb) => [
      eb.fn.count<number>('id').as('contracts'),
      eb.fn.coalesce(eb.fn.sum<number>('credit_limit'), sql<number>`0`).as('limit'),
      eb.fn.coalesce(eb.fn.sum<number>('debt'), sql<number>`0`).as('debt'),
      eb.fn.coalesce(eb.fn.sum<number>('overdue'), sql<number>`0`).as('overdue'),
    ])
    .where('counterparty_id', '=', counterpartyId)
    .executeTakeFirstOrThrow();
  return {
    contracts: Number(row.contracts),
    limit: Number(row.limit),
    debt: Number(row.debt),
    overdue: Number(row.overdue),
  };
}

interface LedgerScope {
  counterpartyId: number;
  contract?: string;
  from: string;
  to: string;
}

const ledgerBase = (db: Db, scope: { counterpartyId: number; contract?: string }) => {
  let q = db
    .selectFrom('account_documents as d')
    .where('d.counterparty_id', '=', scope.counterpartyId)
    .where('d.kind', 'in', [...LEDGER_KINDS])
    .where('d.deleted', '=', false);
  if (scope.contract) q = q.where('d.contract_ext', '=', scope.contract);
  return q;
};

/**
 * The ledger's day totals of the company (and contract) in a range of days (decision 204): at most a row per
 * contract and day, kept by a trigger on `account_documents` (migration 0222), never a scan of the entries.
 */
const ledgerDays = (db: Db, scope: { counterpartyId: number; contract?: string }) => {
  let q = db.selectFrom('account_ledger_days as g').where('g.counterparty_id', '=', scope.counterpartyId);
  if (scope.contract) q = q.where('g.contract_ext', '=', scope.contract);
  return q;
};

/** The balance before a day: what the company owed when the period opened (a sum of day totals). */
export async function balanceBefore(db: Db, scope: LedgerScope): Promise<number> {
  const row = await ledgerDays(db, scope)
    .select(sql<number>`COALESCE(SUM(g.turnover), 0)`.as('balance'))
    .where('g.day', '<', scope.from)
    .executeTakeFirstOrThrow();
  return Number(row.balance);
}

/**
 * The ledger of a period: the opening balance, what the period adds, the count, and a page of entries with the
 * running balance after each (from the period's start). The page costs its own rows, not the period's (decision
 * 204): the day totals say on which day the page's first entry falls and what the period's entries before that
 * day add; the entries are read from that day on, the day's earlier ones skipped, and summed in a window over
 * those rows only. Two statements: the day totals' figures in one, the entries in the other.
 */
export async function ledgerPage(db: Db, scope: LedgerScope, page: PageInput) {
  const window = pageWindow(page);
  const contract = scope.contract ? sql`AND g.contract_ext = ${scope.contract}` : sql``;
  // One pass over the days up to `to` (index `account_ledger_days_by_day`, migration 0224: in day order, no sort):
  // each day's entries and turnover with their running sums; the period's figures are sums of those rows, and
  // the first day of the period whose entries reach past the offset holds the page's first entry.
  const { rows } = await sql<{
    opening: number;
    turnover: number;
    count: number;
    day: string | null;
    before: number | null;
    through: number | null;
    entries: number | null;
  }>`WITH c AS (
      SELECT g.day, SUM(g.entries) AS entries, SUM(g.turnover) AS turnover,
        SUM(SUM(g.entries)) OVER w AS through, SUM(SUM(g.turnover)) OVER w AS upto
      FROM account_ledger_days g
      WHERE g.counterparty_id = ${scope.counterpartyId} ${contract} AND g.day <= ${scope.to}
      GROUP BY g.day WINDOW w AS (ORDER BY g.day)
    ), t AS (
      SELECT COALESCE(SUM(turnover) FILTER (WHERE day < ${scope.from}), 0) AS opening,
        COALESCE(SUM(turnover) FILTER (WHERE day >= ${scope.from}), 0) AS turnover,
        COALESCE(SUM(entries) FILTER (WHERE day >= ${scope.from}), 0) AS count,
        COALESCE(SUM(entries) FILTER (WHERE day < ${scope.from}), 0) AS earlier
      FROM c
    )
    SELECT t.opening, t.turnover, t.count, to_char(s.day, 'YYYY-MM-DD') AS day,
      s.upto - s.turnover - t.opening AS before, s.through - t.earlier AS through, s.entries
    FROM t LEFT JOIN LATERAL (
      SELECT c.day, c.entries, c.turnover, c.through, c.upto FROM c
      WHERE c.day >= ${scope.from} AND c.through - t.earlier > ${window.offset} ORDER BY c.day LIMIT 1
    ) s ON true`.execute(db);
  const head = rows[0]!;
  const figures = { opening: Number(head.opening), turnover: Number(head.turnover), count: Number(head.count) };
  if (head.day === null) return { ...figures, rows: [] };
  // The entries of the start day before the page.
  const skip = window.offset - (Number(head.through) - Number(head.entries));
  const entries = ledgerBase(db, scope)
    .select([
      'd.id',
      'd.kind',
      'd.number',
      'd.sum',
      'd.order_id',
      'd.contract_ext',
      'd.operation',
      'd.doc_date',
      day('d.doc_date').as('date'),
      signed.as('signed'),
    ])
    .where('d.doc_date', '>=', head.day)
    .where('d.doc_date', '<=', scope.to)
    .orderBy('d.doc_date')
    .orderBy('d.id')
    .$if(window.limit !== null, (q) => q.limit(skip + window.limit!));
  const pageRows = await db
    .selectFrom(entries.as('e'))
    .select([
      'e.id',
      'e.kind',
      'e.number',
      'e.sum',
      'e.order_id',
      'e.contract_ext',
      'e.operation',
      'e.doc_date',
      'e.date',
      sql<number>`${String(head.before)}::numeric + SUM(e.signed) OVER (ORDER BY e.doc_date, e.id)`.as('running'),
    ])
    .orderBy('e.doc_date')
    .orderBy('e.id')
    .offset(skip)
    .execute();
  return { ...figures, rows: pageRows };
}

/** Companies with contracts (staff's settlements list without a company), most indebted first. */
export async function companiesWithContracts(db: Db, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('account_contracts')
    .select(['counterparty_id', (eb) => eb.fn.sum<number>('debt').as('debt')])
    .groupBy('counterparty_id')
    .orderBy('debt', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => r.counterparty_id);
}

/**
 * Every ledger entry of a period, oldest first (the акт сверки), at most `max` rows, and the balance before the
 * period: a sum of day totals (decision 204) that the entries' statement carries (evaluated once), so the act
 * reads its figures in one statement; a period without entries sums the day totals on their own.
 */
export async function ledgerRows(db: Db, scope: LedgerScope, max: number) {
  const opening = ledgerDays(db, scope)
    .select(sql<number>`COALESCE(SUM(g.turnover), 0)`.as('opening'))
    .where('g.day', '<', scope.from);
  const rows = await ledgerBase(db, scope)
    .select([
      'd.id',
      'd.kind',
      'd.number',
      'd.sum',
      'd.order_id',
      'd.operation',
      day('d.doc_date').as('date'),
      opening.as('opening'),
    ])
    .where('d.doc_date', '>=', scope.from)
    .where('d.doc_date', '<=', scope.to)
    .orderBy('d.doc_date')
    .orderBy('d.id')
    .limit(max)
    .execute();
  return { opening: rows.length > 0 ? Number(rows[0]!.opening) : await balanceBefore(db, scope), rows };
}

export interface DocumentFilter {
  /** The companies the caller may see; null = every company (staff). */
  counterparties: number[] | null;
  counterparty?: number;
  order?: number;
  kinds?: DocumentKind[];
}

const documentsBase = (db: Db, f: DocumentFilter) => {
  let q = db
    .selectFrom('account_documents as d')
    .where('d.deleted', '=', false)
    .where('d.counterparty_id', 'is not', null);
  if (f.counterparties !== null)
    q = q.where('d.counterparty_id', 'in', f.counterparties.length ? f.counterparties : [0]);
  if (f.counterparty !== undefined) q = q.where('d.counterparty_id', '=', f.counterparty);
  if (f.order !== undefined) q = q.where('d.order_id', '=', f.order);
  if (f.kinds?.length) q = q.where('d.kind', 'in', f.kinds);
  return q;
};

/** Documents (newest first) with their first file, counted and paged. */
export async function documentsPage(db: Db, f: DocumentFilter, page: PageInput) {
  const base = documentsBase(db, f);
  const { count } = await base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  const window = pageWindow(page);
  const rows = await base
    .select([
      'd.id',
      'd.ext_id',
      'd.kind',
      'd.operation',
      'd.number',
      'd.sum',
      'd.currency',
      'd.counterparty_id',
      'd.order_id',
      'd.order_ext',
      'd.carrier',
      'd.tracking',
      'd.status',
      day('d.doc_date').as('date'),
    ])
    .orderBy('d.doc_date', 'desc')
    .orderBy('d.id', 'desc')
    .$if(window.limit !== null, (q) => q.limit(window.limit!))
    .offset(window.offset)
    .execute();
  return { count: Number(count), rows };
}

export const linesOf = (db: Db, documentIds: number[]) =>
  documentIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('account_document_lines')
        .select(['document_id', 'line', 'product_id', 'article', 'name', 'quantity', 'price', 'sum'])
        .where('document_id', 'in', documentIds)
        .orderBy('document_id')
        .orderBy('line')
        .execute();

export const filesOf = (db: Db, documentIds: number[]) =>
  documentIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('account_document_files')
        .select(['id', 'document_id', 'name', 'content_type', 'size'])
        .where('document_id', 'in', documentIds)
        .orderBy('id')
        .execute();

/** A document's file the caller may see (by the companies they may see), with its bytes. */
export const visibleFile = (db: Db, fileId: number, counterparties: number[] | null) => {
  let q = db
    .selectFrom('account_document_files as f')
    .innerJoin('account_documents as d', 'd.id', 'f.document_id')
    .select(['f.id', 'f.name', 'f.content_type', 'f.size', 'f.data'])
    .where('f.id', '=', fileId)
    .where('d.deleted', '=', false);
  if (counterparties !== null) q = q.where('d.counterparty_id', 'in', counterparties.length ? counterparties : [0]);
  return q.executeTakeFirst();
};

/** The shipped quantity per order line key (product id, else article) of an order's shipments. */
export const shippedOfOrder = (db: Db, orderId: number) =>
  db
    .selectFrom('account_document_lines as l')
    .innerJoin('account_documents as d', 'd.id', 'l.document_id')
    .select(['l.product_id', 'l.article', (eb) => eb.fn.sum<number>('l.quantity').as('quantity')])
    .where('d.order_id', '=', orderId)
    .where('d.kind', '=', 'shipment')
    .where('d.deleted', '=', false)
    .groupBy(['l.product_id', 'l.article'])
    .execute();

/**
 * A company's contract figures for the credit rule, the rows locked for the checkout's transaction (decision
 * 201): a second checkout of the company waits here, then counts the first one's order.
 */
export const lockedContractFigures = (db: Db, counterpartyId: number) =>
  db
    .selectFrom('account_contracts')
    .select(['credit_limit', 'debt', 'overdue', 'updated_at'])
    .where('counterparty_id', '=', counterpartyId)
    .orderBy('id')
    .forUpdate()
    .execute();

/**
 * The open bills due by `until` (ISO day; overdue ones included) with their contract's company, oldest due first
 * (the daily reminder, decision 203).
 */
export const billsDueBy = (db: Db, until: string) =>
  db
    .selectFrom('account_bills as b')
    .innerJoin('account_contracts as c', 'c.id', 'b.contract_id')
    .select([
      'b.contract_id',
      'b.number',
      'b.sum',
      'c.currency',
      'c.counterparty_id',
      day('b.issued_on').as('issued_on'),
      day('b.due_on').as('due_on'),
    ])
    .where('b.due_on', '<=', until)
    .where('b.sum', '>', 0)
    .orderBy('b.due_on')
    .orderBy('b.id')
    .execute();

/**
 * Takes the day's reminder of these bills for the user: answers the bills this call took (the primary key
 * lets one insert per bill and day land, so two workers never remind of a bill twice in a day).
 */
export async function claimReminders(
  db: Db,
  userId: number,
  today: string,
  bills: Array<{ contract_id: number; number: string }>,
): Promise<Array<{ contract_id: number; number: string }>> {
  if (bills.length === 0) return [];
  return db
    .insertInto('account_bill_reminders')
    .values(bills.map((b) => ({ contract_id: b.contract_id, number: b.number, day: today, user_id: userId })))
    .onConflict((oc) => oc.columns(['contract_id', 'number', 'day']).doNothing())
    .returning(['contract_id', 'number'])
    .execute();
}

// ——— orders kept as documents before decision 202, converted (decision 228) ———

/**
 * Orders placed in 1C that decision 200 kept as documents of kind `order`, after `afterId`, oldest first: what
 * the one-time conversion makes orders of (decision 228). A deleted one stays a document, as a new one would
 * never become an order.
 */
export const orderDocumentsToConvert = (db: Db, afterId: number, limit: number) =>
  db
    .selectFrom('account_documents')
    .select(['id', 'ext_id', 'number', 'sum', 'currency', 'status', 'counterparty_id', day('doc_date').as('date')])
    .where('kind', '=', 'order')
    .where('deleted', '=', false)
    .where('counterparty_id', 'is not', null)
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();

/** Locks an order kept as a document for its conversion; undefined once another run converted it. */
export const lockOrderDocument = (trx: Db, id: number) =>
  trx
    .selectFrom('account_documents')
    .select('id')
    .where('id', '=', id)
    .where('kind', '=', 'order')
    .where('deleted', '=', false)
    .forUpdate()
    .executeTakeFirst();

/** What the payments that named an order kept as a document add up to (they link to it by its Ид). */
export async function paidForOrderDocument(db: Db, ext: string): Promise<number> {
  const row = await db
    .selectFrom('account_documents')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('sum'), sql<number>`0`).as('paid'))
    .where('order_ext', '=', ext)
    .where('kind', '=', 'payment')
    .where('deleted', '=', false)
    .executeTakeFirstOrThrow();
  return Number(row.paid);
}

/**
 * The documents that named an order kept as a document now name its order; the document itself goes (its lines
 * are the order's now), or stays as a document of the order when 1C attached a file to it.
 */
export async function attachConvertedOrder(
  trx: Db,
  document: { id: number; ext_id: string },
  orderId: number,
): Promise<void> {
  await trx
    .updateTable('account_documents')
    .set({ order_id: orderId, order_ext: '' })
    .where('order_ext', '=', document.ext_id)
    .execute();
  const file = await trx
    .selectFrom('account_document_files')
    .select('id')
    .where('document_id', '=', document.id)
    .limit(1)
    .executeTakeFirst();
  if (file)
    await trx
      .updateTable('account_documents')
      .set({ kind: 'other', order_id: orderId })
      .where('id', '=', document.id)
      .execute();
  else await trx.deleteFrom('account_documents').where('id', '=', document.id).execute();
}

/** Reminders of days before `before` (ISO day): no longer needed by the once-per-day rule (decision 229). */
export async function pruneReminders(db: Db, before: string): Promise<number> {
  const result = await db.deleteFrom('account_bill_reminders').where('day', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
