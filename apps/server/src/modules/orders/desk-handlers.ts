import { normalizeArticle, type DeskOrder, type deskMethods, type Language } from '@portal/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { AppError, notFound } from '../../rest/app-error.js';
import { requireActor, type Handlers, type RestContext } from '../../rest/context.js';
import { containsPattern, paged } from '../../rest/paging.js';
import { recordAudit } from '../audit/index.js';
import { countUsersAwaitingApproval } from '../auth/index.js';
import { countAppealsWaiting } from '../forms/index.js';
import { countReturnsWaiting } from '../returns/index.js';
import { countWishesWaiting } from '../wishes/index.js';
import { fileNameOf, ownFile, readStored, saveGenerated } from '../files/index.js';
import './bill-file.js';
import { changeOrder, type OrderChange } from './change-order.js';
import type { OrderHistoryChange } from './tables.js';
import { hasLineLike, loadOrder, orderQuery, toOrder, type OrderRow } from './view.js';
import './tables.js';
import { dayEnd, dayStart } from '../../rest/dates.js';

/**
 * The supplier's order desk (issue 13 pt 1, decision 100): administrators see every dealer's order with the
 * dealer and company, and change them through `changeOrder` — one transaction, one history line, the dealer
 * told, one audit line.
 */

/** Files staff may attach as a bill, decided by the bytes when they were uploaded. */
const BILL_TYPES = new Set([
  'application/pdf',
  'image/jpeg',
  'image/png',
  'image/webp',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/x-cfb',
]);

/** A commercial offer (decision 146): what a bill may be, and a Word document (.docx; .doc is x-cfb). */
const OFFER_TYPES = new Set([...BILL_TYPES, 'application/vnd.openxmlformats-officedocument.wordprocessingml.document']);

/** The administrator's own upload (files/save) of an accepted type, copied to the order's dealer (decision 100). */
async function copyToDealer(
  ctx: RestContext,
  trx: Db,
  orderId: number,
  fileId: number,
  types: Set<string>,
  refusal: 'error.orderBillFile' | 'error.orderOfferFile',
) {
  const actor = requireActor(ctx);
  const file = await ownFile(trx, actor.id, fileId);
  if (!types.has(file.content_type)) throw new AppError('VALIDATION', refusal);
  const order = await trx.selectFrom('orders').select('user_id').where('id', '=', orderId).executeTakeFirst();
  if (!order) throw notFound();
  const data = await readStored(ctx.storage, file.storage_key);
  return saveGenerated(ctx.storage, trx, order.user_id, file.name, file.content_type, data);
}

function deskQuery(db: Db) {
  return orderQuery(db).select([
    'u.email',
    'o.bill_issued_at',
    fileNameOf('o.bill_file_id').as('bill_file_name'),
    sql<number>`(SELECT count(*) FROM corrective_orders co WHERE co.order_id = o.id AND co.status = 'PENDING')`.as(
      'pending',
    ),
  ]);
}
type DeskRow = OrderRow & {
  email: string;
  bill_issued_at: Date | null;
  bill_file_name: string;
  offer_file_name: string;
  pending: number;
};

/** A line whose part number starts with the text (`exact`: is the text, for a search that may be an order number). */
function articleMatch(text: string, exact = false) {
  const key = normalizeArticle(text);
  return hasLineLike(exact ? key : key + '%');
}

function toDesk(r: DeskRow, language: Language): DeskOrder {
  return {
    ...toOrder(r, language),
    dealer: {
      id: r.user_id,
      login: r.login,
      name: [r.last_name, r.first_name].filter(Boolean).join(' ') || r.login,
      email: r.email,
    },
    pendingCorrections: Number(r.pending),
    billIssuedAt: r.bill_issued_at ? r.bill_issued_at.toISOString() : null,
    billFileName: r.bill_file_name,
    offerFileName: r.offer_file_name,
  };
}

async function deskOrder(ctx: RestContext, id: number): Promise<DeskOrder> {
  const actor = requireActor(ctx);
  const row = (await deskQuery(ctx.db).where('o.id', '=', id).executeTakeFirst()) as DeskRow | undefined;
  if (!row) throw notFound();
  const full = await loadOrder(ctx.db, actor, id, ctx.language);
  return {
    ...full,
    ...toDesk(row, ctx.language),
    items: full.items,
    corrections: full.corrections,
    history: full.history,
    files: full.files,
  };
}

