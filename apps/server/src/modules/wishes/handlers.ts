import { wishStatus, type Language, type Wish, type wishesMethods } from '@portal/contract';
import type { Db } from '../../db/database.js';
import { AppError, notFound } from '../../rest/app-error.js';
import { inTransaction, requireActor, type Handlers, type RestContext } from '../../rest/context.js';
import { countAndPageIds } from '../../rest/paging.js';
import { fullNameOf, isAdmin, isStaff, userCards, type Actor } from '../auth/index.js';
import { recordAudit } from '../audit/index.js';
import { dateRu, tellStaff } from '../notices/index.js';
import { replacementsOf } from '../catalog/index.js';
import * as q from './queries.js';

async function views(db: Db, actor: Actor, ids: number[]): Promise<Wish[]> {
  if (ids.length === 0) return [];
  const rows = await q.wishRows(db, actor, ids);
  const users = await userCards(
    db,
    rows.map((r) => r.user_id),
  );
  // An old number is told what replaces it, whatever the request's status (decision 205).
  const replaced = await replacementsOf(
    db,
    rows.map((r) => r.article_key),
  );
  const byId = new Map(
    rows.flatMap((r) => {
      const available = r.product_id !== null;
      const user = users.get(r.user_id);
      if (!user) return [];
      return [
        [
          r.id,
          {
            id: r.id,
            dateCreate: new Date(r.created_at).toISOString(),
            isAvailableCatalog: available,
            isProcessed: r.is_processed,
            article: r.article,
            productId: r.product_id,
            productName: r.product_name,
            ...(replaced.has(r.article_key) ? { replaced: replaced.get(r.article_key) } : {}),
            vin: r.vin,
            model: r.model,
            count: r.count,
            userId: r.user_id,
            userName: fullNameOf(user) || user.login,
            company: user.company,
            status: wishStatus(available, r.is_processed),
            sentAt: r.sent_at ? new Date(r.sent_at).toISOString() : null,
          } satisfies Wish,
        ] as const,
      ];
    }),
  );
  return ids.map((id) => byId.get(id)).filter((w): w is Wish => Boolean(w));
}

async function one(ctx: RestContext, id: number): Promise<Wish> {
  const [view] = await views(ctx.db, requireActor(ctx), [id]);
  if (!view) throw notFound();
  return view;
}

const FIELDS: Record<Language, Array<{ code: string; label: string; type: string; required: boolean }>> = {
  ru: [
    { code: 'article', label: 'Номер детали', type: 'TEXT', required: true },
    { code: 'count', label: 'Количество', type: 'NUMBER', required: true },
    { code: 'vin', label: 'VIN техники', type: 'TEXT', required: false },
    { code: 'model', label: 'Модель техники', type: 'TEXT', required: false },
  ],
  en: [
    { code: 'article', label: 'Part number', type: 'TEXT', required: true },
    { code: 'count', label: 'Quantity', type: 'NUMBER', required: true },
    { code: 'vin', label: 'Machine VIN', type: 'TEXT', required: false },
    { code: 'model', label: 'Machine model', type: 'TEXT', required: false },
  ],
};

export const wishesHandlers: Handlers<typeof wishesMethods> = {
  async 'application-empty-product/list'(input, ctx) {
    const actor = requireActor(ctx);
    const list = q.filteredWishes(ctx.db, actor, input.filter);
    const { count, ids } = await countAndPageIds(list, 'w.id', input);
    return { count, items: await views(ctx.db, actor, ids) };
  },

  'application-empty-product/get': (input, ctx) => one(ctx, input.id),

  async 'application-empty-product/create'(input, ctx) {
    const actor = requireActor(ctx);
    const ids = await q.insertWishes(
      ctx.db,
      actor.id,
      input.items.map((item) => ({
        article: item.article,
        count: item.count,
        vin: input.vin ?? '',
        model: input.model ?? '',
      })),
    );
    return { items: await views(ctx.db, actor, ids) };
  },

  /** The dealer edits their request until it is taken into work; staff mark it processed. */
  async 'application-empty-product/update'({ id, fields }, ctx) {
    const actor = requireActor(ctx);
    const staff = isStaff(actor);
    if (fields.isProcessed !== undefined && !staff) throw new AppError('FORBIDDEN', 'error.staffOnly');
    const current = await q.wishState(ctx.db, id, staff ? null : actor.id);
    if (!current) throw notFound();
    const editsRequest =
      fields.article !== undefined ||
      fields.count !== undefined ||
      fields.vin !== undefined ||
      fields.model !== undefined;
    if (!staff && current.is_processed && editsRequest) throw new AppError('CONFLICT', 'error.wishProcessed');
    await q.updateWish(ctx.db, id, fields);
    return one(ctx, id);
  },

  async 'application-empty-product/delete'(input, ctx) {
    // Decision 054: the author withdraws their own request; an employee may not delete a dealer's (they mark
    // it processed or put the part on the site); an administrator may, and the audit log keeps what was deleted.
    const actor = requireActor(ctx);
    const row = await q.wishById(ctx.db, input.id);
    if (!row || (!isStaff(actor) && row.user_id !== actor.id)) throw notFound();
    const own = row.user_id === actor.id;
    if (!own && !isAdmin(actor)) throw new AppError('FORBIDDEN', 'error.wishDeleteNotOwn');
    await inTransaction(ctx, async (db) => {
      if (!(await q.deleteWish(db, row.id))) throw notFound();
      if (!own) await recordAudit(db, ctx, { entity: 'wish', id: row.id, action: 'delete', before: { ...row } });
    });
    return { ok: true as const };
  },

  'application-empty-product/get-fields': (_input, ctx) => ({ fields: FIELDS[ctx.language] }),

  async 'application-empty-product/send-email'(input, ctx) {
    const wish = await one(ctx, input.id);
    const user = (await userCards(ctx.db, [wish.userId])).get(wish.userId);
    if (!user) throw new Error(`user ${wish.userId} of wish ${wish.id} is missing`);
    const text = [
      `Заявка по номеру детали № ${wish.id} от ${dateRu(wish.dateCreate)}`,
      `Номер детали: ${wish.article}`,
      `Количество: ${wish.count}`,
      wish.vin ? `VIN: ${wish.vin}` : '',
      wish.model ? `Модель техники: ${wish.model}` : '',
      `Дилер: ${wish.userName}${user.company ? `, ${user.company}` : ''}`,
      user.email ? `E-mail: ${user.email}` : '',
      user.phone ? `Телефон: ${user.phone}` : '',
    ]
      .filter(Boolean)
      .join('\n');
    // The e-mail and the «sent» mark together (decision 189).
    await ctx.db.transaction().execute(async (trx) => {
      await tellStaff({ ...ctx, db: trx }, `Заявка по номеру детали ${wish.article}`, text, `/wishes/${wish.id}/`);
      await q.markSent(trx, wish.id);
    });
    return { ok: true as const };
  },

  /** Staff answer a request by putting the part on the site; every request for that number turns SUCCESS. */
  async 'application-empty-product/add-to-catalog'(input, ctx) {
    const wish = await one(ctx, input.id);
    if (!wish.isAvailableCatalog) await q.addToCatalog(ctx.db, wish.id, { name: input.name, article: wish.article });
    return one(ctx, input.id);
  },
};
