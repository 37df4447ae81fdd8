/** Texts of webhooks (decision 225) and the Telegram bot (decision 226). */
export const HOOKS_MESSAGES = {
  ru: {
    'error.webhookNotFound': 'Веб-хук не найден',
    'error.webhookTooMany': 'Слишком много веб-хуков: удалите ненужные (не больше {0})',
    'validation.webhookUrl': 'Адрес должен начинаться с https:// и вести на сервер в интернете',
    'validation.webhookEvents': 'Выберите хотя бы одно событие',
    'tidings.webhookDisabled.title': 'Веб-хук отключён: {0}',
    'tidings.webhookDisabled.text':
      'Адрес {0} не принял {1} отправок подряд (последний ответ: {2}). Мы перестали слать на него события. Проверьте сервер и включите веб-хук снова в профиле.',
  },
  en: {
    'error.webhookNotFound': 'Webhook not found',
    'error.webhookTooMany': 'Too many webhooks: delete the ones you do not need (at most {0})',
    'validation.webhookUrl': 'The address must start with https:// and lead to a server on the internet',
    'validation.webhookEvents': 'Choose at least one event',
    'tidings.webhookDisabled.title': 'Webhook disabled: {0}',
    'tidings.webhookDisabled.text':
      'The address {0} refused {1} deliveries in a row (last answer: {2}). We stopped sending events to it. Check the server and turn the webhook on again in the profile.',
  },
} as const;
