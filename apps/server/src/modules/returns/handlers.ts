import { translate, type Language, type returnsMethods } from '@portal/contract';
import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Db } from '../../db/database.js';
import { AppError, notFound } from '../../rest/app-error.js';
import { requireActor, type Handlers, type RestContext } from '../../rest/context.js';
import { countAndPageIds } from '../../rest/paging.js';
import type { Actor } from '../auth/index.js';
import { dealerCompanyCondition, isAdmin, isStaff, orderUsers } from '../auth/index.js';
import { orderCompanies } from '../companies/index.js';
import { assertOwnFiles } from '../files/index.js';
import { tellUser } from '../notices/index.js';
import {
  deliveredLines,
  orderCounterparties,
  orderForReturn,
  returnableOrders,
  returnDeadline,
  returnRefusal,
} from '../orders/index.js';
import { readReturnDays } from '../site/index.js';
import { commentViews, loadStatuses, orderTitle, returnViews, toStatus } from './views.js';

/** Statuses whose returns no longer hold back any of the delivered quantity. */
const RELEASED = ['REJECTED'];

/** A dealer sees their own returns; staff see every return (they handle them all). */
function visibleReturns(db: Db, actor: Actor) {
  const q = db.selectFrom('good_returns as r');
  return isStaff(actor) ? q : q.where('r.user_id', '=', actor.id);
}

/**
 * How much of each line of an order is still returnable: delivered minus what other live returns claim.
 * `lock` takes the lines FOR UPDATE so two returns filed at once cannot both take the last piece; the claims
 * are read after the lock, so a return filed meanwhile is counted.
 */
async function returnableLines(db: Db | Transaction<Database>, orderId: number, exceptReturn = 0, lock = false) {
  const lines = await deliveredLines(db, orderId, lock);
  const claimed = await claimedBy(
    db,
    'order_item_id',
    lines.map((l) => l.id),
    exceptReturn,
  );
  return lines.map((l) => ({
    ...l,
    available: Math.max(0, Number(l.delivered_quantity) - (claimed.get(l.id) ?? 0)),
  }));
}

/** What live returns (not released) claim, summed by order line or by order; `exceptReturn` left out. */
async function claimedBy(
  db: Db | Transaction<Database>,
  key: 'order_item_id' | 'order_id',
  ids: number[],
  exceptReturn = 0,
): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('good_returns as gr')
    .innerJoin('good_return_statuses as gs', 'gs.id', 'gr.status_id')
    .select([`gr.${key} as id`, sql<number>`sum(gr.quantity)`.as('quantity')])
    .where(`gr.${key}`, 'in', ids)
    .where('gr.id', '<>', exceptReturn)
    .where('gs.code', 'not in', RELEASED)
    .groupBy(`gr.${key}`)
    .execute();
  return new Map(rows.map((r) => [Number(r.id), Number(r.quantity)]));
}

/** The order a caller may file a return on: their own; an administrator may file on any. */
const findOrderFor = (db: Db | Transaction<Database>, actor: Actor, orderId: number) =>
  orderForReturn(db, orderId, isAdmin(actor) ? null : actor.id);

type ReturnOrder = NonNullable<Awaited<ReturnType<typeof findOrderFor>>>;

/** Why the order's goods cannot be returned now (decision 061), or null while they can. */
function orderRefusal(order: ReturnOrder, returnDays: number, language: Language) {
  const refusal = returnRefusal(
    {
      statusCode: order.status_code,
      statusName: language === 'en' && order.status_name_en ? order.status_name_en : order.status_name,
      isCanceled: order.is_canceled,
      shippedAt: order.shipped_at,
    },
    returnDays,
  );
  return refusal && { ...refusal, text: translate(language, refusal.key, ...refusal.args) };
}

async function statusByCode(db: Db | Transaction<Database>, code: string) {
  return db.selectFrom('good_return_statuses').selectAll().where('code', '=', code).executeTakeFirst();
}

async function getReturn(ctx: RestContext, id: number) {
  const [view] = await returnViews(ctx.db, [id], ctx.language);
  if (!view) throw notFound();
  return view;
}

