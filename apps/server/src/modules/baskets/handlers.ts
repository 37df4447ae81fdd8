import {
  ORDER_QUANTITY_MAX,
  translate,
  type AddResult,
  type BasketItem,
  type basketMethods,
  type Language,
} from '@portal/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { AppError, notFound } from '../../rest/app-error.js';
import { requireActor, type Handlers } from '../../rest/context.js';
import { paged, pageOf } from '../../rest/paging.js';
import type { Actor } from '../auth/index.js';
import { loadOffers, loadStores, offerFrom, priceContextOf, priceFor, productsForBasket } from '../catalog/index.js';
import { ownFile, readStoredFile } from '../files/index.js';
import { parseLines } from './lines.js';
import { basketLines, basketView, basketViews, itemsFrom, itemsView, ownBasket, storesOf } from './queries.js';
import { resolveLines } from './resolve.js';
import { belowMinimum, limitsFor } from './thresholds.js';
import { readSpreadsheetOffThread } from './import-pool.js';

interface Line {
  product: number;
  quantity: number;
}

/**
 * Puts lines into a basket in one statement: a product that has a line is updated (spec §4), so two tabs
 * adding at once both count — the database adds under its own row lock (`ON CONFLICT … DO UPDATE`).
 * 'add' sums with the existing quantity (capped at 10000); 'set' replaces it. Lines whose product is
 * unknown, inactive, without a price or not in its measurement factor are returned as failed.
 */
export async function putLines(
  db: Db,
  actor: Actor,
  language: Language,
  basketId: number,
  lines: Line[],
  mode: 'add' | 'set',
): Promise<Omit<AddResult, 'basket'> & { items: BasketItem[] }> {
  const merged = new Map<number, number>();
  for (const l of lines)
    if (l.quantity >= 1) merged.set(l.product, Math.min(ORDER_QUANTITY_MAX, (merged.get(l.product) ?? 0) + l.quantity));
  const ids = [...merged.keys()];
  const products = await productsForBasket(db, ids);
  const byId = new Map(products.map((p) => [p.id, p]));
  const [offers, limits] = await Promise.all([loadOffers(db, actor, ids, undefined, 'basket'), limitsFor(db, ids)]);
  // What a line will hold after this call ('add' sums with the line already there): the group minimum of
  // spec §9 (decision 140) is checked on that.
  const grouped = ids.filter((id) => limits.groups.has(id));
  const already = new Map<number, number>();
  if (mode === 'add' && grouped.length > 0) {
    const rows = await db
      .selectFrom('basket_items')
      .select(['product_id', 'quantity'])
      .where('basket_id', '=', basketId)
      .where('product_id', '=', sql<number>`ANY(${grouped}::int[])`)
      .execute();
    for (const r of rows) already.set(r.product_id, r.quantity);
  }
  const failed: AddResult['failed'] = [];
  const good: Line[] = [];
  for (const [product, quantity] of merged) {
    const p = byId.get(product);
    const name = p ? [p.article, p.name].filter(Boolean).join(' ') : `#${product}`;
    const total = Math.min(ORDER_QUANTITY_MAX, quantity + (already.get(product) ?? 0));
    const short = belowMinimum(limits, language, { productId: product, quantity: total });
    if (!p || !p.active) failed.push({ product, name, reason: translate(language, 'error.productUnavailable') });
    else if (!offers.get(product)?.price) failed.push({ product, name, reason: translate(language, 'error.noPrice') });
    else if (Number(p.measure_factor) > 1 && quantity % Number(p.measure_factor) !== 0)
      failed.push({
        product,
        name,
        reason: translate(language, 'validation.quantityFactor', Number(p.measure_factor)),
      });
    else if (short) failed.push({ product, name, reason: short });
    else good.push({ product, quantity });
  }
  let added = 0;
  let updated = 0;
  const items: BasketItem[] = [];
  if (good.length > 0) {
    const rows = await db
      .insertInto('basket_items')
      .values(good.map((l) => ({ basket_id: basketId, product_id: l.product, quantity: l.quantity })))
      .onConflict((oc) =>
        oc.columns(['basket_id', 'product_id']).doUpdateSet({
          quantity:
            mode === 'add'
              ? sql<number>`LEAST(basket_items.quantity + excluded.quantity, ${ORDER_QUANTITY_MAX})`
              : sql<number>`excluded.quantity`,
          updated_at: new Date(),
        }),
      )
      .returning(['id', 'product_id', 'quantity', sql<boolean>`(xmax = 0)`.as('inserted')])
      .execute();
    for (const r of rows)
      if (r.inserted) added++;
      else updated++;
    // The lines as the answer shows them, from what was loaded above: no second round of queries.
    items.push(
      ...itemsFrom(
        rows.map((r) => {
          const p = byId.get(r.product_id)!;
          return {
            ...p,
            id: r.id,
            basket_id: basketId,
            order_id: null,
            product_id: r.product_id,
            quantity: r.quantity,
          };
        }),
        offers,
        limits,
        language,
      ),
    );
  }
  return { added, updated, failed, items };
}

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
  const order = await db
    .selectFrom('orders')
    .select('id')
    .where('id', '=', orderId)
    .where('user_id', '=', actor.id)
    .executeTakeFirst();
  if (!order) throw notFound();
  return db
    .selectFrom('order_items as i')
    .leftJoin('products as p', 'p.id', 'i.product_id')
    .select([
      'i.id',
      sql<number | null>`NULL::integer`.as('basket_id'),
      'i.order_id',
      sql<number>`COALESCE(i.product_id, 0)`.as('product_id'),
      'i.quantity',
      'i.name',
      'i.article',
      sql<string>`COALESCE(p.brand, '')`.as('brand'),
      'i.unit',
      sql<number>`COALESCE(p.measure_factor, 1)`.as('measure_factor'),
      'i.weight_kg',
      'i.volume_m3',
    ])
    .where('i.order_id', '=', orderId)
    .orderBy('i.id')
    .execute();
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
    const order = await ctx.db
      .selectFrom('orders')
      .select('id')
      .where('id', '=', input.order)
      .where('user_id', '=', actor.id)
      .executeTakeFirst();
    if (!order) throw notFound();
    const items = await ctx.db
      .selectFrom('order_items')
      .select(['product_id', 'quantity'])
      .where('order_id', '=', input.order)
      .where('product_id', 'is not', null)
      // Lines a correction took out (quantity 0) are not repeated.
      .where('quantity', '>', 0)
      .execute();
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
