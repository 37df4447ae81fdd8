import { staffMayMoveStatus, statusMoveNeedsReason, translate, type Language, type NoticeKind } from '@portal/contract';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import type { Mailer } from '../../mail/mailer.js';
import { AppError, notFound } from '../../rest/app-error.js';
import { priceTypeOf } from '../auth/index.js';
import { round2 } from '../baskets/index.js';
import { loadOffers, productsForOrderLines } from '../catalog/index.js';
import { fileById } from '../files/index.js';
import { noticePreferences, tellUser } from '../notices/index.js';
import { readEmployeeDiscountLimit } from '../settings/index.js';
import { refuseShortLines } from './minimums.js';
import { tellOrderListeners } from './order-events.js';
import * as q from './queries.js';
import { correctionRefusal } from './rules.js';
import { applySupplierLines, applySupplierTotal, type SupplierLine } from './supplier-lines.js';
import type { HistoryStatus, OrderHistoryChange } from './tables.js';
import { lockOrder } from './tidings-queries.js';
import { holdTidings } from './tidings.js';
import { recomputeTotals } from './supplier-queries.js';
import { describeChange } from './describe-change.js';

export { describeChange };
import './tables.js';

/** What the change mechanism needs: the database (or the caller's transaction), mail, config, a log. */
export interface OrderDeps {
  db: Db;
  mailer: Mailer;
  config: Config;
  log: { warn: (obj: unknown, msg: string) => void };
  /** The language of refusals written here as text (the desk's request); Russian when left out. */
  language?: Language;
}

/** Who changes the order: a manager at the desk, 1C, the dealer (a correction), or the portal itself. */
export interface ChangeAuthor {
  userId: number | null;
  source: 'desk' | 'exchange' | 'dealer' | 'system';
  /** An employee at the desk, not an administrator: the limits of decision 193 apply. */
  employee?: boolean;
}

/**
 * A line of the order by its id: its quantity (0 takes it out), its price or a discount off the dealer's price
 * (the desk, decision 196); or a product to add (or set, if the order has it).
 */
export type LineChange =
  { id: number; quantity?: number; price?: number; discountPercent?: number } | { productId: number; quantity: number };

/** Everything that may change at once; anything left out stays as it is. */
export interface OrderChange {
  /** A status id, or its code (`N`, `A`, `P`, `S`, `F`, `C`). */
  status?: number | { code: string };
  isPayment?: boolean;
  isWarning?: boolean;
  /** true = cancel (status «Отменен»); false = undo a cancellation (a new status must come with it). */
  isCanceled?: boolean;
  lines?: LineChange[];
  /** Issue the bill: a stored file staff attach (copied to the dealer), or the generated bill (no file). */
  bill?: { fileId?: number; replaceFile?: boolean };
  /** Attach the commercial offer (a stored file of the dealer's, decision 146), or remove it (`fileId: null`). */
  offer?: { fileId: number | null; description?: string };
  /** A decision on a dealer's correction, written into the history beside the line changes it brings. */
  correction?: { id: number; decision: 'accepted' | 'refused' | 'sent'; reason?: string };
  /** A message for the dealer. */
  note?: string;
  /**
   * Staff leaving «Отменен», «Отгружен» or «Выполнен» (decision 193): the confirmation and the reason, which
   * the dealer is told as the change's note.
   */
  confirm?: boolean;
  reason?: string;
  /** The exchange only (decision 096): the lines as 1C has them, prices included (see supplier-lines.ts). */
  supplierLines?: SupplierLine[];
  /** The exchange only: the order's sum as 1C says it, after its lines. */
  total?: number;
}

export interface ChangeResult {
  orderId: number;
  /** The history line written, or null when nothing changed (nobody is told then). */
  historyId: number | null;
  changes: OrderHistoryChange[];
}

const FINAL_STATUS = 'F';
const CANCELED_STATUS = 'C';
const SHIPPED_STATUSES = ['S', 'F'];

const refuse = (key: Parameters<typeof translate>[1], ...args: Array<string | number>) =>
  new AppError('CONFLICT', key, { args });

