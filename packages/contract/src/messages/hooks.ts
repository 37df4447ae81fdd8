/** Texts of webhooks (decision 225) and the Telegram bot (decision 226). */
export const HOOKS_MESSAGES = {
  ru: {
    'error.webhookNotFound': 'Веб-хук не найден',
    'error.webhookTooMany': 'Слишком много веб-хуков: удалите ненужные (не больше {0})',
    'validation.webhookUrl': 'Адрес должен начинаться с https:// и вести на сервер в интернете',
    'validation.webhookUrlInternal':
      'Адрес ведёт во внутреннюю сеть (локальный, частный или служебный адрес): укажите сервер, доступный из интернета',
    'validation.webhookUrlUnknown': 'Сервер с таким именем не найден: проверьте адрес',
    'validation.webhookEvents': 'Выберите хотя бы одно событие',
    'tidings.webhookDisabled.title': 'Веб-хук отключён: {0}',
    'tidings.webhookDisabled.text':
      'Адрес {0} не принял {1} отправок подряд (последний ответ: {2}). Мы перестали слать на него события. Проверьте сервер и включите веб-хук снова в профиле.',
    'error.telegramOff': 'Бот Telegram не настроен: обратитесь к администратору портала',
    'telegram.linked':
      'Готово: Telegram привязан к аккаунту {0} на портале. Пришлите номера деталей (каждый с новой строки, можно с количеством: «LF3349 4») — отвечу ценами и наличием.',
    'telegram.badCode': 'Код не подошёл или устарел. Получите новый код в профиле портала и пришлите «/start КОД».',
    'telegram.notLinked':
      'Сначала привяжите аккаунт: в профиле портала нажмите «Привязать Telegram» и пришлите боту «/start КОД».',
    'telegram.unlinked': 'Telegram отвязан от портала: уведомления сюда больше не придут.',
    'telegram.blocked': 'Аккаунт на портале недоступен: обратитесь к менеджеру.',
    'telegram.tooMany': 'Не больше {0} номеров в одном сообщении.',
    'telegram.noLines': 'Пришлите номера деталей, каждый с новой строки, можно с количеством: «LF3349 4».',
    'telegram.found': '{0} — {1}: {2}, в наличии {3} шт., заказ {4} шт.',
    'telegram.foundNoPrice': '{0} — {1}: цены нет, в наличии {2} шт.',
    'telegram.notFound': '{0} — не найден',
    'telegram.toBasket': 'В корзину',
    'telegram.added': 'Добавлено в корзину «{0}»: позиций {1}.',
    'telegram.addFailed': 'Не удалось добавить: {0}',
    'telegram.pickGone': 'Этот ответ устарел: пришлите номера ещё раз.',
    'telegram.basketName': 'Из Telegram',
  },
  en: {
    'error.webhookNotFound': 'Webhook not found',
    'error.webhookTooMany': 'Too many webhooks: delete the ones you do not need (at most {0})',
    'validation.webhookUrl': 'The address must start with https:// and lead to a server on the internet',
    'validation.webhookUrlInternal':
      'The address leads into an internal network (a local, private or reserved address): give a server reachable from the internet',
    'validation.webhookUrlUnknown': 'No server with this name was found: check the address',
    'validation.webhookEvents': 'Choose at least one event',
    'tidings.webhookDisabled.title': 'Webhook disabled: {0}',
    'tidings.webhookDisabled.text':
      'The address {0} refused {1} deliveries in a row (last answer: {2}). We stopped sending events to it. Check the server and turn the webhook on again in the profile.',
    'error.telegramOff': 'The Telegram bot is not set up: ask the portal administrator',
    'telegram.linked':
      'Done: Telegram is linked to the portal account {0}. Send part numbers (one per line, with a quantity if you like: «LF3349 4») and I will answer with prices and stock.',
    'telegram.badCode': 'The code is wrong or expired. Get a new code in the portal profile and send «/start CODE».',
    'telegram.notLinked':
      'Link your account first: in the portal profile press «Link Telegram» and send the bot «/start CODE».',
    'telegram.unlinked': 'Telegram is unlinked from the portal: no more notices will come here.',
    'telegram.blocked': 'The portal account is not available: contact your manager.',
    'telegram.tooMany': 'At most {0} numbers in one message.',
    'telegram.noLines': 'Send part numbers, one per line, with a quantity if you like: «LF3349 4».',
    'telegram.found': '{0} — {1}: {2}, in stock {3} pcs, order {4} pcs',
    'telegram.foundNoPrice': '{0} — {1}: no price, in stock {2} pcs',
    'telegram.notFound': '{0} — not found',
    'telegram.toBasket': 'To basket',
    'telegram.added': 'Added to the basket «{0}»: {1} lines.',
    'telegram.addFailed': 'Could not add: {0}',
    'telegram.pickGone': 'This answer is out of date: send the numbers again.',
    'telegram.basketName': 'From Telegram',
  },
} as const;
