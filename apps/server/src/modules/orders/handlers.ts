import { inLanguage, translate, unitSymbol, type Language, type orderMethods } from '@portal/contract';
import type { Db } from '../../db/database.js';
import { AppError, notFound, validationError } from '../../rest/app-error.js';
import { inTransaction, requireActor, type Handlers } from '../../rest/context.js';
import { pageOf } from '../../rest/paging.js';
import type { Actor } from '../auth/index.js';
import { basketView, ownBasket } from '../baskets/index.js';
import { activePaySystem, activePaySystemsEn } from '../catalog/index.js';
import { counterpartiesOfUsers } from '../companies/index.js';
import { downloadPath, reuseGenerated } from '../files/index.js';
import { changeOrder } from './change-order.js';
import { createOrder, mailNewOrder } from './create-order.js';
import { attachedBill } from './bill-file.js';
import { billOf, billWorkbook, orderWorkbook } from './documents.js';
import { priceBasket, thresholdRefusals } from './pricing.js';
import { refuseShortLines } from './minimums.js';
import { assertCorrectable } from './rules.js';
import { pickupPoints } from '../content/index.js';
import { tellStaff } from '../notices/index.js';
import { readStaffEmail } from '../settings/index.js';
import { shippingRows } from './heads.js';
import './basket-orders.js';
import './form-orders.js';
import * as q from './queries.js';
import { correctionsOf, loadOrder, seesAll, toOrder } from './view.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The dealer's own order, locked, if its state still allows a correction (decision 060). */
async function ownOrderForChange(db: Db, actor: Actor, orderId: number, language: Language) {
  const row = await q.lockOwnOrderState(db, actor.id, orderId);
  if (!row) throw notFound();
  assertCorrectable({
    statusCode: row.code,
    statusName: language === 'en' && row.name_en ? row.name_en : row.name,
    isPaid: row.is_paid,
    isCanceled: row.is_canceled,
    fromOneC: row.from_1c,
  });
  return row;
}

/**
 * Stores a dealer's correction (docs/spec/05-validation.md) as PENDING: each named line of the order with its new count (0 or
 * delete takes it out). The order's lines do not change until the manager accepts it (decision 100).
 */
async function storeCorrection(
  db: Db,
  actor: Actor,
  orderId: number,
  products: Array<{ id: number; count: number; delete?: boolean }>,
  language: Language,
  replaceId?: number,
): Promise<number> {
  const lines = await q.orderLinesByIds(
    db,
    orderId,
    products.map((p) => p.id),
  );
  if (lines.length !== new Set(products.map((p) => p.id)).size) throw notFound();
  const byId = new Map(lines.map((l) => [l.id, l]));
  const changes = products
    .map((p) => ({ line: byId.get(p.id)!, after: p.delete ? 0 : p.count }))
    .filter((c) => c.after !== c.line.quantity);
  if (changes.length === 0) throw new AppError('VALIDATION', 'error.correctionEmpty');
  await refuseShortLines(
    db,
    language,
    changes.map((c) => ({
      productId: c.line.product_id,
      label: [c.line.article, c.line.name].filter(Boolean).join(' '),
      quantity: c.after,
    })),
  );
  if (changes.every((c) => c.after === 0) && changes.length >= lines.length) {
    const kept = await q.hasOtherLiveLine(
      db,
      orderId,
      changes.map((c) => c.line.id),
    );
    if (!kept) throw new AppError('CONFLICT', 'error.orderLinesEmpty');
  }
  let headId = replaceId;
  if (headId === undefined) {
    if (await q.hasPendingCorrection(db, orderId)) throw new AppError('CONFLICT', 'error.correctionPending');
    headId = await q.insertPendingCorrection(db, orderId, actor.id);
  } else {
    await q.clearCorrectionLines(db, headId);
  }
  await q.insertCorrectionLines(
    db,
    changes.map((c) => ({
      corrective_order_id: headId!,
      order_item_id: c.line.id,
      product_id: c.line.product_id,
      name: c.line.name,
      article: c.line.article,
      before_count: c.line.quantity,
      after_count: c.after,
    })),
  );
  return headId;
}

