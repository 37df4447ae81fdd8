/** Texts of the dealers' own systems: API keys and the API's description (decision 210). */
export const CHANNEL_MESSAGES = {
  ru: {
    'error.apiKeyInvalid': 'Ключ API недействителен или отозван',
    'error.apiKeyMethod': 'Этот метод недоступен по ключу API с такими правами',
    'error.apiKeyNotFound': 'Ключ API не найден',
    'error.apiKeyTooMany': 'Слишком много ключей API: отзовите ненужные (не больше {0} действующих)',
    'validation.apiKeyScope': 'Выберите права ключа: только чтение или заказы',
  },
  en: {
    'error.apiKeyInvalid': 'The API key is invalid or revoked',
    'error.apiKeyMethod': 'This method is not available to an API key with these rights',
    'error.apiKeyNotFound': 'API key not found',
    'error.apiKeyTooMany': 'Too many API keys: revoke the ones you do not need (at most {0} active)',
    'validation.apiKeyScope': 'Choose the key rights: read-only or ordering',
  },
} as const;
