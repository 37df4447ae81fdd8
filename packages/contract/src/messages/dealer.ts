/**
 * Texts of what a dealer hits: returns of shipped goods (decision 061), not-found part numbers. Kept apart from
 * messages.ts so that these keys are added without touching every other domain's lines.
 */
export const DEALER_MESSAGES = {
  ru: {
    'validation.chooseProduct': 'Выберите товар',
    'error.returnCanceled': 'Заказ отменён — возвращать нечего',
    'error.returnNotShipped':
      'Заказ в статусе «{0}»: вернуть товар можно после отгрузки. До неё измените заказ корректировкой',
    'error.returnExpired': 'Срок возврата истёк {0}: товар можно вернуть в течение {1} дн. после отгрузки',
    'error.returnLineClaimed': 'Всё количество уже в других заявках на возврат',
    'error.returnLineNoProduct': 'Товара больше нет в каталоге — оформите возврат через менеджера',
  },
  en: {
    'validation.chooseProduct': 'Choose a product',
    'error.returnCanceled': 'The order is cancelled: there is nothing to return',
    'error.returnNotShipped':
      'The order is “{0}”: goods can be returned once shipped. Until then, change the order with a correction',
    'error.returnExpired': 'The return period ended on {0}: goods can be returned within {1} days of shipment',
    'error.returnLineClaimed': 'The whole quantity is already in other return requests',
    'error.returnLineNoProduct': 'The product is no longer in the catalogue: return it through your manager',
  },
} as const;
