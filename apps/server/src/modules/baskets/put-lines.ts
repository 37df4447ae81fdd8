import { ORDER_QUANTITY_MAX, translate, type AddResult, type BasketItem, type Language } from '@portal/contract';
import type { Db } from '../../db/database.js';
import type { Actor } from '../auth/index.js';
import { loadOffers, priceContextOf, productsForBasket, type PriceContext } from '../catalog/index.js';
import { basketView, itemsFrom, lineQuantities, upsertLines, type BasketRow } from './queries.js';
import { belowMinimum, limitsFor } from './thresholds.js';

/* Apart from the handlers so that the face (index.ts) does not pull in handlers.ts, which reads the orders
   module's face: orders → baskets → orders would be an import cycle (decision 151). */

interface Line {
  product: number;
  quantity: number;
}

/**
 * Puts lines into a basket in one statement: a product that has a line is updated (docs/spec/04-states.md), so two tabs
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
  /**
   * The request's basket price context (priceContextOf(…, 'basket')): computed once by the handler and passed
   * down to the offers, the minimums and the basket's sums, so that an add reads the settings once (decision 216).
   * Left out (the demo seed), it is read here.
   */
  context?: PriceContext | null,
): Promise<Omit<AddResult, 'basket'> & { items: BasketItem[] }> {
  const merged = new Map<number, number>();
  for (const l of lines)
    if (l.quantity >= 1) merged.set(l.product, Math.min(ORDER_QUANTITY_MAX, (merged.get(l.product) ?? 0) + l.quantity));
  const ids = [...merged.keys()];
  const products = await productsForBasket(db, ids);
  const byId = new Map(products.map((p) => [p.id, p]));
  const [offers, limits] = await Promise.all([
    loadOffers(db, actor, ids, context, 'basket'),
    limitsFor(db, ids, context?.thresholds),
  ]);
  // What a line will hold after this call ('add' sums with the line already there): the group minimum of
  // docs/spec/09-constants.md (decision 140) is checked on that.
  const grouped = ids.filter((id) => limits.groups.has(id));
  const already = new Map<number, number>();
  if (mode === 'add' && grouped.length > 0) {
    for (const r of await lineQuantities(db, basketId, grouped)) already.set(r.product_id, r.quantity);
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
    const rows = await upsertLines(db, basketId, good, mode);
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

/**
 * Adds lines to a basket and answers with the basket's new sums (`basket/add`, `basket/repeat`): one price context
 * for the request, read once and used by the lines, the minimums and the sums (decision 216).
 */
export async function addLines(
  db: Db,
  actor: Actor,
  language: Language,
  basket: BasketRow,
  lines: Line[],
): Promise<AddResult> {
  const context = await priceContextOf(db, actor, 'basket');
  const { items: _items, ...result } = await putLines(db, actor, language, basket.id, lines, 'add', context);
  return { ...result, basket: await basketView(db, actor, basket, context) };
}
