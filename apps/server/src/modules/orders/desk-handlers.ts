import { Role, type DeskOrder, type deskMethods, type Language } from '@portal/contract';
import type { Db } from '../../db/database.js';
import { AppError, notFound } from '../../rest/app-error.js';
import { inTransaction, requireActor, type Handlers, type RestContext } from '../../rest/context.js';
import { recordAudit } from '../audit/index.js';
import { isAdmin } from '../auth/index.js';
import { ownFile, readStored, saveGenerated } from '../files/index.js';
import './bill-file.js';
import { changeOrder, type OrderChange } from './change-order.js';
import type { OrderHistoryChange } from './tables.js';
import * as q from './queries.js';
import { loadOrder, toOrder } from './view.js';
import './tables.js';

/**
 * The supplier's order desk (decision 100): administrators see every dealer's order with the
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
  const dealerId = await q.orderDealerId(trx, orderId);
  if (dealerId === undefined) throw notFound();
  const data = await readStored(ctx.storage, file.storage_key);
  return saveGenerated(ctx.storage, trx, dealerId, file.name, file.content_type, data);
}

function toDesk(r: q.DeskRow, language: Language): DeskOrder {
  return {
    ...toOrder(r, language, 'staff'),
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
  const row = await q.deskOrderRow(ctx.db, id);
  if (!row) throw notFound();
  // The desk sees every dealer's order (decision 193): an employee loads it as an administrator would.
  const full = await loadOrder(ctx.db, { ...actor, roles: actor.roles | Role.ADMINS }, id, ctx.language);
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
  await inTransaction(ctx, async (trx) => {
    const c = await change(trx);
    const r = await changeOrder({ ...ctx, db: trx }, orderId, c, {
      userId: actor.id,
      source: 'desk',
      employee: !isAdmin(actor),
    });
    if (r.historyId === null) throw new AppError('CONFLICT', 'error.orderNoChange');
    const { before, after } = auditOf(r.changes, c.note?.trim() ?? '');
    await recordAudit(trx, ctx, { entity: 'desk-order', id: orderId, action, before, after });
  });
  return deskOrder(ctx, orderId);
}

/** The desk's order methods; `desk/summary` counts other modules' rows too and is composed above (modules/desk). */
export const deskOrderHandlers: Handlers<Omit<typeof deskMethods, 'desk/summary'>> = {
  async 'desk-order/list'(input, ctx) {
    const { count, rows } = await q.listDeskOrders(ctx.db, requireActor(ctx).id, input);
    return { count, items: rows.map((r) => toDesk(r, ctx.language)) };
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
    const orderId = await q.correctionOrderId(ctx.db, input.id);
    if (orderId === undefined) throw notFound();
    return act(ctx, orderId, 'correction', async (trx) => {
      const locked = await q.lockCorrectionStatus(trx, input.id);
      if (locked.status !== 'PENDING') throw new AppError('CONFLICT', 'error.correctionDecided');
      const reason = input.reason?.trim() ?? '';
      const status = input.decision === 'accept' ? 'ACCEPTED' : 'REFUSED';
      await q.decideCorrection(trx, input.id, { status, by: actor.id, reason });
      if (input.decision === 'refuse') return { correction: { id: input.id, decision: 'refused', reason } };
      const lines = await q.correctionLineCounts(trx, input.id);
      return {
        lines: lines
          .filter((l) => l.order_item_id !== null)
          .map((l) => ({ id: l.order_item_id!, quantity: l.after_count })),
        correction: { id: input.id, decision: 'accepted' },
      };
    });
  },
};
