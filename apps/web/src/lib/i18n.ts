import { DEFAULT_LANGUAGE, FALLBACK_LANGUAGE, translate, type Language } from '@portal/contract';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { portalConfig } from './portal-config';
import { storage } from './storage';

export const LANGUAGE_KEY = 'language';

/** Each `locales/{lng}/{namespace}.json` is a namespace: one per feature, plus `common`. */
const files = import.meta.glob<{ default: Record<string, unknown> }>('../locales/*/*.json', { eager: true });
const resources: Record<string, Record<string, Record<string, unknown>>> = {};
for (const [file, module] of Object.entries(files)) {
  const match = /locales\/([^/]+)\/([^/]+)\.json$/.exec(file);
  if (!match) continue;
  const [, lng = '', ns = ''] = match;
  (resources[lng] ??= {})[ns] = module.default;
}

/** The stored locale, otherwise the site settings' one (spec §1). */
export function initialLanguage(): string {
  return storage.get(LANGUAGE_KEY) ?? portalConfig.settings?.language ?? DEFAULT_LANGUAGE;
}

void i18n.use(initReactI18next).init({
  resources,
  lng: initialLanguage(),
  fallbackLng: FALLBACK_LANGUAGE,
  defaultNS: 'common',
  ns: Object.keys(resources.ru ?? { common: {} }),
  interpolation: { escapeValue: false },
  returnNull: false,
});

/** The language of texts the server and contract provide: ru or en (others fall back to en). */
export function currentLanguage(): Language {
  const lng = i18n.language ?? DEFAULT_LANGUAGE;
  return lng.startsWith('ru') ? 'ru' : lng.startsWith('en') ? 'en' : 'en';
}

/** A validation or error message key of the contract, in the current language. */
export function message(key: string | undefined, ...args: Array<string | number>): string {
  return key ? translate(currentLanguage(), key, ...args) : '';
}

export default i18n;
