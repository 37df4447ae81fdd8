import {
  ORDER_QUANTITY_MAX,
  type Alternative,
  type AlternativeKind,
  type Currency,
  type ShortLine,
} from '@portal/contract';
import type { Db } from '../../db/database.js';
import type { Actor } from '../auth/index.js';
import {
  activeProductsByArticleKeys,
  analoguesOfProducts,
  inStockOffers,
  priceContextOf,
  shownPrice,
  type AlternativeOffer,
} from '../catalog/index.js';
import { interchangeableKeys, lookupReplacements } from './queries.js';

/** A line asking for alternatives: a basket line (`line`) or a product with a quantity. */
export interface AskedLine {
  line: number | null;
  product: number;
  amount: number;
  /** The product's normalised number. */
  key: string;
  /** What the real warehouses hold now. */
  stock: number;
  factor: number;
}

/** At most this many alternatives per line. */
const MOST = 5;
const RANK: Record<AlternativeKind, number> = { REPLACEMENT: 0, INTERCHANGEABLE: 1, ANALOGUE: 1 };

/** A quantity raised to the next multiple of the measurement factor, within the order limit. */
export const upToFactor = (quantity: number, factor: number) =>
  Math.min(ORDER_QUANTITY_MAX, Math.ceil(quantity / (factor || 1)) * (factor || 1));
/** A quantity lowered to a multiple of the measurement factor. */
export const downToFactor = (quantity: number, factor: number) => Math.floor(quantity / (factor || 1)) * (factor || 1);

/**
 * The in-stock alternatives of the lines (decision 206), set-based: one walk of the replacements for every
 * line's number, one statement for the interchangeable numbers, one for the analogues, one for the
 * candidates' stock and prices — whatever the number of lines. The replacement comes first (a set of several
 * parts is no single alternative and is left out); then interchangeable parts and analogues, those that cover
 * what is missing first, then by price (cheapest first), then by stock.
 */
export async function alternativesOf(db: Db, actor: Actor, lines: AskedLine[]): Promise<ShortLine[]> {
  if (lines.length === 0) return [];
  const keys = [...new Set(lines.map((l) => l.key).filter((k) => k !== ''))];
  const products = [...new Set(lines.map((l) => l.product))];
  const [replaced, interchangeable, analogues, context] = await Promise.all([
    lookupReplacements(db, keys),
    interchangeableKeys(db, keys),
    analoguesOfProducts(db, products),
    priceContextOf(db, actor, 'basket'),
  ]);
  const otherKeys = [...new Set([...interchangeable.values()].flat())];
  const byKey = new Map<string, number[]>();
  for (const p of await activeProductsByArticleKeys(db, otherKeys))
    byKey.set(p.article_key, [...(byKey.get(p.article_key) ?? []), p.id]);
  const analoguesBy = new Map<number, number[]>();
  for (const a of analogues) analoguesBy.set(a.product_id, [...(analoguesBy.get(a.product_id) ?? []), a.analogue_id]);

  // Each line's candidates, by kind, before stock is known.
  type Candidate = { id: number; kind: AlternativeKind; chain: string[]; ratio: number };
  const candidatesOf = new Map<AskedLine, Candidate[]>();
  const ids = new Set<number>();
  for (const l of lines) {
    const list: Candidate[] = [];
    const parts = replaced.get(l.key) ?? [];
    if (parts.length === 1) {
      const p = parts[0]!;
      list.push({ id: p.productId, kind: 'REPLACEMENT', chain: p.chain, ratio: p.ratio });
    }
    for (const k of interchangeable.get(l.key) ?? [])
      for (const id of byKey.get(k) ?? []) list.push({ id, kind: 'INTERCHANGEABLE', chain: [], ratio: 1 });
    for (const id of analoguesBy.get(l.product) ?? []) list.push({ id, kind: 'ANALOGUE', chain: [], ratio: 1 });
    const seen = new Set<number>([l.product]);
    const unique = list.filter((c) => !seen.has(c.id) && seen.add(c.id));
    candidatesOf.set(l, unique);
    for (const c of unique) ids.add(c.id);
  }
  const offers = new Map<number, AlternativeOffer>((await inStockOffers(db, context, [...ids])).map((o) => [o.id, o]));

  return lines.map((l) => {
    const missing = Math.max(0, l.amount - l.stock);
    const alternatives: Alternative[] = [];
    for (const c of candidatesOf.get(l) ?? []) {
      const o = offers.get(c.id);
      // A part without the dealer's price cannot go into a basket: it is no alternative.
      if (!o || o.value === null || o.currency === null) continue;
      alternatives.push({
        productId: o.id,
        name: o.name,
        article: o.article,
        brand: o.brand,
        kind: c.kind,
        chain: c.chain,
        ratio: c.ratio,
        price: { value: shownPrice(Number(o.value), context), currency: o.currency as Currency },
        stock: Number(o.stock_real),
        measureFactor: Number(o.measure_factor) || 1,
      });
    }
    const covers = (a: Alternative) => (a.stock >= Math.max(1, missing) * a.ratio ? 0 : 1);
    alternatives.sort(
      (a, b) =>
        RANK[a.kind] - RANK[b.kind] ||
        covers(a) - covers(b) ||
        (a.price?.value ?? Infinity) - (b.price?.value ?? Infinity) ||
        b.stock - a.stock ||
        a.productId - b.productId,
    );
    return {
      line: l.line,
      product: l.product,
      amount: l.amount,
      stock: l.stock,
      missing,
      measureFactor: Number(l.factor) || 1,
      alternatives: alternatives.slice(0, MOST),
    };
  });
}
