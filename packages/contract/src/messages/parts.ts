/** Texts of replacement numbers (decision 205), apart from messages.ts so the keys are added on their own. */
export const PARTS_MESSAGES = {
  ru: {
    'validation.replacementRatio': 'Количество в замене — целое число от 1 до 10000',
    'error.replacementLoop': 'Замена {0} → {1} замкнула бы цепочку замен в кольцо',
    'error.replacementSelf': 'Номер не может заменять сам себя',
    'error.alternativeUnknown':
      'Этот товар не предлагается взамен строки: его нет в наличии или он не замена и не аналог',
    'error.splitNotShort': 'Разделить нельзя: на складах нет части количества строки — замените строку целиком',
    'validation.arrivalStore': 'Такого склада нет — выберите склад из списка',
    'tidings.arrivalTitle': 'Поступил товар {0}',
    'tidings.arrivalText': '{0} — в наличии {1} шт. Вы просили сообщить о поступлении; запрос выполнен.',
  },
  en: {
    'validation.replacementRatio': 'The quantity of a replacement is a whole number from 1 to 10000',
    'error.replacementLoop': 'Replacing {0} by {1} would close the chain of replacements into a loop',
    'error.replacementSelf': 'A number cannot replace itself',
    'error.alternativeUnknown':
      'This product is not offered for the line: it is out of stock, or neither a replacement nor an analogue',
    'error.splitNotShort': 'Cannot split: the warehouses do not hold part of the line — swap the whole line instead',
    'validation.arrivalStore': 'There is no such warehouse — choose one from the list',
    'tidings.arrivalTitle': '{0} is in stock',
    'tidings.arrivalText': '{0} — {1} in stock. You asked to be told when it arrives; the request is done.',
  },
} as const;
