import { Role, translate, type DeskOrder, type deskMethods, type Language, type ResolvedLine } from '@portal/contract';
import type { Db } from '../../db/database.js';
import { AppError, notFound } from '../../rest/app-error.js';
import { inTransaction, requireActor, type Handlers, type RestContext } from '../../rest/context.js';
import { recordAudit } from '../audit/index.js';
import { isAdmin, loadActor } from '../auth/index.js';
import { resolveLines } from '../baskets/index.js';
import { activeProductsByNameWords, loadOffers } from '../catalog/index.js';
import { downloadPath, ownFile, readStored, saveGenerated } from '../files/index.js';
import { deskOrdersWorkbook } from './desk-export.js';
import './bill-file.js';
import { changeOrder, type LineChange, type OrderChange } from './change-order.js';
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

/**
 * A part number or a name → products for a line of the order, with the order dealer's prices (decision 196):
 * the dealer's quick-order resolver (the part, a replaced number's current part or set, analogues, a prefix),
 * then, when no number matches, the words of a product's name.
 */
async function findLines(db: Db, orderId: number, query: string): Promise<ResolvedLine[]> {
  const dealerId = await q.orderDealerId(db, orderId);
  if (dealerId === undefined) throw notFound();
  const dealer = await loadActor(db, dealerId);
  if (!dealer) throw notFound();
  const { lines } = await resolveLines(db, dealer, [{ row: 1, article: query, quantity: 1 }]);
  if (lines.some((l) => l.candidates.length > 0)) return lines;
  const byName = await activeProductsByNameWords(db, query, 5);
  if (byName.length === 0) return [];
  const offers = await loadOffers(
    db,
    dealer,
    byName.map((p) => p.id),
  );
  return [
    {
      row: 1,
      article: query,
      quantity: 1,
      status: byName.length === 1 ? 'found' : 'several',
      candidates: byName.map((p) => {
        const offer = offers.get(p.id);
        return {
          productId: p.id,
          name: p.name,
          article: p.article,
          brand: p.brand,
          match: 'name' as const,
          price: offer?.price ? { value: offer.price.value, currency: offer.price.currency } : null,
          availability: offer?.availability ?? 'N',
          stock: offer?.quantity ?? 0,
        };
      }),
    },
  ];
}

/**
 * The desk's lines as the change mechanism takes them: a typed part number or name becomes the product it
 * names — its own number or a replaced number's current part(s) — or is refused with a message; it is never
 * dropped (decision 196). Analogues and several matches are offered by `desk-order/find-line`, not guessed.
 */
async function resolveDeskLines(
  db: Db,
  orderId: number,
  lines: NonNullable<Parameters<(typeof deskOrderHandlers)['desk-order/change']>[0]['lines']>,
): Promise<LineChange[]> {
  const out: LineChange[] = [];
  for (const l of lines) {
    if (!('article' in l)) {
      out.push(l);
      continue;
    }
    const found = await findLines(db, orderId, l.article);
    if (found.every((f) => f.candidates.length === 0))
      throw new AppError('VALIDATION', 'error.deskLineNotFound', { args: [l.article] });
    const sure = found.every((f) => {
      const match = f.candidates[0]?.match;
      return (
        f.candidates.length === 1 &&
        (match === 'article' || match === 'replacement' || (match === 'name' && f.status === 'found'))
      );
    });
    if (!sure) throw new AppError('CONFLICT', 'error.deskLineAmbiguous', { args: [l.article] });
    for (const f of found) {
      const ratio = f.replaced?.ratio ?? 1;
      out.push({ productId: f.candidates[0]!.productId, quantity: l.quantity * ratio });
    }
  }
  return out;
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
        if (c.before !== c.after) {
          before[`line ${c.article || c.lineId}`] = c.before;
          after[`line ${c.article || c.lineId}`] = c.after;
        }
        if (c.priceBefore !== undefined && c.priceAfter !== undefined) {
          before[`price ${c.article || c.lineId}`] = c.priceBefore;
          after[`price ${c.article || c.lineId}`] = c.priceAfter;
        }
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
    return act(ctx, id, action, async (trx) => ({
      ...change,
      lines: change.lines ? await resolveDeskLines(trx, id, change.lines) : undefined,
    }));
  },

  async 'desk-order/bulk-status'(input, ctx) {
    const done: number[] = [];
    const failed: Array<{ id: number; message: string }> = [];
    // Each order in its own transaction (act), by the status rules of decision 193; a refusal is caught
    // outside that transaction, after its rollback (decision 189), and reported by the order's number.
    for (const id of [...new Set(input.ids)]) {
      try {
        const change = { status: input.status, confirm: input.confirm, reason: input.reason };
        const row = await q.deskOrderRow(ctx.db, id);
        if (!row) throw notFound();
        await act(ctx, id, 'status', async () => (row.is_canceled ? { ...change, isCanceled: false } : change));
        done.push(id);
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        failed.push({ id, message: translate(ctx.language, err.message as never, ...(err.extra.args ?? [])) });
      }
    }
    return { done, failed };
  },

  async 'desk-order/export'(input, ctx) {
    const actor = requireActor(ctx);
    const rows = await q.deskOrdersForExport(ctx.db, actor.id, input.filter ?? {}, input.ids, 10000);
    const data = await deskOrdersWorkbook(
      rows.map((r) => toDesk(r, ctx.language)),
      ctx.language,
    );
    const name = `desk-orders-${new Date().toISOString().slice(0, 10)}.xlsx`;
    const file = await saveGenerated(
      ctx.storage,
      ctx.db,
      actor.id,
      name,
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      data,
    );
    return { path: downloadPath(file), name: file.name, size: file.size };
  },

  async 'desk-order/find-line'(input, ctx) {
    const lines = await findLines(ctx.db, input.id, input.query);
    if (lines.every((l) => l.candidates.length === 0))
      throw new AppError('VALIDATION', 'error.deskLineNotFound', {
        args: [input.query],
        fields: { query: translate(ctx.language, 'error.deskLineNotFound', input.query) },
      });
    return { lines };
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
