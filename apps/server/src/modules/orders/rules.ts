import { formatDate, type MessageKey } from '@portal/contract';
import { AppError } from '../../rest/app-error.js';

/**
 * Order status codes in which the order's lines may still change (decision 060): «Новый» and «Принят».
 * From «Собирается» on the goods are being picked, shipped or delivered; a changed line would no longer
 * match what the warehouse does, the bill the dealer may have paid, or the delivery documents.
 */
export const CORRECTABLE_STATUS_CODES: readonly string[] = ['N', 'A'];

/** What the rule needs to know about an order. */
export interface OrderState {
  statusCode: string;
  statusName: string;
  isPaid: boolean;
  isCanceled: boolean;
  /** Placed in 1C (decision 202): 1C is its master, nobody changes it on the portal. */
  fromOneC?: boolean;
}

/**
 * Why an order's lines can no longer be changed, or null while they can. The dealer's correction
 * (`corrective-order/*`) and the staff's line edits (desk) both ask this one rule; staff read a paid order's
 * refusal in their own words, not the dealer's «Свяжитесь с менеджером» (decision 194).
 */
export function correctionRefusal(
  order: OrderState,
  audience: 'dealer' | 'staff' = 'dealer',
): { key: MessageKey; args: string[] } | null {
  if (order.fromOneC) return { key: 'error.orderFrom1C', args: [] };
  if (order.isCanceled) return { key: 'error.orderCanceled', args: [] };
  if (!CORRECTABLE_STATUS_CODES.includes(order.statusCode)) {
    return { key: 'error.orderNotCorrectable', args: [order.statusName] };
  }
  if (order.isPaid) return { key: audience === 'staff' ? 'error.orderPaidDesk' : 'error.orderPaid', args: [] };
  return null;
}

export const canCorrect = (order: OrderState): boolean => correctionRefusal(order) === null;

/** Throws the refusal as a 409 with its message (the order is in a state that does not allow it). */
export function assertCorrectable(order: OrderState): void {
  const refusal = correctionRefusal(order);
  if (refusal) throw new AppError('CONFLICT', refusal.key, { args: refusal.args });
}

/**
 * Order status codes whose goods may be returned (decision 061): «Отгружен» and «Выполнен». Before that
 * the dealer corrects or cancels the order instead; the goods have not left the warehouse.
 */
export const RETURNABLE_STATUS_CODES: readonly string[] = ['S', 'F'];

export interface ReturnState {
  statusCode: string;
  statusName: string;
  isCanceled: boolean;
  /** When the order reached «Отгружен» or «Выполнен» (migration 0061); null = not shipped. */
  shippedAt: Date | null;
}

/** The last moment a return may be filed on an order shipped at `shippedAt`. */
export function returnDeadline(shippedAt: Date, returnDays: number): Date {
  return new Date(shippedAt.getTime() + returnDays * 86_400_000);
}

/**
 * Why the goods of an order can no longer (or not yet) be returned, or null while they can: the order is
 * cancelled, not shipped yet, or its return period is over. A line may still be refused on its own (all of
 * it already claimed by other returns).
 */
export function returnRefusal(
  order: ReturnState,
  returnDays: number,
  now = new Date(),
): { key: MessageKey; args: string[] } | null {
  if (order.isCanceled) return { key: 'error.returnCanceled', args: [] };
  if (!RETURNABLE_STATUS_CODES.includes(order.statusCode) || !order.shippedAt) {
    return { key: 'error.returnNotShipped', args: [order.statusName] };
  }
  const deadline = returnDeadline(order.shippedAt, returnDays);
  if (now > deadline) {
    return { key: 'error.returnExpired', args: [formatDate(deadline), String(returnDays)] };
  }
  return null;
}