/**
 * Applies a change to an order in one transaction (the caller's, when `deps.db` is one): status, the paid /
 * has-problems / cancelled flags, lines, the bill, a note. Refuses, with a 409 and a clear message, what the
 * order's state does not allow; writes one line into the order's history; tells the dealer by notice and
 * e-mail as their preferences say. A change that changes nothing writes nothing and tells nobody.
 *
 * The desk (`desk-order/*`), `order/set-status`, the 1C exchange (statuses from 1C) and the decisions on
 * dealers' corrections all change orders through this one function (decision 100).
 */
export async function changeOrder(
  deps: OrderDeps,
  orderId: number,
  change: OrderChange,
  by: ChangeAuthor,
): Promise<ChangeResult> {
  if (deps.db.isTransaction) return applyChange({ ...deps }, orderId, change, by);
  return deps.db.transaction().execute((trx) => applyChange({ ...deps, db: trx }, orderId, change, by));
}

async function applyChange(
  deps: OrderDeps,
  orderId: number,
  change: OrderChange,
  by: ChangeAuthor,
): Promise<ChangeResult> {
  const { db } = deps;
  // The row alone first: concurrent changes wait here, then read the order as the last one left it.
  await lockOrder(db, orderId);
  const order = await q.lockedOrderState(db, orderId);
  if (!order) throw notFound();
  const current: HistoryStatus = {
    id: order.status_id,
    code: order.status_code,
    name: order.status_name,
    nameEn: order.status_name_en,
  };
  const fromExchange = by.source === 'exchange';

  // The status the order moves to, if any: asked for, or implied by the cancelled flag.
  let target: HistoryStatus | null = null;
  if (change.status !== undefined) target = await findStatus(db, change.status);
  if (change.isCanceled === true && !target) target = await findStatus(db, { code: CANCELED_STATUS });
  if (change.isCanceled === true && target && target.code !== CANCELED_STATUS)
    throw refuse('error.orderUncancelStatus');
  if (change.isCanceled === false && order.is_canceled && (!target || target.code === CANCELED_STATUS))
    throw refuse('error.orderUncancelStatus');
  if (target?.id === current.id) target = null;
  const cancels = target?.code === CANCELED_STATUS;
  const stillCanceled = order.is_canceled && !(target && !cancels);

  // An order placed in 1C changes only from 1C (decision 202).
  if (order.from_1c && !fromExchange) throw refuse('error.orderFrom1C');
  // What the order's state does not allow (1C, the master of statuses, may move a finished order).
  if (target && current.code === FINAL_STATUS && !fromExchange && by.source !== 'desk')
    throw refuse('error.orderCompleted');
  if (cancels && SHIPPED_STATUSES.includes(current.code) && !fromExchange) throw refuse('error.orderShippedCancel');
  // Staff move statuses along the table of decision 193; leaving a terminal status takes a confirmation and
  // a reason, which the dealer is told with the change.
  if (target && by.source === 'desk') {
    if (!staffMayMoveStatus(current.code, target.code))
      throw refuse('error.orderStatusMove', current.name, target.name);
    if (statusMoveNeedsReason(current.code, target.code) && (!change.confirm || !change.reason?.trim()))
      throw new AppError('VALIDATION', 'error.orderStatusReason', { args: [current.name] });
  }
  if (
    stillCanceled &&
    !fromExchange &&
    (change.lines?.length || change.bill || change.offer?.fileId || change.isPayment === true)
  )
    throw refuse('error.orderCanceledChange');
  if (change.lines?.length) {
    const refusal = correctionRefusal(
      { statusCode: current.code, statusName: current.name, isPaid: order.is_paid, isCanceled: order.is_canceled },
      by.source === 'desk' ? 'staff' : 'dealer',
    );
    if (refusal) throw refuse(refusal.key, ...refusal.args);
  }

  const changes: OrderHistoryChange[] = [];
  const set: {
    status_id?: number;
    is_canceled?: boolean;
    is_paid?: boolean;
    is_warning?: boolean;
    shipped_at?: Date;
  } = {};
  if (target) {
    changes.push({ field: 'status', before: current, after: target });
    set.status_id = target.id;
    // First shipment (decision 061): the return period starts, every line counts as delivered in full.
    if (SHIPPED_STATUSES.includes(target.code) && !order.shipped_at) set.shipped_at = new Date();
    if (order.is_canceled !== cancels) {
      set.is_canceled = cancels;
      changes.push({ field: 'isCanceled', before: order.is_canceled, after: cancels });
    }
  }
  if (change.isPayment !== undefined && change.isPayment !== order.is_paid) {
    // The paid mark is the supplier's accounting's word (decision 193): an employee sets it, only an
    // administrator takes it back.
    if (by.employee && !change.isPayment) throw new AppError('FORBIDDEN', 'error.employeePaidClear');
    set.is_paid = change.isPayment;
    changes.push({ field: 'isPayment', before: order.is_paid, after: change.isPayment });
  }
  if (change.isWarning !== undefined && change.isWarning !== order.is_warning) {
    set.is_warning = change.isWarning;
    changes.push({ field: 'isWarning', before: order.is_warning, after: change.isWarning });
  }
  if (Object.keys(set).length > 0) {
    await q.setOrderState(db, orderId, set);
    if (set.shipped_at) await q.deliverAllLines(db, orderId);
  }

  if (change.lines?.length) {
    changes.push(...(await applyLines(db, order, change.lines, deps.language ?? 'ru', by)));
  }

  // 1C, the master of what it ships and at what price: its lines and sum as it says them.
  if (fromExchange && change.supplierLines?.length) {
    const lineChanges = await applySupplierLines(db, order, change.supplierLines);
    if (lineChanges.length > 0 && !(await q.hasLiveLine(db, orderId))) throw refuse('error.orderLinesEmpty');
    changes.push(...lineChanges);
  }
  if (fromExchange && change.total !== undefined) {
    const total = await applySupplierTotal(db, order, change.total);
    if (total) changes.push(total);
  }

  if (change.correction) {
    changes.push({
      field: 'correction',
      correctionId: change.correction.id,
      decision: change.correction.decision,
      reason: change.correction.reason ?? '',
    });
  }

  if (change.bill) {
    if (!(await q.hasLiveLine(db, orderId))) throw refuse('error.orderBillEmpty');
    const fileId = change.bill.fileId ?? null;
    let fileName = '';
    if (fileId !== null) {
      const file = await fileById(db, fileId);
      if (!file) throw notFound();
      fileName = file.name;
    }
    // An attached file wins over the generated bill: only an explicit «Сформировать заново» replaces it.
    const attached = await q.orderAttachedFiles(db, orderId);
    const current = attached?.bill_file_id == null ? undefined : await fileById(db, attached.bill_file_id);
    if (fileId === null && current && !change.bill.replaceFile) throw refuse('error.orderBillAttached', current.name);
    // A bill file staff attached is a document the dealer may already pay by (decision 193): only an
    // administrator replaces it.
    if (by.employee && current) throw new AppError('FORBIDDEN', 'error.employeeBillReplace');
    await q.setOrderBill(db, orderId, fileId);
    changes.push({
      field: 'bill',
      fileId,
      fileName,
      ...(fileId === null && current ? { replaced: current.name } : {}),
    });
  }

  if (change.offer) {
    const offer = await applyOffer(db, orderId, change.offer);
    if (offer) changes.push(offer);
  }

  // The reason for a status move (decision 193) reaches the dealer as the change's note, before any message.
  const note = [change.reason?.trim() ?? '', change.note?.trim() ?? ''].filter(Boolean).join('\n\n');
  if (changes.length === 0 && note === '') return { orderId, historyId: null, changes };

  const historyId = await q.insertOrderHistory(db, {
    order_id: orderId,
    author_id: by.userId,
    source: by.source,
    changes: JSON.stringify(changes),
    note,
  });

  // Modules above orders hear of every change in its transaction (the webhooks' outbox, decision 225).
  await tellOrderListeners(db, {
    orderId,
    userId: order.user_id,
    historyId,
    source: by.source,
    changes,
    shipped: Boolean(set.shipped_at),
  });
  // The dealer hears of what others did to their order, not of their own action; of the desk's, once per
  // change set (decision 195).
  if (by.userId !== order.user_id) {
    const held = by.source === 'desk' && (await holdTidings(db, orderId, historyId));
    if (!held) await tellDealer(deps, order.user_id, orderId, changes, note);
  }
  return { orderId, historyId, changes };
}

