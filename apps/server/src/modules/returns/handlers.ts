import { translate, type Language, type returnsMethods } from '@portal/contract';
import type { Db } from '../../db/database.js';
import { AppError, notFound } from '../../rest/app-error.js';
import { requireActor, type Handlers, type RestContext } from '../../rest/context.js';
import { isAdmin, type Actor } from '../auth/index.js';
import { assertOwnFiles } from '../files/index.js';
import { tellStaff, tellUser } from '../notices/index.js';
import { orderForReturn, returnableOrders, returnDeadline, returnRefusal } from '../orders/index.js';
import { readReturnDays, readStaffEmail } from '../settings/index.js';
import './file-refs.js';
import {
  claimedBy,
  commentOnReturn,
  deleteComment,
  deleteReturn,
  insertComment,
  insertReturn,
  listComments,
  listReturns,
  returnableLines,
  returnForComment,
  returnWithStatus,
  setReturnStatus,
  statusByCode,
  updateComment,
  updateReturn,
  visibleCommentId,
  visibleReturnId,
} from './queries.js';
import { commentViews, loadStatuses, orderTitle, returnViews, toStatus } from './views.js';

/** Whose rows the actor may change: their own; an administrator's, anyone's (null). */
const ownerOf = (actor: Actor) => (isAdmin(actor) ? null : actor.id);

/** The order a caller may file a return on: their own; an administrator may file on any. */
const findOrderFor = (db: Db, actor: Actor, orderId: number) => orderForReturn(db, orderId, ownerOf(actor));

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

async function getReturn(ctx: RestContext, id: number) {
  const [view] = await returnViews(ctx.db, [id], ctx.language);
  if (!view) throw notFound();
  return view;
}

export const returnsHandlers: Handlers<typeof returnsMethods> = {
  async 'application-good-return/list'(input, ctx) {
    const actor = requireActor(ctx);
    const { count, ids } = await listReturns(ctx.db, actor, input);
    return { count, items: await returnViews(ctx.db, ids, ctx.language) };
  },

  async 'application-good-return/get'(input, ctx) {
    const id = await visibleReturnId(ctx.db, requireActor(ctx), input.id);
    if (id === undefined) throw notFound();
    return getReturn(ctx, id);
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
      const created = await insertReturn(trx, order, line, status.id, fields, photos);
      // The dealer's manager (or the general address) hears of it, in the return's transaction (decisions 189, 199).
      const dealer = actor.row.company || actor.login;
      await tellStaff(
        { ...ctx, db: trx },
        translate('ru', 'staffMail.return', created, dealer),
        translate('ru', 'staffMail.returnText', dealer, created, order.id),
        `/returns/${created}/`,
        { dealerId: actor.id, companyId: order.counterparty_id, generalAddress: await readStaffEmail(trx) },
      );
      return created;
    });
    return getReturn(ctx, id);
  },

  /** The dealer edits their return while it is new; an administrator at any time. */
  async 'application-good-return/update'({ id, fields }, ctx) {
    const actor = requireActor(ctx);
    const photos =
      fields.photos === undefined ? undefined : await assertOwnFiles(ctx.db, actor, fields.photos, 'photos');
    await ctx.db.transaction().execute(async (trx) => {
      const current = await returnWithStatus(trx, id, ownerOf(actor), true);
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
      await updateReturn(trx, id, fields, photos);
    });
    return getReturn(ctx, id);
  },

  async 'application-good-return/delete'(input, ctx) {
    const actor = requireActor(ctx);
    const current = await returnWithStatus(ctx.db, input.id, ownerOf(actor));
    if (!current) throw notFound();
    if (!isAdmin(actor) && current.code !== 'NEW') throw new AppError('CONFLICT', 'error.returnLocked');
    await deleteReturn(ctx.db, current.id);
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
      ownerOf(actor),
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
    const { count, ids } = await listComments(ctx.db, actor, input);
    return {
      count,
      items: await commentViews(ctx.db, ids, ctx.language),
    };
  },

  async 'application-good-return-comment/get'(input, ctx) {
    const actor = requireActor(ctx);
    const id = await visibleCommentId(ctx.db, actor, input.id);
    if (id === undefined) throw notFound();
    const [view] = await commentViews(ctx.db, [id], ctx.language);
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
      const ret = await returnForComment(trx, fields.goodReturn);
      if (!ret) throw notFound();
      const status = fields.status ? await statusByCode(trx, fields.status) : undefined;
      if (fields.status && !status) {
        throw new AppError('VALIDATION', 'error.returnStatus', {
          fields: { status: translate(ctx.language, 'error.returnStatus') },
        });
      }
      const values = { text: fields.text ?? '', statusId: status?.id ?? null, photos };
      let commentId: number;
      if (id) {
        const existing = await commentOnReturn(trx, id, ret.id, ownerOf(actor));
        if (existing === undefined) throw notFound();
        await updateComment(trx, existing, values);
        commentId = existing;
      } else {
        commentId = await insertComment(trx, ret.id, actor.id, values);
      }
      const statusChanged = status !== undefined && status.id !== ret.status_id;
      if (statusChanged) await setReturnStatus(trx, ret.id, status.id);
      const changedTo = statusChanged ? status : undefined;
      const returnId = ret.id;
      const text = fields.text?.trim() ?? '';
      // In the comment's transaction: the dealer's notice and e-mail are saved with it, or nothing is (decision 189).
      await tellUser({ ...ctx, db: trx }, ret.user_id, {
        title: changedTo
          ? {
              ru: `Возврат № ${returnId}: статус «${changedTo.name}»`,
              en: `Return No. ${returnId}: status “${changedTo.name_en || changedTo.name}”`,
            }
          : { ru: `Возврат № ${returnId}: новый комментарий`, en: `Return No. ${returnId}: a new comment` },
        text: {
          ru: [changedTo ? `Новый статус: ${changedTo.name}.` : '', text ? `Комментарий: ${text}` : '']
            .filter(Boolean)
            .join('\n'),
          en: [changedTo ? `New status: ${changedTo.name_en || changedTo.name}.` : '', text ? `Comment: ${text}` : '']
            .filter(Boolean)
            .join('\n'),
        },
        link: `/returns/${returnId}/`,
      });
      return { commentId };
    });
    const [view] = await commentViews(ctx.db, [result.commentId], ctx.language);
    if (!view) throw notFound();
    return view;
  },

  async 'application-good-return-comment/delete'(input, ctx) {
    const actor = requireActor(ctx);
    if (!(await deleteComment(ctx.db, input.id, ownerOf(actor)))) throw notFound();
    return { ok: true as const };
  },

  async 'application-good-return-comment/get-fields'(_input, ctx) {
    return { statuses: (await loadStatuses(ctx.db)).map((s) => toStatus(s, ctx.language)) };
  },
};
