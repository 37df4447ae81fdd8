/**
 * Texts of the thresholds of docs/spec/09-constants.md (decision 140) and of the captcha: kept apart from messages.ts so the keys
 * are added without touching other domains' lines.
 */
export const THRESHOLD_MESSAGES = {
  ru: {
    'group.tea': 'чай',
    'group.coffee': 'кофе',
    'error.minQuantity': '{0} заказывают не меньше {1} шт. (сейчас {2})',
    'error.priceTypeChangeMin':
      'Оплата «{0}» меняет тип цен: нужно не меньше {1} шт.{2} в корзине, сейчас {3}. Выберите «{4}» или добавьте товар',
    'error.priceTypeChangeGroup': ' (из них {0} — не меньше {1})',
    'error.captchaRequired': 'Подтвердите, что вы не робот: обновите страницу и попробуйте ещё раз',
    'error.captchaInvalid': 'Проверка «я не робот» не пройдена: обновите страницу и попробуйте ещё раз',
    'error.captchaUnavailable': 'Проверка «я не робот» сейчас недоступна: попробуйте через минуту',
  },
  en: {
    'group.tea': 'tea',
    'group.coffee': 'coffee',
    'error.minQuantity': '{0} is ordered in at least {1} pcs (now {2})',
    'error.priceTypeChangeMin':
      'Paying by “{0}” changes the price type: the basket needs at least {1} pcs{2}, now {3}. Choose “{4}” or add goods',
    'error.priceTypeChangeGroup': ' (of them {0} at least {1})',
    'error.captchaRequired': 'Confirm you are not a robot: reload the page and try again',
    'error.captchaInvalid': 'The “not a robot” check failed: reload the page and try again',
    'error.captchaUnavailable': 'The “not a robot” check is unavailable now: try again in a minute',
  },
} as const;