/** Attaches, replaces or removes the commercial offer; null when there is nothing to remove. */
async function applyOffer(
  db: Db,
  orderId: number,
  offer: { fileId: number | null; description?: string },
): Promise<OrderHistoryChange | null> {
  const attached = await q.orderAttachedFiles(db, orderId);
  const current = attached?.offer_file_id == null ? undefined : await fileById(db, attached.offer_file_id);
  if (offer.fileId === null && !current) return null;
  let fileName = '';
  if (offer.fileId !== null) {
    const file = await fileById(db, offer.fileId);
    if (!file) throw notFound();
    fileName = file.name;
  }
  const description = offer.fileId === null ? '' : (offer.description?.trim() ?? '');
  await q.setOrderOffer(db, orderId, offer.fileId, description);
  return {
    field: 'offer',
    fileId: offer.fileId,
    fileName: offer.fileId === null ? current!.name : fileName,
    description,
    ...(offer.fileId !== null && current ? { replaced: current.name } : {}),
  };
}

async function findStatus(db: Db, status: number | { code: string }): Promise<HistoryStatus> {
  const row = await q.orderStatusBy(db, status);
  if (!row) throw new AppError('VALIDATION', 'error.orderUnknownStatus');
  return { id: row.id, code: row.code, name: row.name, nameEn: row.name_en };
}

