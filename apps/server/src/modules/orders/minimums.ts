import type { Language } from '@portal/contract';
import type { Db } from '../../db/database.js';
import { AppError } from '../../rest/app-error.js';
import { belowMinimum, limitsFor } from '../baskets/index.js';

/**
 * Refuses (400) a correction that would leave a tea or coffee line below its group's minimum (docs/spec/09-constants.md,
 * decision 140), naming each product as `basket-item/update` does: «Чай зелёный: чай заказывают не меньше 12
 * шт. (сейчас 5)». The basket's own check, so the two never disagree. A line taken out (0) is not short.
 */
export async function refuseShortLines(
  db: Db,
  language: Language,
  lines: Array<{ productId: number | null; label: string; quantity: number }>,
): Promise<void> {
  const kept = lines.filter((l): l is typeof l & { productId: number } => l.productId !== null && l.quantity > 0);
  if (kept.length === 0) return;
  const limits = await limitsFor(db, [...new Set(kept.map((l) => l.productId))]);
  const bad = kept.flatMap((l) => {
    const why = belowMinimum(limits, language, l);
    return why ? [`${l.label}: ${why}`] : [];
  });
  if (bad.length) {
    const text = bad.join('; ');
    throw new AppError('VALIDATION', text);
  }
}
