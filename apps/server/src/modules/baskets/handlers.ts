import { translate, type basketMethods } from '@portal/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { AppError, notFound } from '../../rest/app-error.js';
import { requireActor, type Handlers } from '../../rest/context.js';
import { paged, pageOf } from '../../rest/paging.js';
import type { Actor } from '../auth/index.js';
import { loadOffers, loadStores, offerFrom, priceContextOf, priceFor, productsForBasket } from '../catalog/index.js';
import { ownFile, readStoredFile } from '../files/index.js';
import { ownOrderLines } from '../orders/index.js';
import { parseLines } from './lines.js';
import { putLines } from './put-lines.js';
import { basketLines, basketView, basketViews, itemsFrom, itemsView, ownBasket, storesOf } from './queries.js';
import { resolveLines } from './resolve.js';
import { belowMinimum, limitsFor } from './thresholds.js';
import { readSpreadsheetOffThread } from './import-pool.js';

async function ownItem(db: Db, userId: number, id: number) {
  const row = await basketLines(db, [])
    .clearWhere()
    .innerJoin('baskets as b', 'b.id', 'i.basket_id')
    .where('i.id', '=', id)
    .where('b.user_id', '=', userId)
    .executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

/** The lines of an order as basket items, so the corrective form is built like a basket (spec §7). */
async function orderLines(db: Db, actor: Actor, orderId: number) {
  const lines = await ownOrderLines(db, actor.id, orderId);
  if (!lines) throw notFound();
  const ids = [...new Set(lines.flatMap((i) => (i.product_id === null ? [] : [i.product_id])))];
  const products = new Map((await productsForBasket(db, ids)).map((p) => [p.id, p]));
  return lines.map((i) => {
    const p = i.product_id === null ? undefined : products.get(i.product_id);
    return {
      id: i.id,
      basket_id: null,
      order_id: i.order_id,
      product_id: i.product_id ?? 0,
      quantity: i.quantity,
      name: i.name,
      article: i.article,
      brand: p?.brand ?? '',
      unit: i.unit,
      measure_factor: p?.measure_factor ?? 1,
      weight_kg: i.weight_kg,
      volume_m3: i.volume_m3,
    };
  });
}

export const basketHandlers: Handlers<typeof basketMethods> = {
  async 'basket/list'(input, ctx) {
    const actor = requireActor(ctx);
    const q = ctx.db.selectFrom('baskets').where('user_id', '=', actor.id);
    const { n } = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    let rows = q
      .selectAll()
      .orderBy('created_at', input.sort?.DATE_CREATE === 'ASC' ? 'asc' : 'desc')
      .orderBy('id', 'desc');
    rows = paged(rows, input);
    return { count: Number(n), items: await basketViews(ctx.db, actor, await rows.execute()) };
  },
  async 'basket/get'(input, ctx) {
    const actor = requireActor(ctx);
    return basketView(ctx.db, actor, await ownBasket(ctx.db, actor.id, input.id));
  },
  async 'basket/create'(input, ctx) {
    const actor = requireActor(ctx);
    const { n } = await ctx.db
      .selectFrom('baskets')
      .where('user_id', '=', actor.id)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const name = input?.name?.trim() || `${translate(ctx.language, 'basket.defaultName')} ${Number(n) + 1}`;
    const row = await ctx.db
      .insertInto('baskets')
      .values({ user_id: actor.id, name })
      .returningAll()
      .executeTakeFirstOrThrow();
    return basketView(ctx.db, actor, row);
  },
  async 'basket/delete'(input, ctx) {
    const actor = requireActor(ctx);
    const res = await ctx.db
      .deleteFrom('baskets')
      .where('id', '=', input.id)
      .where('user_id', '=', actor.id)
      .executeTakeFirst();
    if (Number(res.numDeletedRows) === 0) throw notFound();
    return { ok: true as const };
  },
  async 'basket/get-fields'(input, ctx) {
    const actor = requireActor(ctx);
    const row = input?.id ? await ownBasket(ctx.db, actor.id, input.id) : null;
    return {
      fields: [
        { id: 'name', name: translate(ctx.language, 'basket.nameLabel'), value: row?.name ?? '', required: false },
      ],
    };
  },
  async 'basket/repeat'(input, ctx) {
    const actor = requireActor(ctx);
    const lines = await ownOrderLines(ctx.db, actor.id, input.order);
    if (!lines) throw notFound();
    // Lines a correction took out (quantity 0) are not repeated, nor lines whose product is gone.
    const items = lines.filter((i) => i.product_id !== null && i.quantity > 0);
    return ctx.db.transaction().execute(async (trx) => {
      const basket = input.basket
        ? await ownBasket(trx, actor.id, input.basket, true)
        : await trx
            .insertInto('baskets')
            .values({ user_id: actor.id, name: `${translate(ctx.language, 'basket.repeatName')} ${input.order}` })
            .returningAll()
            .executeTakeFirstOrThrow();
      const { items: _items, ...result } = await putLines(
        trx,
        actor,
        ctx.language,
        basket.id,
        items.map((i) => ({ product: i.product_id ?? 0, quantity: i.quantity })),
        'add',
      );
      return { ...result, basket: await basketView(trx, actor, basket) };
    });
  },
  async 'basket/add'(input, ctx) {
    const actor = requireActor(ctx);
    return ctx.db.transaction().execute(async (trx) => {
      const basket = await ownBasket(trx, actor.id, input.id);
      const { items: _items, ...result } = await putLines(trx, actor, ctx.language, basket.id, input.fields, 'add');
      return { ...result, basket: await basketView(trx, actor, basket) };
    });
  },
  async 'basket/resolve'(input, ctx) {
    const actor = requireActor(ctx);
    const lines = parseLines(input.text);
    if (lines.length > 20000) throw new AppError('VALIDATION', 'error.fileTooManyRows', { args: [20000] });
    return resolveLines(ctx.db, actor, lines);
  },
  async 'basket-item/list'(input, ctx) {
    const actor = requireActor(ctx);
    const filter = input.filter;
    if (!filter) throw new AppError('VALIDATION', 'error.validation', { fields: { filter: 'validation.required' } });
    const basketId = 'basket' in filter ? filter.basket : null;
    const context = await priceContextOf(ctx.db, actor, 'basket');
    if (basketId === null) {
      const rows = await orderLines(ctx.db, actor, (filter as { order: number }).order);
      const page = pageOf(rows, input);
      const offers = await loadOffers(
        ctx.db,
        actor,
        page.map((r) => r.product_id),
        context,
      );
      return {
        count: rows.length,
        items: itemsFrom(page, offers, null, ctx.language),
        stores: storesOf(offers, ctx.language),
      };
    }
    // One query for the lines with their products, prices and stock; the ownership check rides on it (joined
    // to the dealer's baskets), and only an empty answer looks at the basket again. The lines travel as one
    // JSON array: a 1,000-line basket is one value to decode instead of 16,000 (PGlite copies each one).
    const lines = basketLines(ctx.db, [basketId])
      .innerJoin('baskets as b', 'b.id', 'i.basket_id')
      .leftJoinLateral(
        () => priceFor(ctx.db, context, sql<number>`i.product_id`),
        (join) => join.onTrue(),
      )
      .select(['p.stock_by_store', 'pr.value', 'pr.currency'])
      .where('b.user_id', '=', actor.id)
      .orderBy(
        input.sort?.NAME ? 'p.name' : 'i.id',
        input.sort?.NAME === 'DESC' || input.sort?.ID === 'DESC' ? 'desc' : 'asc',
      );
    type LineWithOffer = Awaited<ReturnType<typeof lines.execute>>[number];
    const [json, stores] = await Promise.all([
      sql<{ r: LineWithOffer }>`SELECT row_to_json(t) AS r FROM (${lines}) t`.execute(ctx.db),
      loadStores(ctx.db, context),
    ]);
    const rows = json.rows.map((x) => x.r);
    if (rows.length === 0) await ownBasket(ctx.db, actor.id, basketId);
    const page = pageOf(rows, input);
    const offers = new Map(page.map((r) => [r.product_id, offerFrom(r.product_id, r, context, stores)]));
    const limits = await limitsFor(
      ctx.db,
      page.map((r) => r.product_id),
    );
    return {
      count: rows.length,
      items: itemsFrom(page, offers, limits, ctx.language),
      stores: storesOf(offers, ctx.language),
    };
  },
  async 'basket-item/get'(input, ctx) {
    const actor = requireActor(ctx);
    const [item] = await itemsView(ctx.db, actor, [await ownItem(ctx.db, actor.id, input.id)], ctx.language);
    if (!item) throw notFound();
    return item;
  },
  async 'basket-item/create'(input, ctx) {
    const actor = requireActor(ctx);
    return ctx.db.transaction().execute(async (trx) => {
      await ownBasket(trx, actor.id, input.basket);
      const result = await putLines(
        trx,
        actor,
        ctx.language,
        input.basket,
        [{ product: input.product, quantity: input.amount }],
        'set',
      );
      const failed = result.failed[0];
      if (failed) {
        throw new AppError('VALIDATION', 'error.basketAddFailed', { args: [`${failed.name} — ${failed.reason}`] });
      }
      const item = result.items[0];
      if (!item) throw notFound();
      return item;
    });
  },
  async 'basket-item/update'(input, ctx) {
    const actor = requireActor(ctx);
    const row = await ownItem(ctx.db, actor.id, input.id);
    if (input.amount < 1) {
      await ctx.db.deleteFrom('basket_items').where('id', '=', row.id).execute();
      return { deleted: true, item: null };
    }
    const factor = Number(row.measure_factor);
    if (factor > 1 && input.amount % factor !== 0) {
      throw new AppError('VALIDATION', 'error.validation', {
        fields: { amount: translate(ctx.language, 'validation.quantityFactor', factor) },
      });
    }
    // A tea or coffee line below its group's minimum (spec §9, decision 140): the message names the product.
    const short = belowMinimum(await limitsFor(ctx.db, [row.product_id]), ctx.language, {
      productId: row.product_id,
      quantity: input.amount,
    });
    if (short) {
      const text = `${[row.article, row.name].filter(Boolean).join(' ')}: ${short}`;
      throw new AppError('VALIDATION', text, { fields: { amount: text } });
    }
    const updated = await ctx.db
      .updateTable('basket_items')
      .set({ quantity: input.amount, updated_at: new Date() })
      .where('id', '=', row.id)
      .returning('id')
      .executeTakeFirst();
    // Deleted by another tab in between: the line is gone, say so rather than resurrect it.
    if (!updated) throw notFound();
    const [item] = await itemsView(ctx.db, actor, [{ ...row, quantity: input.amount }], ctx.language);
    return { deleted: false, item: item ?? null };
  },
  async 'basket-item/delete'(input, ctx) {
    const actor = requireActor(ctx);
    const row = await ownItem(ctx.db, actor.id, input.id);
    await ctx.db.deleteFrom('basket_items').where('id', '=', row.id).execute();
    return { ok: true as const };
  },
  async 'product/get-articles-xls'(input, ctx) {
    const actor = requireActor(ctx);
    const file = await ownFile(ctx.db, actor.id, input.fileId);
    const data = await readStoredFile(ctx.storage, file.storage_key);
    const sheet = await readSpreadsheetOffThread(data);
    const result = await resolveLines(ctx.db, actor, sheet.lines);
    return { ...result, sheet: sheet.sheet, skipped: sheet.skipped };
  },
};