interface LockedOrder {
  id: number;
  user_id: number;
  pay_system_id: number | null;
}

/**
 * Sets the lines' quantities (0 keeps the line at 0, hidden, as corrections do) and prices, and adds products
 * at the dealer's price for the order's payment method. The rules are the basket's and the correction's: the
 * product on sale and priced, the quantity a multiple of its measurement factor, and no more added than the
 * warehouses hold. A price below the dealer's by more than the site's limit is an administrator's (decision 196).
 */
async function applyLines(
  db: Db,
  order: LockedOrder,
  lines: LineChange[],
  language: Language,
  by: ChangeAuthor,
): Promise<OrderHistoryChange[]> {
  const existing = await q.orderLines(db, order.id);
  const byId = new Map(existing.map((l) => [l.id, l]));
  const byProduct = new Map(existing.filter((l) => l.product_id !== null).map((l) => [l.product_id!, l]));

  // Each line once: the last word about a line or a product counts.
  const targets = new Map<number, number>();
  const additions = new Map<number, number>();
  const prices = new Map<number, { price?: number; discountPercent?: number }>();
  for (const l of lines) {
    if ('id' in l) {
      if (!byId.has(l.id)) throw new AppError('VALIDATION', 'error.orderLineUnknown', { args: [l.id] });
      if (l.quantity !== undefined) targets.set(l.id, l.quantity);
      if (l.price !== undefined || l.discountPercent !== undefined)
        prices.set(l.id, { price: l.price, discountPercent: l.discountPercent });
    } else {
      const line = byProduct.get(l.productId);
      if (line) targets.set(line.id, l.quantity);
      else if (l.quantity > 0) additions.set(l.productId, l.quantity);
    }
  }

  const productIds = [
    ...new Set([
      ...[...targets.keys()].map((id) => byId.get(id)!.product_id).filter((p): p is number => p !== null),
      ...additions.keys(),
    ]),
  ];
  const products = await productsForOrderLines(db, productIds);
  const productOf = new Map(products.map((p) => [p.id, p]));

  /** An increase must be on sale, a multiple of the factor and in stock. */
  const checkIncrease = (productId: number | null, label: string, quantity: number, increase: number) => {
    const p = productId === null ? undefined : productOf.get(productId);
    if (!p || !p.active) throw refuse('error.orderLineUnavailable', label);
    const factor = Number(p.measure_factor);
    if (factor > 1 && quantity % factor !== 0)
      throw new AppError('VALIDATION', 'validation.quantityFactor', { args: [factor] });
    if (increase > Number(p.stock)) throw refuse('error.orderLineStock', label, Number(p.stock));
  };

  // No tea or coffee line left below its group's minimum (docs/spec/09-constants.md, decision 140).
  await refuseShortLines(db, language, [
    ...[...targets]
      .filter(([lineId, quantity]) => byId.get(lineId)!.quantity !== quantity)
      .map(([lineId, quantity]) => {
        const line = byId.get(lineId)!;
        return { productId: line.product_id, label: [line.article, line.name].filter(Boolean).join(' '), quantity };
      }),
    ...[...additions].map(([productId, quantity]) => {
      const p = productOf.get(productId);
      return { productId, label: p ? [p.article, p.name].filter(Boolean).join(' ') : `#${productId}`, quantity };
    }),
  ]);

  const changes: OrderHistoryChange[] = [];
  for (const [lineId, quantity] of targets) {
    const line = byId.get(lineId)!;
    if (line.quantity === quantity) continue;
    const label = [line.article, line.name].filter(Boolean).join(' ');
    if (quantity > line.quantity) checkIncrease(line.product_id, label, quantity, quantity - line.quantity);
    await q.setLineQuantity(db, lineId, quantity);
    changes.push({
      field: 'line',
      lineId,
      productId: line.product_id,
      article: line.article,
      name: line.name,
      before: line.quantity,
      after: quantity,
    });
  }

  if (prices.size > 0) changes.push(...(await applyPrices(db, order, byId, prices, targets, by)));

  if (additions.size > 0) {
    const offers = await loadOffers(
      db,
      { priceTypeId: await priceTypeOf(db, order.user_id), paySystemId: order.pay_system_id },
      [...additions.keys()],
      undefined,
      'basket',
    );
    for (const [productId, quantity] of additions) {
      const p = productOf.get(productId);
      const label = p ? [p.article, p.name].filter(Boolean).join(' ') : `#${productId}`;
      checkIncrease(productId, label, quantity, quantity);
      const price = offers.get(productId)?.price;
      if (!price || (order.pay_system_id !== null && price.paySystemId !== order.pay_system_id))
        throw refuse('error.orderLineNoPrice', label);
      const lineId = await q.insertOrderLine(db, {
        order_id: order.id,
        product_id: productId,
        name: p!.name,
        article: p!.article,
        unit: p!.unit,
        quantity,
        price: price.value,
        currency: price.currency,
        weight_kg: p!.weight_kg,
        volume_m3: p!.volume_m3,
      });
      changes.push({
        field: 'line',
        lineId,
        productId,
        article: p!.article,
        name: p!.name,
        before: 0,
        after: quantity,
      });
    }
  }

  if (changes.length > 0) {
    if (!(await q.hasLiveLine(db, order.id))) throw refuse('error.orderLinesEmpty');
    await recomputeTotals(db, order.id);
  }
  return changes;
}

