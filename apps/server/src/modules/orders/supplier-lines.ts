import type { Db } from '../../db/database.js';
import { productsForOrderLines } from '../catalog/index.js';
import type { OrderHistoryChange } from './tables.js';
import * as q from './supplier-queries.js';
import './tables.js';

/**
 * The lines of an order as the supplier's 1C has them (decision 096), applied inside `changeOrder`'s
 * transaction. 1C is the master of what it ships and at what price: none of the basket's rules (stock,
 * measurement factor, the correction rule) apply; what changes is written into the order's history.
 */
export interface SupplierLine {
  /** The portal product (by 1C's Ид), or null for a product the portal does not have. */
  productId: number | null;
  article: string;
  name: string;
  quantity: number;
  /** The price per unit as 1C says it; null keeps the line's price (a new line without one is skipped). */
  price: number | null;
}

const MAX_QUANTITY = 1_000_000;
const money = (n: number) => Math.round(n * 100) / 100;

/**
 * Matches 1C's lines to the order's (by product, else by part number), sets their quantities and prices,
 * adds the lines the order lacks, and sets to 0 the lines 1C no longer has. Returns the history's changes.
 */
export async function applySupplierLines(
  db: Db,
  order: { id: number; currency: string },
  lines: SupplierLine[],
): Promise<OrderHistoryChange[]> {
  const existing = await q.orderItemRows(db, order.id);
  const used = new Set<number>();
  const changes: OrderHistoryChange[] = [];
  const newProducts = lines.filter((l) => l.productId !== null).map((l) => l.productId!);
  const products = await productsForOrderLines(db, newProducts);
  const productOf = new Map(products.map((p) => [p.id, p]));

  for (const l of lines) {
    const match = existing.find(
      (x) =>
        !used.has(x.id) &&
        ((l.productId !== null && x.product_id === l.productId) ||
          (l.productId === null && l.article !== '' && x.article === l.article)),
    );
    const quantity = Math.min(Math.max(0, Math.round(l.quantity)), MAX_QUANTITY);
    if (match) {
      used.add(match.id);
      const before = Number(match.price);
      const price = l.price === null ? before : money(l.price);
      if (match.quantity === quantity && before === price) continue;
      await q.setOrderItem(db, match.id, { quantity, price });
      changes.push({
        field: 'line',
        lineId: match.id,
        productId: match.product_id,
        article: match.article,
        name: match.name,
        before: match.quantity,
        after: quantity,
        ...(before !== price ? { priceBefore: before, priceAfter: price } : {}),
      });
    } else if (quantity > 0 && l.price !== null) {
      // A product the portal knows keeps its unit, weight and volume; an unknown one is a line by name.
      const p = l.productId === null ? undefined : productOf.get(l.productId);
      const name = (l.name || l.article).slice(0, 500);
      const article = l.article.slice(0, 100);
      const row = await q.insertOrderItem(db, {
        order_id: order.id,
        product_id: p ? l.productId : null,
        name,
        article,
        ...(p ? { unit: p.unit } : {}),
        quantity,
        price: money(l.price),
        currency: order.currency,
        weight_kg: p?.weight_kg ?? null,
        volume_m3: p?.volume_m3 ?? null,
      });
      changes.push({
        field: 'line',
        lineId: row.id,
        productId: p ? l.productId : null,
        article,
        name,
        before: 0,
        after: quantity,
      });
    }
  }
  for (const x of existing) {
    if (used.has(x.id) || x.quantity === 0) continue;
    await q.setOrderItem(db, x.id, { quantity: 0 });
    changes.push({
      field: 'line',
      lineId: x.id,
      productId: x.product_id,
      article: x.article,
      name: x.name,
      before: x.quantity,
      after: 0,
    });
  }
  if (changes.length > 0) await q.recomputeTotals(db, order.id);
  return changes;
}

/** The order's sum as 1C says it (delivery and discounts included), when it differs from the portal's. */
export async function applySupplierTotal(
  db: Db,
  order: { id: number; currency: string },
  total: number,
): Promise<OrderHistoryChange | null> {
  const before = await q.orderPriceOf(db, order.id);
  const after = money(total);
  if (Math.abs(before - after) < 0.005) return null;
  await q.setOrderPrice(db, order.id, after);
  return { field: 'total', before, after, currency: order.currency };
}
