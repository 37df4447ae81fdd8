import { translate, type Language, type Thresholds } from '@portal/contract';
import type { Db } from '../../db/database.js';
import { AppError } from '../../rest/app-error.js';
import { productGroupsOf } from '../catalog/index.js';
import { readThresholds } from '../settings/index.js';

/** The configured product groups of docs/spec/09-constants.md (decision 140). */
export type ProductGroup = 'tea' | 'coffee';

export interface Limits {
  thresholds: Thresholds;
  groups: Map<number, ProductGroup>;
}

/**
 * The thresholds and the groups of the given products: one settings read and one query; no settings read when
 * the caller passes the thresholds it already has (the request's price context, decision 216).
 */
export async function limitsFor(db: Db, productIds: number[], known?: Thresholds): Promise<Limits> {
  const thresholds = known ?? (await readThresholds(db));
  const groups = await productGroupsOf(db, productIds, [
    ['tea', thresholds.teaSections],
    ['coffee', thresholds.coffeeSections],
  ] as const);
  return { thresholds, groups };
}

/** The least quantity a line of this product may have (0: no minimum beyond the 1 of docs/spec/05-validation.md). */
export function minQuantityOf(limits: Limits, productId: number): number {
  const group = limits.groups.get(productId);
  if (group === 'tea') return limits.thresholds.teaMinQuantity;
  if (group === 'coffee') return limits.thresholds.coffeeMinQuantity;
  return 0;
}

/** Why this quantity of the product may not be ordered, or null: «чай заказывают не меньше 12 шт. (сейчас 5)». */
export function belowMinimum(
  limits: Limits,
  language: Language,
  line: { productId: number; quantity: number },
): string | null {
  const min = minQuantityOf(limits, line.productId);
  const group = limits.groups.get(line.productId);
  if (!group || line.quantity >= min) return null;
  return translate(language, 'error.minQuantity', translate(language, `group.${group}`), min, line.quantity);
}

/** Refuses a checkout whose lines are below their group's minimum, naming each (docs/spec/08-errors.md style). */
export function refuseBelowMinimum(
  limits: Limits,
  language: Language,
  lines: Array<{ productId: number; name: string; quantity: number }>,
): void {
  const bad = lines.flatMap((l) => {
    const why = belowMinimum(limits, language, l);
    return why ? [`${l.name} — ${why}`] : [];
  });
  if (bad.length) throw new AppError('VALIDATION', 'error.basketAddFailed', { args: [bad.join('; ')] });
}

/**
 * Paying by another method than the dealer's own prices the order at another 1C price type (decision 095):
 * the basket must hold at least the price-type-change minimum in all, and of tea and of coffee when it has them.
 * Returns the Russian (or English) reason, or null when the change is allowed.
 */
export function priceTypeChangeProblem(
  limits: Limits,
  language: Language,
  lines: Array<{ productId: number; quantity: number }>,
  chosen: { id: number; name: string },
  own: { id: number; name: string },
): string | null {
  if (chosen.id === own.id) return null;
  const t = limits.thresholds;
  let total = 0;
  const byGroup: Record<ProductGroup, number> = { tea: 0, coffee: 0 };
  for (const l of lines) {
    total += l.quantity;
    const g = limits.groups.get(l.productId);
    if (g) byGroup[g] += l.quantity;
  }
  const groupMin: Record<ProductGroup, number> = { tea: t.priceTypeChangeMinTea, coffee: t.priceTypeChangeMinCoffee };
  const shortGroups = (['tea', 'coffee'] as const).filter((g) => byGroup[g] > 0 && byGroup[g] < groupMin[g]);
  if (total >= t.priceTypeChangeMin && shortGroups.length === 0) return null;
  const groupText = (['tea', 'coffee'] as const)
    .filter((g) => byGroup[g] > 0 && groupMin[g] > 0)
    .map((g) => translate(language, 'error.priceTypeChangeGroup', translate(language, `group.${g}`), groupMin[g]))
    .join('');
  const now = [String(total), ...shortGroups.map((g) => `${translate(language, `group.${g}`)} ${byGroup[g]}`)].join(
    ', ',
  );
  return translate(language, 'error.priceTypeChangeMin', chosen.name, t.priceTypeChangeMin, groupText, now, own.name);
}