/**
 * A manager's price per line (decision 196): a price, or a discount off the dealer's price — the dealer's
 * price type for the order's payment method now, or the line's own price when the catalogue no longer prices
 * it. An employee goes at most the site's `employeeDiscountLimitPercent` below the dealer's price (403);
 * administrators are not limited.
 */
async function applyPrices(
  db: Db,
  order: LockedOrder,
  byId: Map<number, Awaited<ReturnType<typeof q.orderLines>>[number]>,
  prices: Map<number, { price?: number; discountPercent?: number }>,
  targets: Map<number, number>,
  by: ChangeAuthor,
): Promise<OrderHistoryChange[]> {
  const productIds = [...prices.keys()].map((id) => byId.get(id)!.product_id).filter((p): p is number => p !== null);
  const offers = await loadOffers(
    db,
    { priceTypeId: await priceTypeOf(db, order.user_id), paySystemId: order.pay_system_id },
    productIds,
    undefined,
    'basket',
  );
  const limit = by.employee ? await readEmployeeDiscountLimit(db) : null;
  const changes: OrderHistoryChange[] = [];
  for (const [lineId, asked] of prices) {
    const line = byId.get(lineId)!;
    const before = Number(line.price);
    const offer = line.product_id === null ? undefined : offers.get(line.product_id)?.price;
    const dealerPrice =
      offer &&
      offer.currency === line.currency &&
      (order.pay_system_id === null || offer.paySystemId === order.pay_system_id)
        ? Number(offer.value)
        : before;
    const price = round2(asked.price ?? dealerPrice * (1 - (asked.discountPercent ?? 0) / 100));
    if (limit !== null && price < round2(dealerPrice * (1 - limit / 100)))
      throw new AppError('FORBIDDEN', 'error.employeeDiscountLimit', { args: [limit] });
    if (price === before) continue;
    await q.setLinePrice(db, lineId, price);
    const quantity = targets.get(lineId) ?? line.quantity;
    changes.push({
      field: 'line',
      lineId,
      productId: line.product_id,
      article: line.article,
      name: line.name,
      before: quantity,
      after: quantity,
      priceBefore: before,
      priceAfter: price,
    });
  }
  return changes;
}

