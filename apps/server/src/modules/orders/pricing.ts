import { translate, type Currency, type Language } from '@portal/contract';
import type { Db } from '../../db/database.js';
import { AppError } from '../../rest/app-error.js';
import type { Actor } from '../auth/index.js';
import { basketLines, round2 } from '../baskets/index.js';
import { loadOffers, paySystemNames, priceContextOf, type Offer } from '../catalog/index.js';
import { belowMinimum, limitsFor, priceTypeChangeProblem } from '../baskets/index.js';
import type { ProductException } from './tables.js';

interface BasketLine {
  id: number;
  product_id: number;
  quantity: number;
  name: string;
  article: string;
  unit: string;
  weight_kg: number | null;
  volume_m3: number | null;
  active: boolean;
}

export interface PricedLine {
  /** The basket line. */
  id: number;
  productId: number;
  name: string;
  article: string;
  unit: string;
  quantity: number;
  price: number | null;
  sum: number | null;
  currency: Currency;
  weightKg: number | null;
  volumeM3: number | null;
  /** Why the line cannot be ordered: taken out of the catalogue, or no price for this payment method. */
  problem: 'unavailable' | 'noPrice' | null;
}

export interface PricedBasket {
  lines: PricedLine[];
  totals: Array<{ currency: Currency; value: number }>;
  /** The order's sum and currency: the currency most of the sum is in (others are listed in totals). */
  price: number;
  currency: Currency;
  weightKg: number;
  volumeM3: number;
  weightExceptions: ProductException[];
  volumeExceptions: ProductException[];
}

/**
 * The basket's lines at the prices of one payment method (the actor's price type): the one computation
 * both the checkout summary (`order/preview`) and the order itself (`order/create`) use, so the order is
 * created at the sum the dealer was shown.
 */
export function priceLines(lines: BasketLine[], offers: Map<number, Offer>): PricedBasket {
  const totals = new Map<Currency, number>();
  let weight = 0;
  let volume = 0;
  const weightExceptions: ProductException[] = [];
  const volumeExceptions: ProductException[] = [];
  const priced = lines.map((l): PricedLine => {
    const offer = offers.get(l.product_id)?.price ?? null;
    const problem = !l.active ? 'unavailable' : offer ? null : 'noPrice';
    const sum = offer && !problem ? round2(offer.value * l.quantity) : null;
    if (offer && sum !== null) totals.set(offer.currency, round2((totals.get(offer.currency) ?? 0) + sum));
    const ex = { id: l.product_id, name: l.name, article: l.article };
    if (l.weight_kg === null) weightExceptions.push(ex);
    else weight += Number(l.weight_kg) * l.quantity;
    if (l.volume_m3 === null) volumeExceptions.push(ex);
    else volume += Number(l.volume_m3) * l.quantity;
    return {
      id: l.id,
      productId: l.product_id,
      name: l.name,
      article: l.article,
      unit: l.unit,
      quantity: l.quantity,
      price: offer && !problem ? offer.value : null,
      sum,
      currency: offer?.currency ?? 'RUB',
      weightKg: l.weight_kg === null ? null : Number(l.weight_kg),
      volumeM3: l.volume_m3 === null ? null : Number(l.volume_m3),
      problem,
    };
  });
  const [currency, price] = [...totals].sort((a, b) => b[1] - a[1])[0] ?? (['RUB', 0] as const);
  return {
    lines: priced,
    totals: [...totals].sort((a, b) => a[0].localeCompare(b[0])).map(([c, value]) => ({ currency: c, value })),
    price,
    currency,
    weightKg: Math.round(weight * 1000) / 1000,
    volumeM3: Math.round(volume * 100000) / 100000,
    weightExceptions,
    volumeExceptions,
  };
}

/** A basket's lines priced for a payment method (see priceLines). */
export async function priceBasket(
  db: Db,
  actor: Actor,
  basketId: number,
  paySystemId: number,
  known?: BasketLine[],
): Promise<PricedBasket> {
  const lines = known ?? (await basketLines(db, [basketId]).orderBy('i.id').execute());
  const offers = await loadOffers(
    db,
    { priceTypeId: actor.priceTypeId, paySystemId },
    lines.map((l) => l.product_id),
    undefined,
    'basket',
  );
  return priceLines(lines, offers);
}

/**
 * What the thresholds of docs/spec/09-constants.md (decision 140) say about checking this basket out with this payment method:
 * every tea or coffee line below its group's minimum, and a payment method other than the dealer's own
 * (another price type) below the price-type-change minimums. Empty: the checkout may go ahead. The checkout
 * summary shows the same list before the dealer submits.
 */
export async function thresholdRefusals(
  db: Db,
  actor: Actor,
  language: Language,
  priced: PricedBasket,
  paySystemId: number,
): Promise<string[]> {
  const ids = priced.lines.map((l) => l.productId);
  const [limits, own, chosen] = await Promise.all([
    limitsFor(db, ids),
    priceContextOf(db, actor),
    paySystemNames(db, [paySystemId]).then((names) => {
      const name = names.get(paySystemId);
      return name === undefined ? undefined : { id: paySystemId, name };
    }),
  ]);
  const refusals: string[] = [];
  for (const l of priced.lines) {
    const why = belowMinimum(limits, language, { productId: l.productId, quantity: l.quantity });
    if (why) refusals.push(`${[l.article, l.name].filter(Boolean).join(' ')} — ${why}`);
  }
  // A dealer who never chose a payment method has none of their own to change from.
  if (own && chosen && !own.needsPaySystem) {
    const change = priceTypeChangeProblem(
      limits,
      language,
      priced.lines.map((l) => ({ productId: l.productId, quantity: l.quantity })),
      chosen,
      { id: own.paySystemId, name: own.paySystemName },
    );
    if (change) refusals.push(change);
  }
  return refusals;
}

/** Refuses a checkout the thresholds do not allow, naming every reason (thresholdRefusals). */
export async function refuseThresholds(
  db: Db,
  actor: Actor,
  language: Language,
  priced: PricedBasket,
  paySystemId: number,
): Promise<void> {
  const refusals = await thresholdRefusals(db, actor, language, priced, paySystemId);
  if (refusals.length) throw new AppError('VALIDATION', refusals.join('; '));
}

/** A line that cannot be ordered stops the checkout with the lines named (docs/spec/08-errors.md 'Не удалось добавить'). */
export function refuseProblems(priced: PricedBasket, language: Language): void {
  for (const [problem, key] of [
    ['unavailable', 'error.productUnavailable'],
    ['noPrice', 'error.noPrice'],
  ] as const) {
    const bad = priced.lines.filter((l) => l.problem === problem);
    if (bad.length) {
      throw new AppError('VALIDATION', 'error.basketAddFailed', {
        args: [`${bad.map((l) => l.article || l.name).join(', ')} — ${translate(language, key)}`],
      });
    }
  }
}
