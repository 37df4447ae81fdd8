/** Texts of the dealers' own systems: API keys and the API's description (decision 210). */
export const CHANNEL_MESSAGES = {
  ru: {
    'error.apiKeyInvalid': 'Ключ API недействителен или отозван',
    'error.apiKeyMethod': 'Этот метод недоступен по ключу API с такими правами',
    'error.apiKeyNotFound': 'Ключ API не найден',
    'error.apiKeyTooMany': 'Слишком много ключей API: отзовите ненужные (не больше {0} действующих)',
    'validation.apiKeyScope': 'Выберите права ключа: только чтение или заказы',
    'error.priceListLinkNotFound': 'Ссылка на прайс-лист не найдена',
    'error.priceListLinkTooMany': 'Слишком много ссылок на прайс-лист: отзовите ненужные (не больше {0} действующих)',
    'validation.priceListDays': 'Срок ссылки: целое число дней от 1 до 365',
    'error.priceListJobNotFound': 'Прайс-лист не найден',
    'error.priceListSectionNotFound': 'Раздел не найден',
    'validation.priceListFilterSection': 'Раздел задаётся параметром section',
  },
  en: {
    'error.apiKeyInvalid': 'The API key is invalid or revoked',
    'error.apiKeyMethod': 'This method is not available to an API key with these rights',
    'error.apiKeyNotFound': 'API key not found',
    'error.apiKeyTooMany': 'Too many API keys: revoke the ones you do not need (at most {0} active)',
    'validation.apiKeyScope': 'Choose the key rights: read-only or ordering',
    'error.priceListLinkNotFound': 'Price list link not found',
    'error.priceListLinkTooMany': 'Too many price list links: revoke the ones you do not need (at most {0} active)',
    'validation.priceListDays': 'Link lifetime: a whole number of days from 1 to 365',
    'error.priceListJobNotFound': 'Price list not found',
    'error.priceListSectionNotFound': 'Section not found',
    'validation.priceListFilterSection': 'The section is given by the section parameter',
  },
} as const;