/** The kind of tidings each change is (the dealer turns kinds off per channel in the profile). */
const KIND_OF: Record<OrderHistoryChange['field'], NoticeKind> = {
  status: 'orderStatus',
  isPayment: 'orderStatus',
  isWarning: 'orderStatus',
  isCanceled: 'orderStatus',
  line: 'orderLines',
  total: 'orderLines',
  correction: 'orderLines',
  bill: 'orderBill',
  offer: 'orderOffer',
  document: 'accountDocument',
};

/**
 * The dealer is told once per change (the desk's: once per change set, `tidings-job.ts`, decision 195); a
 * manager's note alone has its own subject. The notice says what the dealer wants to see in the portal, the
 * e-mail what they want by mail (each kind on or off per channel). Inside the change's transaction, so a
 * refused change tells nobody.
 */
export async function tellDealer(
  deps: OrderDeps,
  userId: number,
  orderId: number,
  changes: OrderHistoryChange[],
  note: string,
): Promise<void> {
  const prefs = await noticePreferences(deps.db, userId);
  const statusChange = changes.find((c) => c.field === 'status');
  const compose = (channel: 'notice' | 'email') => {
    const parts = changes.filter((c) => prefs[KIND_OF[c.field]][channel]);
    const withNote = note !== '' && prefs.orderNote[channel];
    if (parts.length === 0 && !withNote) return null;
    const text = (language: Language) =>
      [
        translate(language, 'tidings.order.text', orderId),
        ...parts.map((c) => `— ${describeChange(c, language)}`),
        ...(withNote ? [translate(language, 'history.note', note)] : []),
      ].join('\n');
    const only = (field: OrderHistoryChange['field']) => parts.length > 0 && parts.every((c) => c.field === field);
    const title = (language: Language) =>
      parts.length === 0
        ? translate(language, 'tidings.order.note', orderId)
        : only('bill')
          ? translate(language, 'tidings.order.bill', orderId)
          : only('offer')
            ? translate(language, 'tidings.order.offer', orderId)
            : statusChange && parts.includes(statusChange)
              ? translate(
                  language,
                  'tidings.order.status',
                  orderId,
                  language === 'en' && statusChange.after.nameEn ? statusChange.after.nameEn : statusChange.after.name,
                )
              : translate(language, 'tidings.order.title', orderId);
    return {
      title: { ru: title('ru'), en: title('en') },
      text: { ru: text('ru'), en: text('en') },
      link: `/order/${orderId}/`,
    };
  };
  const notice = compose('notice');
  const email = compose('email');
  if (notice) await tellUser(deps, userId, notice, { notice: true, email: false });
  if (email) await tellUser(deps, userId, email, { notice: false, email: true });
}
