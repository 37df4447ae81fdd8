/** The orders module's face: what other modules may use. */
export {
  assertCorrectable,
  canCorrect,
  correctionRefusal,
  CORRECTABLE_STATUS_CODES,
  RETURNABLE_STATUS_CODES,
  returnDeadline,
  returnRefusal,
  type OrderState,
  type ReturnState,
} from './rules.js';
export {
  changeOrder,
  describeChange,
  type ChangeAuthor,
  type ChangeResult,
  type LineChange,
  type OrderChange,
  type OrderDeps,
} from './change-order.js';
export { deliveredLines, orderCounterparties, orderForReturn, returnableOrders } from './for-returns.js';
export { historyOf } from './history.js';
export { orderJobHandlers } from './tidings-job.js';
export { isOrderOf, orderedQuantities, orderHeads, orderTotals, ownOrderLines, shippingRows } from './heads.js';
export type { SupplierLine } from './supplier-lines.js';
export {
  applyExchangeOrderChange,
  findExchangeOrder,
  markOrdersDelivered,
  ordersForExchange,
  statusFromExchange,
  type ExportOrder,
  type ExchangeOrderChange,
} from './exchange.js';
export { machineText } from './machine-text.js';
export { countNewOrders, countOrdersWithPendingCorrections, countProblemOrders } from './queries.js';
export { guardCheckout, registerCheckoutGuard, type CheckoutAttempt, type CheckoutGuard } from './checkout-guard.js';
export { registerOrderListener, type OrderEvent, type OrderListener } from './order-events.js';
export {
  createOrderFrom1C,
  isOrderFrom1C,
  orderFrom1CNamed,
  recordOrderDocument,
  setShipState,
  writeOrderFrom1C,
  type OrderFrom1C,
} from './from-1c-queries.js';
export type { ShipState } from './tables.js';
export { openOrdersSum } from './checkout-queries.js';
