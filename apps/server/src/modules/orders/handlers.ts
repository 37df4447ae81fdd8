import { translate, type orderMethods } from '@portal/contract';
import type { Db } from '../../db/database.js';
import { AppError, notFound } from '../../rest/app-error.js';
import { requireActor, type Handlers } from '../../rest/context.js';
import type { Actor } from '../auth/actor.js';
import { basketView, ownBasket } from '../baskets/queries.js';
import { downloadPath, saveGenerated } from '../files/storage.js';
import { createOrder, mailNewOrder } from './create-order.js';
import { billOf, billWorkbook, orderWorkbook } from './documents.js';
import { applyFilter, correctionsOf, loadOrder, recomputeTotals, scoped, seesAll, toOrder } from './view.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

async function ownOrderForChange(db: Db, actor: Actor, orderId: number) {
  const row = await db
    .selectFrom('orders')
    .select(['id', 'is_canceled'])
    .where('id', '=', orderId)
    .where('user_id', '=', actor.id)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw notFound();
  if (row.is_canceled) throw new AppError('VALIDATION', 'error.orderCanceled');
  return row;
}

/**
 * Applies a correction (spec §5): each named line of the order gets its new count; 0 (or delete) takes
 * it out. Lines are kept at quantity 0 rather than removed so that a correction can be undone.
 */
async function applyCorrection(
  db: Db,
  actor: Actor,
  orderId: number,
  products: Array<{ id: number; count: number; delete?: boolean }>,
): Promise<number> {
  const lines = await db
    .selectFrom('order_items')
    .selectAll()
    .where('order_id', '=', orderId)
    .where(
      'id',
      'in',
      products.map((p) => p.id),
    )
    .execute();
  if (lines.length !== new Set(products.map((p) => p.id)).size) throw notFound();
  const byId = new Map(lines.map((l) => [l.id, l]));
  const changes = products
    .map((p) => ({ line: byId.get(p.id)!, after: p.delete ? 0 : p.count }))
    .filter((c) => c.after !== c.line.quantity);
  if (changes.length === 0) throw new AppError('VALIDATION', 'error.correctionEmpty');
  const head = await db
    .insertInto('corrective_orders')
    .values({ order_id: orderId, user_id: actor.id })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('corrective_order_items')
    .values(
      changes.map((c) => ({
        corrective_order_id: head.id,
        order_item_id: c.line.id,
        product_id: c.line.product_id,
        name: c.line.name,
        article: c.line.article,
        before_count: c.line.quantity,
        after_count: c.after,
      })),
    )
    .execute();
  for (const c of changes)
    await db.updateTable('order_items').set({ quantity: c.after }).where('id', '=', c.line.id).execute();
  await recomputeTotals(db, orderId);
  return head.id;
}

/** Undoes the latest correction of an order (update and delete may only touch the latest one). */
async function revertLatest(db: Db, actor: Actor, correctionId: number): Promise<number> {
  const head = await db
    .selectFrom('corrective_orders as c')
    .innerJoin('orders as o', 'o.id', 'c.order_id')
    .select(['c.id', 'c.order_id'])
    .where('c.id', '=', correctionId)
    .where('o.user_id', '=', actor.id)
    .executeTakeFirst();
  if (!head) throw notFound();
  await ownOrderForChange(db, actor, head.order_id);
  const latest = await db
    .selectFrom('corrective_orders')
    .select('id')
    .where('order_id', '=', head.order_id)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  if (latest.id !== head.id) throw new AppError('CONFLICT', 'error.conflict');
  const lines = await db
    .selectFrom('corrective_order_items')
    .selectAll()
    .where('corrective_order_id', '=', head.id)
    .execute();
  for (const l of lines) {
    if (l.order_item_id)
      await db.updateTable('order_items').set({ quantity: l.before_count }).where('id', '=', l.order_item_id).execute();
  }
  await db.deleteFrom('corrective_orders').where('id', '=', head.id).execute();
  await recomputeTotals(db, head.order_id);
  return head.order_id;
}

