/** Texts of the dealer's account (decision 202), apart from messages.ts so the keys are added on their own. */
export const ACCOUNT_MESSAGES = {
  ru: {
    'error.orderFrom1C':
      'Заказ оформлен в 1С — изменить, отменить или повторить его на портале нельзя. Свяжитесь с менеджером',
  },
  en: {
    'error.orderFrom1C':
      'The order was placed in 1C: it cannot be changed, cancelled or repeated on the portal. Please contact your manager',
  },
} as const;