export const returnsHandlers: Handlers<typeof returnsMethods> = {
  async 'application-good-return/list'(input, ctx) {
    const actor = requireActor(ctx);
    let q = visibleReturns(ctx.db, actor);
    if (input.filter?.order) q = q.where('r.order_id', '=', input.filter.order);
    // The company shown is the order's counterparty, else the dealer's profile company: filter by the same.
    const byDealer = isStaff(actor)
      ? dealerCompanyCondition(
          'r.user_id',
          input.filter,
          (like) => sql<boolean>`EXISTS (SELECT 1 FROM ${orderUsers()} ru
            LEFT JOIN ${orderCounterparties()} ro ON ro.id = r.order_id
            LEFT JOIN ${orderCompanies()} rc ON rc.id = ro.counterparty_id
            WHERE ru.id = r.user_id AND (coalesce(nullif(rc.name, ''), ru.company) ILIKE ${like}
              OR coalesce(nullif(rc.inn, ''), ru.inn) LIKE ${like}))`,
        )
      : undefined;
    if (byDealer) q = q.where(byDealer);
    if (input.filter?.status) {
      const code = input.filter.status;
      q = q.where('r.status_id', 'in', (eb) =>
        eb.selectFrom('good_return_statuses').select('id').where('code', '=', code),
      );
    }
    const { count, ids } = await countAndPageIds(q, 'r.id', input);
    return { count, items: await returnViews(ctx.db, ids, ctx.language) };
  },

  async 'application-good-return/get'(input, ctx) {
    const row = await visibleReturns(ctx.db, requireActor(ctx))
      .select('r.id')
      .where('r.id', '=', input.id)
      .executeTakeFirst();
    if (!row) throw notFound();
    return getReturn(ctx, row.id);
  },

  async 'application-good-return/create'({ fields }, ctx) {
    const actor = requireActor(ctx);
    const photos = await assertOwnFiles(ctx.db, actor, fields.photos, 'photos');
    const id = await ctx.db.transaction().execute(async (trx) => {
      const order = await findOrderFor(trx, actor, fields.order);
      if (!order) throw notFound();
      const refusal = orderRefusal(order, await readReturnDays(trx), ctx.language);
      if (refusal) throw new AppError('CONFLICT', refusal.key, { args: refusal.args });
      const line = (await returnableLines(trx, order.id, 0, true)).find((l) => l.product_id === fields.product);
      if (!line)
        throw new AppError('VALIDATION', 'error.returnProduct', {
          fields: { product: translate(ctx.language, 'error.returnProduct') },
        });
      if (fields.quantity > line.available) {
        throw new AppError('VALIDATION', 'error.returnQuantity', {
          args: [line.available],
          fields: { quantity: translate(ctx.language, 'error.returnQuantity', line.available) },
        });
      }
      const status = await statusByCode(trx, 'NEW');
      if (!status) throw new AppError('CONFLICT', 'error.returnStatus');
      const created = await trx
        .insertInto('good_returns')
        .values({
          user_id: order.user_id,
          order_id: order.id,
          order_item_id: line.id,
          product_id: line.product_id,
          product_name: line.name,
          article: line.article,
          quantity: fields.quantity,
          status_id: status.id,
          package_number: fields.packageNumber ?? '',
          product_delivery_date: fields.productDeliveryDate ?? null,
          reason: fields.reason,
          comment: fields.comment ?? '',
          file_ids: JSON.stringify(photos),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return created.id;
    });
    return getReturn(ctx, id);
  },

  /** The dealer edits their return while it is new; an administrator at any time. */
  async 'application-good-return/update'({ id, fields }, ctx) {
    const actor = requireActor(ctx);
    const photos =
      fields.photos === undefined ? undefined : await assertOwnFiles(ctx.db, actor, fields.photos, 'photos');
    await ctx.db.transaction().execute(async (trx) => {
      let q = trx
        .selectFrom('good_returns as r')
        .innerJoin('good_return_statuses as s', 's.id', 'r.status_id')
        .select(['r.id', 'r.order_id', 'r.order_item_id', 's.code'])
        .where('r.id', '=', id);
      if (!isAdmin(actor)) q = q.where('r.user_id', '=', actor.id);
      const current = await q.forUpdate().executeTakeFirst();
      if (!current) throw notFound();
      if (!isAdmin(actor) && current.code !== 'NEW') throw new AppError('CONFLICT', 'error.returnLocked');
      if (fields.quantity !== undefined) {
        const line = (await returnableLines(trx, current.order_id, id, true)).find(
          (l) => l.id === current.order_item_id,
        );
        const available = line?.available ?? 0;
        if (fields.quantity > available) {
          throw new AppError('VALIDATION', 'error.returnQuantity', {
            args: [available],
            fields: { quantity: translate(ctx.language, 'error.returnQuantity', available) },
          });
        }
      }
      await trx
        .updateTable('good_returns')
        .set({
          ...(fields.quantity !== undefined ? { quantity: fields.quantity } : {}),
          ...(fields.packageNumber !== undefined ? { package_number: fields.packageNumber } : {}),
          ...(fields.productDeliveryDate !== undefined ? { product_delivery_date: fields.productDeliveryDate } : {}),
          ...(fields.reason !== undefined ? { reason: fields.reason } : {}),
          ...(fields.comment !== undefined ? { comment: fields.comment } : {}),
          ...(photos !== undefined ? { file_ids: JSON.stringify(photos) } : {}),
          updated_at: new Date(),
        })
        .where('id', '=', id)
        .execute();
    });
    return getReturn(ctx, id);
  },

  async 'application-good-return/delete'(input, ctx) {
    const actor = requireActor(ctx);
    let q = ctx.db
      .selectFrom('good_returns as r')
      .innerJoin('good_return_statuses as s', 's.id', 'r.status_id')
      .select(['r.id', 's.code'])
      .where('r.id', '=', input.id);
    if (!isAdmin(actor)) q = q.where('r.user_id', '=', actor.id);
    const current = await q.executeTakeFirst();
    if (!current) throw notFound();
    if (!isAdmin(actor) && current.code !== 'NEW') throw new AppError('CONFLICT', 'error.returnLocked');
    await ctx.db.deleteFrom('good_returns').where('id', '=', current.id).execute();
    return { ok: true as const };
  },

  async 'application-good-return/get-fields'(input, ctx) {
    const actor = requireActor(ctx);
    const statuses = (await loadStatuses(ctx.db)).map((s) => toStatus(s, ctx.language));
    const returnDays = await readReturnDays(ctx.db);
    // Orders shipped or completed within the return period (decision 061), with something not yet claimed.
    const candidates = await returnableOrders(
      ctx.db,
      new Date(Date.now() - returnDays * 86_400_000),
      isAdmin(actor) ? null : actor.id,
      200,
    );
    const claimed = await claimedBy(
      ctx.db,
      'order_id',
      candidates.map((o) => o.id),
    );
    const orderRows = candidates
      .map((o) => ({ ...o, available: Number(o.delivered) - (claimed.get(o.id) ?? 0) }))
      .filter((o) => o.available > 0);
    let products: Array<{
      orderItemId: number;
      productId: number | null;
      name: string;
      article: string;
      delivered: number;
      available: number;
      refusal: string | null;
    }> = [];
    let refusal: string | null = null;
    let returnUntil: string | null = null;
    if (input?.order) {
      const order = await findOrderFor(ctx.db, actor, input.order);
      if (!order) throw notFound();
      refusal = orderRefusal(order, returnDays, ctx.language)?.text ?? null;
      returnUntil = order.shipped_at ? returnDeadline(order.shipped_at, returnDays).toISOString() : null;
      const t = (key: 'error.returnLineNoProduct' | 'error.returnLineClaimed') => translate(ctx.language, key);
      products = (await returnableLines(ctx.db, order.id)).map((l) => ({
        orderItemId: l.id,
        productId: l.product_id,
        name: l.name,
        article: l.article,
        delivered: l.delivered_quantity,
        available: refusal ? 0 : l.available,
        refusal:
          refusal ??
          (l.product_id === null
            ? t('error.returnLineNoProduct')
            : l.available < 1
              ? t('error.returnLineClaimed')
              : null),
      }));
    }
    return {
      statuses,
      orders: orderRows.map((o) => ({
        id: o.id,
        title: orderTitle(o.id, o.created_at, ctx.language),
        dateCreate: new Date(o.created_at).toISOString(),
        available: Number(o.available),
        returnUntil: returnDeadline(new Date(o.shipped_at!), returnDays).toISOString(),
      })),
      products,
      refusal,
      returnUntil,
    };
  },

  async 'application-good-return-comment/list'(input, ctx) {
    const actor = requireActor(ctx);
    let q = ctx.db.selectFrom('good_return_comments as c').innerJoin('good_returns as r', 'r.id', 'c.good_return_id');
    if (!isStaff(actor)) q = q.where('r.user_id', '=', actor.id);
    if (input.filter?.goodreturn) q = q.where('c.good_return_id', '=', input.filter.goodreturn);
    const { count, ids } = await countAndPageIds(q, 'c.id', input, 'asc');
    return {
      count,
      items: await commentViews(ctx.db, ids, ctx.language),
    };
  },

  async 'application-good-return-comment/get'(input, ctx) {
    const actor = requireActor(ctx);
    let q = ctx.db
      .selectFrom('good_return_comments as c')
      .innerJoin('good_returns as r', 'r.id', 'c.good_return_id')
      .select('c.id')
      .where('c.id', '=', input.id);
    if (!isStaff(actor)) q = q.where('r.user_id', '=', actor.id);
    const row = await q.executeTakeFirst();
    if (!row) throw notFound();
    const [view] = await commentViews(ctx.db, [row.id], ctx.language);
    if (!view) throw notFound();
    return view;
  },

  /**
   * Staff comment on a return and may move it to another status in the same step; the dealer gets a
   * notice and an e-mail. With `id`, the comment's author (or an administrator) edits it.
   */
  async 'application-good-return-comment/create'({ id, fields }, ctx) {
    const actor = requireActor(ctx);
    const photos = await assertOwnFiles(ctx.db, actor, fields.photos, 'photos');
    const result = await ctx.db.transaction().execute(async (trx) => {
      const ret = await trx
        .selectFrom('good_returns')
        .select(['id', 'user_id', 'status_id'])
        .where('id', '=', fields.goodReturn)
        .forUpdate()
        .executeTakeFirst();
      if (!ret) throw notFound();
      const status = fields.status ? await statusByCode(trx, fields.status) : undefined;
      if (fields.status && !status) {
        throw new AppError('VALIDATION', 'error.returnStatus', {
          fields: { status: translate(ctx.language, 'error.returnStatus') },
        });
      }
      let commentId: number;
      if (id) {
        let q = trx
          .selectFrom('good_return_comments')
          .select('id')
          .where('id', '=', id)
          .where('good_return_id', '=', ret.id);
        if (!isAdmin(actor)) q = q.where('user_id', '=', actor.id);
        const existing = await q.executeTakeFirst();
        if (!existing) throw notFound();
        await trx
          .updateTable('good_return_comments')
          .set({
            text: fields.text ?? '',
            status_id: status?.id ?? null,
            file_ids: JSON.stringify(photos),
            updated_at: new Date(),
          })
          .where('id', '=', existing.id)
          .execute();
        commentId = existing.id;
      } else {
        const created = await trx
          .insertInto('good_return_comments')
          .values({
            good_return_id: ret.id,
            user_id: actor.id,
            text: fields.text ?? '',
            status_id: status?.id ?? null,
            file_ids: JSON.stringify(photos),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        commentId = created.id;
      }
      const statusChanged = status !== undefined && status.id !== ret.status_id;
      if (statusChanged) {
        await trx
          .updateTable('good_returns')
          .set({ status_id: status.id, updated_at: new Date() })
          .where('id', '=', ret.id)
          .execute();
      }
      return { commentId, ret, status: statusChanged ? status : undefined };
    });
    const returnId = result.ret.id;
    const text = fields.text?.trim() ?? '';
    await tellUser(ctx, result.ret.user_id, {
      title: result.status
        ? {
            ru: `Возврат № ${returnId}: статус «${result.status.name}»`,
            en: `Return No. ${returnId}: status “${result.status.name_en || result.status.name}”`,
          }
        : { ru: `Возврат № ${returnId}: новый комментарий`, en: `Return No. ${returnId}: a new comment` },
      text: {
        ru: [result.status ? `Новый статус: ${result.status.name}.` : '', text ? `Комментарий: ${text}` : '']
          .filter(Boolean)
          .join('\n'),
        en: [
          result.status ? `New status: ${result.status.name_en || result.status.name}.` : '',
          text ? `Comment: ${text}` : '',
        ]
          .filter(Boolean)
          .join('\n'),
      },
      link: `/returns/${returnId}/`,
    });
    const [view] = await commentViews(ctx.db, [result.commentId], ctx.language);
    if (!view) throw notFound();
    return view;
  },

  async 'application-good-return-comment/delete'(input, ctx) {
    const actor = requireActor(ctx);
    let q = ctx.db.deleteFrom('good_return_comments').where('id', '=', input.id);
    if (!isAdmin(actor)) q = q.where('user_id', '=', actor.id);
    const result = await q.executeTakeFirst();
    if (Number(result.numDeletedRows) === 0) throw notFound();
    return { ok: true as const };
  },

  async 'application-good-return-comment/get-fields'(_input, ctx) {
    return { statuses: (await loadStatuses(ctx.db)).map((s) => toStatus(s, ctx.language)) };
  },
};
