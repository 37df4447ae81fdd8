import { translate, type alternativeMethods } from '@portal/contract';
import { AppError, notFound } from '../../rest/app-error.js';
import { requireActor, type Handlers } from '../../rest/context.js';
import {
  deleteBasketLine,
  itemsView,
  lockOwnBasketLine,
  ownBasket,
  ownBasketLine,
  putLines,
  setLineQuantity,
  shortBasketLines,
} from '../baskets/index.js';
import { productStockOf } from '../catalog/index.js';
import type { Db } from '../../db/database.js';
import type { Actor } from '../auth/index.js';
import { alternativesOf, downToFactor, upToFactor, type AskedLine } from './alternatives.js';

type LockedLine = Awaited<ReturnType<typeof lockOwnBasketLine>>;

const asked = (row: LockedLine): AskedLine => ({
  line: row.id,
  product: row.product_id,
  amount: row.quantity,
  key: row.article_key,
  stock: row.stock_real,
  factor: row.measure_factor,
});

/** The alternative the dealer chose for the locked line, or a VALIDATION error naming the field. */
async function chosenAlternative(
  db: Db,
  actor: Actor,
  language: Parameters<typeof translate>[0],
  row: LockedLine,
  product: number,
) {
  const [line] = await alternativesOf(db, actor, [asked(row)]);
  const alternative = line?.alternatives.find((a) => a.productId === product);
  if (!alternative)
    throw new AppError('VALIDATION', 'error.alternativeUnknown', {
      fields: { product: translate(language, 'error.alternativeUnknown') },
    });
  return alternative;
}

/** Puts the alternative's quantity into the basket or refuses the whole call (the transaction rolls back). */
async function putAlternative(
  db: Db,
  actor: Actor,
  language: Parameters<typeof translate>[0],
  basketId: number,
  product: number,
  quantity: number,
) {
  const result = await putLines(db, actor, language, basketId, [{ product, quantity }], 'add');
  const failed = result.failed[0];
  if (failed)
    throw new AppError('VALIDATION', 'error.basketAddFailed', { args: [`${failed.name} — ${failed.reason}`] });
  const item = result.items[0];
  if (!item) throw notFound();
  return item;
}

/** Alternatives where stock is short (decision 206): asked on demand, so `basket-item/list` stays as fast as it was. */
export const alternativeHandlers: Handlers<typeof alternativeMethods> = {
  async 'basket-item/alternatives'(input, ctx) {
    const actor = requireActor(ctx);
    let lines: AskedLine[];
    if (input.basket !== undefined) {
      const rows = await shortBasketLines(ctx.db, actor.id, input.basket);
      // No short line: the basket may still be another dealer's, which must look like a missing one.
      if (rows.length === 0) await ownBasket(ctx.db, actor.id, input.basket);
      lines = rows.map((r) => ({
        line: r.id,
        product: r.product_id,
        amount: r.quantity,
        key: r.article_key,
        stock: r.stock_real,
        factor: r.measure_factor,
      }));
    } else if (input.id !== undefined) {
      const row = await lockOwnBasketLine(ctx.db, actor.id, input.id);
      lines = [asked(row)];
    } else {
      const stock = new Map(
        (await productStockOf(ctx.db, [...new Set((input.lines ?? []).map((l) => l.product))])).map((p) => [p.id, p]),
      );
      lines = (input.lines ?? []).flatMap((l) => {
        const p = stock.get(l.product);
        if (!p || l.amount <= Number(p.stock_real)) return [];
        return [
          {
            line: null,
            product: l.product,
            amount: l.amount,
            key: p.article_key,
            stock: Number(p.stock_real),
            factor: Number(p.measure_factor) || 1,
          },
        ];
      });
    }
    return { items: await alternativesOf(ctx.db, actor, lines) };
  },

  async 'basket-item/swap'(input, ctx) {
    const actor = requireActor(ctx);
    return ctx.db.transaction().execute(async (trx) => {
      const row = await lockOwnBasketLine(trx, actor.id, input.id);
      const alternative = await chosenAlternative(trx, actor, ctx.language, row, input.product);
      await deleteBasketLine(trx, row.id);
      const quantity = upToFactor(row.quantity * alternative.ratio, alternative.measureFactor);
      const item = await putAlternative(trx, actor, ctx.language, row.basket_id!, alternative.productId, quantity);
      return { removed: row.id, item };
    });
  },

  async 'basket-item/split'(input, ctx) {
    const actor = requireActor(ctx);
    return ctx.db.transaction().execute(async (trx) => {
      const row = await lockOwnBasketLine(trx, actor.id, input.id);
      const kept = downToFactor(Math.min(row.stock_real, row.quantity), row.measure_factor);
      if (kept <= 0 || kept >= row.quantity)
        throw new AppError('VALIDATION', 'error.splitNotShort', {
          fields: { id: translate(ctx.language, 'error.splitNotShort') },
        });
      const alternative = await chosenAlternative(trx, actor, ctx.language, row, input.product);
      if (!(await setLineQuantity(trx, row.id, kept))) throw notFound();
      const rest = upToFactor((row.quantity - kept) * alternative.ratio, alternative.measureFactor);
      const added = await putAlternative(trx, actor, ctx.language, row.basket_id!, alternative.productId, rest);
      const [item] = await itemsView(trx, actor, [await ownBasketLine(trx, actor.id, row.id)], ctx.language);
      if (!item) throw notFound();
      return { item, added };
    });
  },
};