async function actsOf(db: Db, actor: Actor, filter: { order?: number; id?: number }) {
  let q = scoped(db, actor).where('s.code', 'in', ['S', 'F']);
  if (filter.order) q = q.where('o.id', '=', filter.order);
  if (filter.id) q = q.where('o.id', '=', filter.id);
  const rows = await q.orderBy('o.id', 'desc').execute();
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
    const actor = requireActor(ctx);
    const q = applyFilter(scoped(ctx.db, actor), input.filter);
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
    if (input.size !== -1) rows = rows.limit(input.size).offset((input.page - 1) * input.size);
    return { count: Number(n), items: (await rows.execute()).map((r) => toOrder(r, ctx.language)) };
  },
  async 'order/get'(input, ctx) {
    return loadOrder(ctx.db, requireActor(ctx), input.id, ctx.language);
  },
  async 'order/get-fields'(_input, ctx) {
    const actor = requireActor(ctx);
    const [companies, pays, shippings] = await Promise.all([
      ctx.db
        .selectFrom('counterparties')
        .select(['id', 'name'])
        .where('user_id', '=', actor.id)
        .orderBy('id')
        .execute(),
      ctx.db.selectFrom('pay_systems').select(['id', 'name']).where('active', '=', true).orderBy('sort').execute(),
      ctx.db.selectFrom('shippings').select(['id', 'name', 'is_pickup']).orderBy('sort').execute(),
    ]);
    const t = (k: string) => translate(ctx.language, k);
    const field = (
      id: string,
      name: string,
      type: string,
      required: boolean,
      value = '',
      options: Array<{ value: string; title: string; isPickup?: boolean }> = [],
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
          pays.map((p) => ({ value: String(p.id), title: p.name })),
        ),
        field(
          'shipping',
          t('order.shipping'),
          'LIST',
          true,
          String(shippings[0]?.id ?? ''),
          shippings.map((s) => ({ value: String(s.id), title: s.name, isPickup: s.is_pickup })),
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
    const { id, created } = await createOrder(
      ctx.db,
      actor,
      ctx.language,
      {
        basket: f.basket,
        company: f.company,
        paySystem: f.paySystem,
        shipping: f.shipping,
        address: f.address,
        vin: f.vin,
        model: f.model,
        comment: f.comment,
        files: f.files,
      },
      input.idempotencyKey,
    );
    const order = await loadOrder(ctx.db, actor, id, ctx.language);
    if (created) {
      await mailNewOrder(ctx.db, ctx.mailer, actor, order, (err) => ctx.log.warn({ err }, 'order mail failed'));
    }
    const basket = await ownBasket(ctx.db, actor.id, f.basket).catch(() => null);
    return { id, order, basket: basket ? await basketView(ctx.db, actor, basket) : null };
  },
  async 'order/file'(input, ctx) {
    const actor = requireActor(ctx);
    const order = await loadOrder(ctx.db, actor, input.id, ctx.language);
    const row = await saveGenerated(
      ctx.config,
      ctx.db,
      actor.id,
      `order-${order.id}.xlsx`,
      XLSX,
      await orderWorkbook(order),
    );
    return { path: downloadPath(row), name: row.name, size: row.size };
  },
  async 'order/set-status'(input, ctx) {
    const actor = requireActor(ctx);
    const status = await ctx.db
      .selectFrom('order_statuses')
      .selectAll()
      .where('id', '=', input.status)
      .executeTakeFirst();
    if (!status)
      throw new AppError('VALIDATION', 'error.validation', {
        fields: { status: translate(ctx.language, 'validation.invalid') },
      });
    const res = await ctx.db
      .updateTable('orders')
      .set({ status_id: status.id, is_canceled: status.code === 'C', updated_at: new Date() })
      .where('id', '=', input.id)
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) === 0) throw notFound();
    // Staff see every order; load it as an administrator would.
    return loadOrder(ctx.db, seesAll(actor) ? actor : { ...actor, roles: actor.roles | 1 }, input.id, ctx.language);
  },
  async 'order-status/list'(_input, ctx) {
    const rows = await ctx.db.selectFrom('order_statuses').selectAll().orderBy('sort').orderBy('id').execute();
    return {
      items: rows.map((s) => ({
        id: s.id,
        code: s.code,
        type: s.type,
        name: ctx.language === 'en' && s.name_en ? s.name_en : s.name,
        color: s.color,
        description: s.description,
      })),
    };
  },
  async 'bill/get'(input, ctx) {
    const order = await loadOrder(ctx.db, requireActor(ctx), input.id, ctx.language);
    return billOf(ctx.db, order);
  },
  async 'bill/file'(input, ctx) {
    const actor = requireActor(ctx);
    const bill = await billOf(ctx.db, await loadOrder(ctx.db, actor, input.id, ctx.language));
    const row = await saveGenerated(
      ctx.config,
      ctx.db,
      actor.id,
      `bill-${bill.id}.xlsx`,
      XLSX,
      await billWorkbook(bill),
    );
    return { path: downloadPath(row), name: row.name, size: row.size };
  },
  async 'act/list'(input, ctx) {
    const all = await actsOf(ctx.db, requireActor(ctx), { order: input.filter?.order });
    const items = input.size === -1 ? all : all.slice((input.page - 1) * input.size, input.page * input.size);
    return { count: all.length, items };
  },
  async 'act/get'(input, ctx) {
    const [act] = await actsOf(ctx.db, requireActor(ctx), { id: input.id });
    if (!act) throw notFound();
    return act;
  },
  async 'corrective-order/list'(input, ctx) {
    const actor = requireActor(ctx);
    let q = ctx.db.selectFrom('orders').select('id').where('user_id', '=', actor.id);
    if (input.filter?.order) q = q.where('id', '=', input.filter.order);
    const orders = (await q.execute()).map((o) => o.id);
    const all = (await correctionsOf(ctx.db, orders)).reverse();
    const items = input.size === -1 ? all : all.slice((input.page - 1) * input.size, input.page * input.size);
    return { count: all.length, items };
  },
  async 'corrective-order/get'(input, ctx) {
    const actor = requireActor(ctx);
    const row = await ctx.db
      .selectFrom('corrective_orders as c')
      .innerJoin('orders as o', 'o.id', 'c.order_id')
      .select('c.id')
      .where('c.id', '=', input.id)
      .where('o.user_id', '=', actor.id)
      .executeTakeFirst();
    if (!row) throw notFound();
    const [c] = await correctionsOf(ctx.db, [], [row.id]);
    if (!c) throw notFound();
    return c;
  },
  async 'corrective-order/create'(input, ctx) {
    const actor = requireActor(ctx);
    const id = await ctx.db.transaction().execute(async (trx) => {
      await ownOrderForChange(trx, actor, input.id);
      return applyCorrection(trx, actor, input.id, input.products);
    });
    const [c] = await correctionsOf(ctx.db, [], [id]);
    return c!;
  },
  async 'corrective-order/update'(input, ctx) {
    const actor = requireActor(ctx);
    const id = await ctx.db.transaction().execute(async (trx) => {
      const orderId = await revertLatest(trx, actor, input.id);
      return applyCorrection(trx, actor, orderId, input.products);
    });
    const [c] = await correctionsOf(ctx.db, [], [id]);
    return c!;
  },
  async 'corrective-order/delete'(input, ctx) {
    const actor = requireActor(ctx);
    await ctx.db.transaction().execute((trx) => revertLatest(trx, actor, input.id));
    return { ok: true as const };
  },
};