/** The history's changes as the audit log keeps them: each field's value before and after. */
function auditOf(changes: OrderHistoryChange[], note: string) {
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  for (const c of changes) {
    switch (c.field) {
      case 'status':
        before.status = c.before.name;
        after.status = c.after.name;
        break;
      case 'isPayment':
      case 'isWarning':
      case 'isCanceled':
        before[c.field] = c.before;
        after[c.field] = c.after;
        break;
      case 'line':
        before[`line ${c.article || c.lineId}`] = c.before;
        after[`line ${c.article || c.lineId}`] = c.after;
        break;
      case 'bill':
        before.bill = c.replaced ?? null;
        after.bill = c.fileName || 'generated';
        break;
      case 'offer':
        before.offer = c.fileId === null ? c.fileName : (c.replaced ?? null);
        after.offer = c.fileId === null ? null : c.description ? `${c.fileName}: ${c.description}` : c.fileName;
        break;
      case 'correction':
        before[`correction ${c.correctionId}`] = 'PENDING';
        after[`correction ${c.correctionId}`] = c.reason ? `${c.decision}: ${c.reason}` : c.decision;
        break;
    }
  }
  if (note) after.note = note;
  return { before, after };
}

/** One desk action: the change, refused when it changes nothing, with its audit line, in one transaction. */
async function act(ctx: RestContext, orderId: number, action: string, change: (trx: Db) => Promise<OrderChange>) {
  const actor = requireActor(ctx);
  await ctx.db.transaction().execute(async (trx) => {
    const c = await change(trx);
    const r = await changeOrder({ ...ctx, db: trx }, orderId, c, { userId: actor.id, source: 'desk' });
    if (r.historyId === null) throw new AppError('CONFLICT', 'error.orderNoChange');
    const { before, after } = auditOf(r.changes, c.note?.trim() ?? '');
    await recordAudit(trx, ctx, { entity: 'desk-order', id: orderId, action, before, after });
  });
  return deskOrder(ctx, orderId);
}