/** The dealer's own correction still waiting for the manager, with its order locked and still correctable. */
async function ownPending(db: Db, actor: Actor, correctionId: number, language: Language) {
  const head = await q.ownCorrection(db, actor.id, correctionId);
  if (!head) throw notFound();
  await ownOrderForChange(db, actor, head.order_id, language);
  const locked = await q.lockCorrectionStatus(db, head.id);
  if (locked.status !== 'PENDING') throw new AppError('CONFLICT', 'error.correctionDecided');
  return head;
}

async function actsOf(db: Db, actor: Actor, filter: { order?: number; id?: number }) {
  const rows = await q.actRows(db, actor, filter);
  return rows.map((r) => ({
    id: r.id,
    orderId: r.id,
    dateCreate: r.created_at.toISOString(),
    subtotal: Number(r.price),
    currency: r.currency,
    payments: r.is_paid ? [{ date: r.created_at.toISOString(), value: Number(r.price) }] : [],
  }));
}

export const orderHandlers: Handlers<typeof orderMethods> = {
  async 'order/list'(input, ctx) {
    const { count, rows } = await q.listOrders(ctx.db, requireActor(ctx), input);
    return { count, items: rows.map((r) => toOrder(r, ctx.language)) };
  },
  async 'order/get'(input, ctx) {
    return loadOrder(ctx.db, requireActor(ctx), input.id, ctx.language);
  },
  async 'order/get-fields'(_input, ctx) {
    const actor = requireActor(ctx);
    const [companies, pays, shippings, points] = await Promise.all([
      counterpartiesOfUsers(ctx.db, [actor.id]),
      activePaySystemsEn(ctx.db),
      shippingRows(ctx.db),
      pickupPoints(ctx.db),
    ]);
    const t = (k: string) => translate(ctx.language, k);
    const field = (
      id: string,
      name: string,
      type: string,
      required: boolean,
      value = '',
      options: Array<{ value: string; title: string; isPickup?: boolean; description?: string }> = [],
    ) => ({
      id,
      name,
      type,
      required,
      value,
      options,
    });
    return {
      fields: [
        field(
          'company',
          t('order.company'),
          'LIST',
          true,
          String(companies[0]?.id ?? ''),
          companies.map((c) => ({ value: String(c.id), title: c.name })),
        ),
        field(
          'paySystem',
          t('order.paySystem'),
          'LIST',
          true,
          String(actor.paySystemId ?? pays[0]?.id ?? ''),
          pays.map((p) => ({ value: String(p.id), title: inLanguage(p.name, p.name_en, ctx.language) })),
        ),
        field(
          'shipping',
          t('order.shipping'),
          'LIST',
          true,
          String(shippings[0]?.id ?? ''),
          shippings.map((s) => ({
            value: String(s.id),
            title: inLanguage(s.name, s.name_en, ctx.language),
            isPickup: s.is_pickup,
          })),
        ),
        // Where a pickup order is collected: the warehouses of the «Склады» page (decision 064).
        field(
          'storage',
          t('order.storage'),
          'LIST',
          points.length > 0,
          String(points[0]?.id ?? ''),
          points.map((p) => ({
            value: String(p.id),
            title: p.name,
            description: [p.address, p.working].filter(Boolean).join(' · '),
          })),
        ),
        field('address', t('order.address'), 'TEXT', false),
        field('vin', 'VIN', 'TEXT', false),
        field('model', t('order.model'), 'TEXT', false),
        field('comment', t('order.comment'), 'TEXTAREA', false),
        field('files', t('order.files'), 'FILE', false),
      ],
    };
  },
  async 'order/create'(input, ctx) {
    const actor = requireActor(ctx);
    const f = input.fields;
    const { id, creditWarning } = await createOrder(
      ctx.db,
      actor,
      ctx.language,
      {
        basket: f.basket,
        company: f.company,
        paySystem: f.paySystem,
        shipping: f.shipping,
        address: f.address,
        storage: f.storage,
        vin: f.vin,
        model: f.model,
        comment: f.comment,
        files: f.files,
        machine: f.machine,
        urgent: f.urgent,
      },
      input.idempotencyKey,
      (trx, order) => mailNewOrder(trx, ctx.mailer, actor, order, ctx.config.publicUrl),
    );
    const order = await loadOrder(ctx.db, actor, id, ctx.language);
    const basket = await ownBasket(ctx.db, actor.id, f.basket).catch(() => null);
    return {
      id,
      order,
      basket: basket ? await basketView(ctx.db, actor, basket) : null,
      ...(creditWarning ? { creditWarning } : {}),
    };
  },
  async 'order/preview'(input, ctx) {
    const actor = requireActor(ctx);
    await ownBasket(ctx.db, actor.id, input.basket);
    const pay = await activePaySystem(ctx.db, input.paySystem);
    if (!pay) throw validationError({ paySystem: translate(ctx.language, 'validation.invalid') });
    const priced = await priceBasket(ctx.db, actor, input.basket, input.paySystem);
    const refusals = await thresholdRefusals(ctx.db, actor, ctx.language, priced, input.paySystem);
    return {
      refusals,
      basket: input.basket,
      paySystem: input.paySystem,
      items: priced.lines.map((l) => ({
        id: l.id,
        productId: l.productId,
        name: l.name,
        article: l.article,
        unit: unitSymbol(l.unit, ctx.language),
        quantity: l.quantity,
        price: l.price,
        sum: l.sum,
        currency: l.currency,
        problem: l.problem,
      })),
      totals: priced.totals,
      price: priced.price,
      currency: priced.currency,
      weightKg: priced.weightKg,
      volumeM3: priced.volumeM3,
    };
  },
  async 'order/file'(input, ctx) {
    const actor = requireActor(ctx);
    const order = await loadOrder(ctx.db, actor, input.id, ctx.language);
    // The same order (as this user sees it, in this language) gives the stored file again (decision 068).
    const row = await reuseGenerated(
      ctx.storage,
      ctx.db,
      actor.id,
      { name: `order-${order.id}.xlsx`, contentType: XLSX, kind: `order:${order.id}`, source: [ctx.language, order] },
      () => orderWorkbook(order, ctx.language),
    );
    return { path: downloadPath(row), name: row.name, size: row.size };
  },
  async 'order/set-status'(input, ctx) {
    const actor = requireActor(ctx);
    const { id, ...change } = input;
    await changeOrder(ctx, id, change, { userId: actor.id, source: 'desk', employee: !seesAll(actor) });
    // Staff see every order; load it as an administrator would.
    return loadOrder(ctx.db, seesAll(actor) ? actor : { ...actor, roles: actor.roles | 1 }, input.id, ctx.language);
  },
  async 'order-status/list'(_input, ctx) {
    const rows = await q.orderStatusRows(ctx.db);
    return {
      items: rows.map((s) => ({
        id: s.id,
        code: s.code,
        type: s.type,
        name: ctx.language === 'en' && s.name_en ? s.name_en : s.name,
        color: s.color,
        description: inLanguage(s.description, s.description_en, ctx.language),
      })),
    };
  },
  async 'bill/get'(input, ctx) {
    const order = await loadOrder(ctx.db, requireActor(ctx), input.id, ctx.language);
    const attached = await attachedBill(ctx.db, order.id);
    return {
      ...(await billOf(ctx.db, order, ctx.language)),
      file: attached && { path: attached.path, name: attached.name },
    };
  },
  async 'bill/file'(input, ctx) {
    const actor = requireActor(ctx);
    const order = await loadOrder(ctx.db, actor, input.id, ctx.language);
    // An attached bill wins: the dealer gets the file staff attached, not a generated one (decision 131).
    const attached = await attachedBill(ctx.db, order.id);
    if (attached) return { path: attached.path, name: attached.name, size: attached.size };
    const bill = await billOf(ctx.db, order, ctx.language);
    const row = await reuseGenerated(
      ctx.storage,
      ctx.db,
      actor.id,
      { name: `bill-${bill.id}.xlsx`, contentType: XLSX, kind: `bill:${bill.id}`, source: [ctx.language, bill] },
      () => billWorkbook(bill, ctx.language),
    );
    return { path: downloadPath(row), name: row.name, size: row.size };
  },
  async 'act/list'(input, ctx) {
    const all = await actsOf(ctx.db, requireActor(ctx), { order: input.filter?.order });
    const items = pageOf(all, input);
    return { count: all.length, items };
  },
  async 'act/get'(input, ctx) {
    const [act] = await actsOf(ctx.db, requireActor(ctx), { id: input.id });
    if (!act) throw notFound();
    return act;
  },
  async 'corrective-order/list'(input, ctx) {
    const orders = await q.ownOrderIds(ctx.db, requireActor(ctx).id, input.filter?.order);
    const all = (await correctionsOf(ctx.db, orders)).reverse();
    const items = pageOf(all, input);
    return { count: all.length, items };
  },
  async 'corrective-order/get'(input, ctx) {
    const row = await q.ownCorrection(ctx.db, requireActor(ctx).id, input.id);
    if (!row) throw notFound();
    const [c] = await correctionsOf(ctx.db, [], [row.id]);
    if (!c) throw notFound();
    return c;
  },
  async 'corrective-order/create'(input, ctx) {
    const actor = requireActor(ctx);
    const id = await inTransaction(ctx, async (trx) => {
      const head = await ownOrderForChange(trx, actor, input.id, ctx.language);
      const correctionId = await storeCorrection(trx, actor, input.id, input.products, ctx.language);
      // «Изменения» says the dealer sent it; the manager decides at the desk (decision 100).
      await changeOrder(
        { ...ctx, db: trx },
        input.id,
        { correction: { id: correctionId, decision: 'sent' } },
        { userId: actor.id, source: 'dealer' },
      );
      // The dealer's manager (or the general address) hears of it with a link to the desk (decision 199).
      const dealer = actor.row.company || actor.login;
      await tellStaff(
        { ...ctx, db: trx },
        translate('ru', 'staffMail.correction', input.id, dealer),
        translate('ru', 'staffMail.correctionText', dealer, input.id, input.products.length),
        `/desk/order/${input.id}/`,
        { dealerId: actor.id, companyId: head.counterparty_id, generalAddress: await readStaffEmail(trx) },
      );
      return correctionId;
    });
    const [c] = await correctionsOf(ctx.db, [], [id]);
    return c!;
  },
  /** Replaces the products of a correction that still waits for the manager. */
  async 'corrective-order/update'(input, ctx) {
    const actor = requireActor(ctx);
    await inTransaction(ctx, async (trx) => {
      const head = await ownPending(trx, actor, input.id, ctx.language);
      await storeCorrection(trx, actor, head.order_id, input.products, ctx.language, head.id);
    });
    const [c] = await correctionsOf(ctx.db, [], [input.id]);
    return c!;
  },
  /** Withdraws a correction that still waits for the manager (a decided one stays in the history). */
  async 'corrective-order/delete'(input, ctx) {
    const actor = requireActor(ctx);
    await inTransaction(ctx, async (trx) => {
      const head = await ownPending(trx, actor, input.id, ctx.language);
      await q.deleteCorrection(trx, head.id);
    });
    return { ok: true as const };
  },
};
