import { translate, type basketMethods } from '@portal/contract';
import type { Db } from '../../db/database.js';
import { AppError, notFound } from '../../rest/app-error.js';
import { requireActor, type Handlers } from '../../rest/context.js';
import { pageOf } from '../../rest/paging.js';
import type { Actor } from '../auth/index.js';
import { loadOffers, loadStores, offerFrom, priceContextOf, productsForBasket } from '../catalog/index.js';
import { ownFile, readStoredFile } from '../files/index.js';
import { parseLines } from './lines.js';
import { addLines, putLines } from './put-lines.js';
import {
  basketView,
  basketViews,
  countBaskets,
  deleteBasketLine,
  deleteOwnBasket,
  insertBasket,
  itemsFrom,
  itemsView,
  listBaskets,
  ownBasket,
  ownBasketLine,
  ownBasketLinesWithOffers,
  setLineQuantity,
  storesOf,
} from './queries.js';
import { resolveLines } from './resolve.js';
import { belowMinimum, limitsFor } from './thresholds.js';
import { readSpreadsheetOffThread } from './import-pool.js';

/** An order's line as the basket reads it (repeat an order; the corrective form). */
export interface OrderLine {
  id: number;
  order_id: number;
  product_id: number | null;
  quantity: number;
  name: string;
  article: string;
  unit: string;
  weight_kg: number | null;
  volume_m3: number | null;
}
/**
 * The lines of the user's own order (`undefined`: not theirs or missing). Orders sits above baskets
 * (docs/architecture.md, "Floors") and registers its reader from there (orders/basket-orders.ts).
 */
export type OrderLinesOf = (db: Db, userId: number, orderId: number) => Promise<OrderLine[] | undefined>;
let ownOrderLines: OrderLinesOf = async () => undefined;
export function readOrderLinesWith(read: OrderLinesOf): void {
  ownOrderLines = read;
}

/** The lines of an order as basket items, so the corrective form is built like a basket (docs/spec/07-calls.md). */
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
    const { count, rows } = await listBaskets(ctx.db, actor.id, input);
    return { count, items: await basketViews(ctx.db, actor, rows) };
  },
  async 'basket/get'(input, ctx) {
    const actor = requireActor(ctx);
    return basketView(ctx.db, actor, await ownBasket(ctx.db, actor.id, input.id));
  },
  async 'basket/create'(input, ctx) {
    const actor = requireActor(ctx);
    const name =
      input?.name?.trim() ||
      `${translate(ctx.language, 'basket.defaultName')} ${(await countBaskets(ctx.db, actor.id)) + 1}`;
    return basketView(ctx.db, actor, await insertBasket(ctx.db, actor.id, name));
  },
  async 'basket/delete'(input, ctx) {
    const actor = requireActor(ctx);
    if (!(await deleteOwnBasket(ctx.db, actor.id, input.id))) throw notFound();
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
        : await insertBasket(trx, actor.id, `${translate(ctx.language, 'basket.repeatName')} ${input.order}`);
      const fields = items.map((i) => ({ product: i.product_id ?? 0, quantity: i.quantity }));
      return addLines(trx, actor, ctx.language, basket, fields);
    });
  },
  async 'basket/add'(input, ctx) {
    const actor = requireActor(ctx);
    return ctx.db.transaction().execute(async (trx) => {
      return addLines(trx, actor, ctx.language, await ownBasket(trx, actor.id, input.id), input.fields);
    });
  },
  async 'basket/resolve'(input, ctx) {
    const actor = requireActor(ctx);
    // Pasted text or a system's items (decision 214): exactly one of them.
    if ((input.text === undefined) === (input.items === undefined)) {
      const field = input.text === undefined ? 'text' : 'items';
      throw new AppError('VALIDATION', 'error.validation', {
        fields: { [field]: input.text === undefined ? 'validation.required' : 'validation.invalid' },
      });
    }
    const lines = input.items
      ? input.items.map((item, i) => ({ row: i + 1, article: item.article, quantity: item.quantity ?? 1 }))
      : parseLines(input.text ?? '');
    if (lines.length > 20000) throw new AppError('VALIDATION', 'error.fileTooManyRows', { args: [20000] });
    return resolveLines(ctx.db, actor, lines, ctx.language);
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
    // The ownership check rides on the lines' query; only an empty answer looks at the basket again.
    const [rows, stores] = await Promise.all([
      ownBasketLinesWithOffers(ctx.db, actor.id, basketId, context, input.sort),
      loadStores(ctx.db, context),
    ]);
    if (rows.length === 0) await ownBasket(ctx.db, actor.id, basketId);
    const page = pageOf(rows, input);
    const offers = new Map(page.map((r) => [r.product_id, offerFrom(r.product_id, r, context, stores)]));
    // The thresholds came with the price context (decision 224): no second read of the settings.
    const limits = await limitsFor(
      ctx.db,
      page.map((r) => r.product_id),
      context?.thresholds,
    );
    return {
      count: rows.length,
      items: itemsFrom(page, offers, limits, ctx.language),
      stores: storesOf(offers, ctx.language),
    };
  },
  async 'basket-item/get'(input, ctx) {
    const actor = requireActor(ctx);
    const [item] = await itemsView(ctx.db, actor, [await ownBasketLine(ctx.db, actor.id, input.id)], ctx.language);
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
        await priceContextOf(trx, actor, 'basket'),
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
    const row = await ownBasketLine(ctx.db, actor.id, input.id);
    if (input.amount < 1) {
      await deleteBasketLine(ctx.db, row.id);
      return { deleted: true, item: null };
    }
    const factor = Number(row.measure_factor);
    if (factor > 1 && input.amount % factor !== 0) {
      throw new AppError('VALIDATION', 'error.validation', {
        fields: { amount: translate(ctx.language, 'validation.quantityFactor', factor) },
      });
    }
    // A tea or coffee line below its group's minimum (docs/spec/09-constants.md, decision 140): the message names the product.
    const short = belowMinimum(await limitsFor(ctx.db, [row.product_id]), ctx.language, {
      productId: row.product_id,
      quantity: input.amount,
    });
    if (short) {
      const text = `${[row.article, row.name].filter(Boolean).join(' ')}: ${short}`;
      throw new AppError('VALIDATION', text, { fields: { amount: text } });
    }
    // Deleted by another tab in between: the line is gone, say so rather than resurrect it.
    if (!(await setLineQuantity(ctx.db, row.id, input.amount))) throw notFound();
    const [item] = await itemsView(ctx.db, actor, [{ ...row, quantity: input.amount }], ctx.language);
    return { deleted: false, item: item ?? null };
  },
  async 'basket-item/delete'(input, ctx) {
    const actor = requireActor(ctx);
    const row = await ownBasketLine(ctx.db, actor.id, input.id);
    await deleteBasketLine(ctx.db, row.id);
    return { ok: true as const };
  },
  async 'product/get-articles-xls'(input, ctx) {
    const actor = requireActor(ctx);
    const file = await ownFile(ctx.db, actor.id, input.fileId);
    const data = await readStoredFile(ctx.storage, file.storage_key);
    const sheet = await readSpreadsheetOffThread(data);
    const result = await resolveLines(ctx.db, actor, sheet.lines, ctx.language);
    return { ...result, sheet: sheet.sheet, skipped: sheet.skipped };
  },
};
