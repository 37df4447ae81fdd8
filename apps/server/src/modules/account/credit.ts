import { formatPrice, type Currency } from '@portal/contract';
import type { Db } from '../../db/database.js';
import { AppError } from '../../rest/app-error.js';
import { openOrdersSum, type CheckoutAttempt } from '../orders/index.js';
import { readCreditRule } from '../settings/index.js';
import * as q from './queries.js';

/**
 * Payment methods paid before the goods leave (decision 201): a card, an online payment, a prepayment by bill.
 * Their orders use no credit, so the rule does not apply to them.
 */
export const PREPAID_CODES: ReadonlySet<string> = new Set(['CARD', 'ONLINE', 'PREPAY', 'PREPAID', 'PREPAYMENT']);

const round = (n: number) => Math.round(n * 100) / 100;

/**
 * The credit rule at checkout (decision 201), registered into orders as its checkout guard. The company's
 * contract rows are locked, so concurrent checkouts of one company take turns; the available credit is the
 * limit less 1C's debt less the portal's orders placed since the figures arrived (not in 1C's debt yet).
 */
export async function creditGuard(trx: Db, attempt: CheckoutAttempt): Promise<string | null> {
  const rule = await readCreditRule(trx);
  if (rule === 'off' || PREPAID_CODES.has(attempt.paySystem.code.toUpperCase())) return null;
  const contracts = await q.lockedContractFigures(trx, attempt.company);
  // A company 1C sent no figures for has no known limit: nothing to hold the order against.
  if (contracts.length === 0) return null;
  const limit = contracts.reduce((s, k) => s + Number(k.credit_limit), 0);
  const debt = contracts.reduce((s, k) => s + Number(k.debt), 0);
  const overdue = round(contracts.reduce((s, k) => s + Number(k.overdue), 0));
  const since = contracts.reduce<Date | null>((min, k) => {
    const at = new Date(k.updated_at);
    return min === null || at < min ? at : min;
  }, null);
  const open = await openOrdersSum(trx, attempt.company, since);
  const available = round(Math.max(0, limit - debt - open));
  const beyond = attempt.price > available;
  if (!beyond && overdue <= 0) return null;
  const money = (n: number) => formatPrice(n, attempt.currency as Currency, attempt.language);
  const en = attempt.language === 'en';
  const reasons = [
    beyond
      ? en
        ? `the order's sum ${money(attempt.price)} exceeds the available credit ${money(available)}`
        : `сумма заказа ${money(attempt.price)} больше доступного кредита ${money(available)}`
      : '',
    overdue > 0 ? (en ? `overdue debt ${money(overdue)}` : `просроченный долг ${money(overdue)}`) : '',
  ]
    .filter(Boolean)
    .join('; ');
  if (rule === 'block') {
    throw new AppError(
      'VALIDATION',
      en
        ? `The order is refused: ${reasons}. Pay the bill or choose a prepaid method; ask your manager.`
        : `Заказ не принят: ${reasons}. Оплатите счёт или выберите предоплату; вопросы — менеджеру.`,
    );
  }
  return en
    ? `The order is placed beyond the contract's terms: ${reasons}. The manager will contact you.`
    : `Заказ оформлен сверх условий договора: ${reasons}. Менеджер свяжется с вами.`;
}
