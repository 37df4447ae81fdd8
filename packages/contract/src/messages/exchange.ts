/**
 * Texts of the 1C exchange (decisions 090–097) that the server and the web share: the order history's lines for what
 * only 1C changes (a line's price, the order's sum, decision 096). Apart from messages.ts and the desk's
 * texts so that each area adds keys without touching the others' lines.
 */
export const EXCHANGE_MESSAGES = {
  ru: {
    'history.linePrice': '{0} {1}: цена {2} → {3}',
    'history.lineChangedPrice': '{0} {1}: {2} → {3}, цена {4} → {5}',
    'history.total': 'Сумма заказа: {0} → {1}',
    'error.priceMappingTarget': 'Такого типа цен или способа оплаты нет',
    'error.priceMappingCell': 'Эти цены уже заполняет тип цен 1С «{0}»: сначала перенаправьте его',
  },
  en: {
    'history.linePrice': '{0} {1}: price {2} → {3}',
    'history.lineChangedPrice': '{0} {1}: {2} → {3}, price {4} → {5}',
    'history.total': 'Order total: {0} → {1}',
    'error.priceMappingTarget': 'There is no such price type or payment method',
    'error.priceMappingCell': 'These prices are already written by the 1C price type “{0}”: point it elsewhere first',
  },
} as const;