export const deskOrderHandlers: Handlers<typeof deskMethods> = {
  async 'desk-order/list'(input, ctx) {
    const f = input.filter ?? {};
    let q = deskQuery(ctx.db);
    if (f.dealerId) q = q.where('o.user_id', '=', f.dealerId);
    if (f.dealer) {
      const like = containsPattern(f.dealer);
      q = q.where((eb) =>
        eb.or([
          eb('u.login', 'ilike', like),
          eb('u.email', 'ilike', like),
          eb(sql<string>`u.last_name || ' ' || u.first_name`, 'ilike', like),
          eb('u.company', 'ilike', like),
        ]),
      );
    }
    if (f.companyId) q = q.where('o.counterparty_id', '=', f.companyId);
    if (f.company) {
      const like = containsPattern(f.company);
      q = q.where((eb) => eb.or([eb('c.name', 'ilike', like), eb('c.inn', 'like', like)]));
    }
    if (f.status !== undefined) {
      const list = Array.isArray(f.status) ? f.status : [f.status];
      q = list.length ? q.where('o.status_id', 'in', list) : q.where(sql<boolean>`false`);
    }
    if (f.isPayment !== undefined) q = q.where('o.is_paid', '=', f.isPayment);
    if (f.isWarning !== undefined) q = q.where('o.is_warning', '=', f.isWarning);
    if (f.isCanceled !== undefined) q = q.where('o.is_canceled', '=', f.isCanceled);
    if (f.hasPending !== undefined) {
      const pending = sql<boolean>`EXISTS (SELECT 1 FROM corrective_orders co WHERE co.order_id = o.id AND co.status = 'PENDING')`;
      q = q.where(f.hasPending ? pending : sql<boolean>`NOT ${pending}`);
    }
    if (f.dateFrom) q = q.where('o.created_at', '>=', dayStart(f.dateFrom));
    if (f.dateTo) q = q.where('o.created_at', '<', dayEnd(f.dateTo));
    if (f.sumFrom !== undefined) q = q.where('o.price', '>=', f.sumFrom);
    if (f.sumTo !== undefined) q = q.where('o.price', '<=', f.sumTo);
    if (f.search) {
      const text = f.search.trim().replace(/^№\s*/, '');
      const hasKey = normalizeArticle(text) !== '';
      if (/^\d{1,9}$/.test(text)) {
        q = q.where((eb) => eb.or([eb('o.id', '=', Number(text)), ...(hasKey ? [articleMatch(text, true)] : [])]));
      } else {
        q = hasKey ? q.where(articleMatch(text)) : q;
      }
    }
    const { n } = await q
      .clearSelect()
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const sort = input.sort ?? {};
    const dir = (v: string | undefined) => (v === 'ASC' ? 'asc' : 'desc');
    let rows = q;
    if (sort.PRICE) rows = rows.orderBy('o.price', dir(sort.PRICE));
    if (sort.STATUS) rows = rows.orderBy('s.sort', dir(sort.STATUS));
    rows = rows.orderBy('o.id', dir(sort.ID ?? sort.DATE_CREATE ?? 'DESC'));
    const items = (await paged(rows, input).execute()) as DeskRow[];
    return { count: Number(n), items: items.map((r) => toDesk(r, ctx.language)) };
  },

  async 'desk-order/get'(input, ctx) {
    return deskOrder(ctx, input.id);
  },

  async 'desk-order/change'(input, ctx) {
    const { id, ...change } = input;
    const action = change.lines?.length
      ? 'lines'
      : change.status !== undefined || change.isCanceled !== undefined
        ? 'status'
        : 'change';
    return act(ctx, id, action, async () => change);
  },

  async 'desk-order/bill'(input, ctx) {
    return act(ctx, input.id, 'bill', async (trx) => {
      if (input.fileId === undefined) return { bill: { replaceFile: input.replaceFile }, note: input.note };
      // The administrator's own upload (files/save), copied to the dealer so the dealer opens it as theirs.
      const copy = await copyToDealer(ctx, trx, input.id, input.fileId, BILL_TYPES, 'error.orderBillFile');
      return { bill: { fileId: copy.id }, note: input.note };
    });
  },

  async 'desk-order/offer'(input, ctx) {
    return act(ctx, input.id, 'offer', async (trx) => {
      if (input.fileId === null) return { offer: { fileId: null }, note: input.note };
      const copy = await copyToDealer(ctx, trx, input.id, input.fileId, OFFER_TYPES, 'error.orderOfferFile');
      return { offer: { fileId: copy.id, description: input.description }, note: input.note };
    });
  },

  async 'desk-order/correction'(input, ctx) {
    const actor = requireActor(ctx);
    const head = await ctx.db
      .selectFrom('corrective_orders')
      .select(['order_id'])
      .where('id', '=', input.id)
      .executeTakeFirst();
    if (!head) throw notFound();
    return act(ctx, head.order_id, 'correction', async (trx) => {
      const locked = await trx
        .selectFrom('corrective_orders')
        .select(['id', 'status'])
        .where('id', '=', input.id)
        .forUpdate()
        .executeTakeFirstOrThrow();
      if (locked.status !== 'PENDING') throw new AppError('CONFLICT', 'error.correctionDecided');
      const reason = input.reason?.trim() ?? '';
      await trx
        .updateTable('corrective_orders')
        .set({
          status: input.decision === 'accept' ? 'ACCEPTED' : 'REFUSED',
          decided_by: actor.id,
          decided_at: new Date(),
          reason,
        })
        .where('id', '=', input.id)
        .execute();
      if (input.decision === 'refuse') return { correction: { id: input.id, decision: 'refused', reason } };
      const lines = await trx
        .selectFrom('corrective_order_items')
        .select(['order_item_id', 'after_count'])
        .where('corrective_order_id', '=', input.id)
        .execute();
      return {
        lines: lines
          .filter((l) => l.order_item_id !== null)
          .map((l) => ({ id: l.order_item_id!, quantity: l.after_count })),
        correction: { id: input.id, decision: 'accepted' },
      };
    });
  },

  async 'desk/summary'(_input, ctx) {
    const count = (q: { executeTakeFirstOrThrow(): Promise<{ n: number | string | bigint }> }) =>
      q.executeTakeFirstOrThrow().then((r) => Number(r.n));
    const db = ctx.db;
    const [registrations, appeals, returns, requests, problemOrders, pendingCorrections, newOrders] = await Promise.all(
      [
        countUsersAwaitingApproval(db),
        countAppealsWaiting(db),
        countReturnsWaiting(db),
        countWishesWaiting(db),
        count(
          db
            .selectFrom('orders')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('is_warning', '=', true)
            .where('is_canceled', '=', false),
        ),
        count(
          db
            .selectFrom('corrective_orders')
            .select(sql<number>`count(DISTINCT order_id)`.as('n'))
            .where('status', '=', 'PENDING'),
        ),
        count(
          db
            .selectFrom('orders as o')
            .innerJoin('order_statuses as s', 's.id', 'o.status_id')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('s.code', '=', 'N')
            .where('o.is_canceled', '=', false),
        ),
      ],
    );
    return { registrations, appeals, returns, requests, problemOrders, pendingCorrections, newOrders };
  },
};
