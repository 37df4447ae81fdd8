import { DEFAULT_LANGUAGE, FALLBACK_LANGUAGE, translate, type Language } from '@portal/contract';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { portalConfig } from './portal-config';
import { storage } from './storage';

export const LANGUAGE_KEY = 'language';

type Namespace = { default: Record<string, unknown> };
const namespaceOf = (file: string) => /locales\/[^/]+\/([^/]+)\.json$/.exec(file)?.[1] ?? '';

/**
 * Each `locales/{lng}/{namespace}.json` is a namespace: one per feature, plus `common`. Russian, the
 * default, is in the first bundle; English (also every other language's fallback) is its own chunk,
 * loaded before the app renders in it (see `ensureLanguage`).
 */
const russian = import.meta.glob<Namespace>('../locales/ru/*.json', { eager: true });
const english = import.meta.glob<Namespace>('../locales/en/*.json');
const resources: Record<string, Record<string, Record<string, unknown>>> = { ru: {} };
for (const [file, module] of Object.entries(russian)) resources.ru![namespaceOf(file)] = module.default;

let englishLoaded: Promise<void> | null = null;

/** Loads the texts a language needs (English for itself and as the fallback of the others). */
export function ensureLanguage(language: string): Promise<void> {
  if (language.startsWith('ru')) return Promise.resolve();
  englishLoaded ??= Promise.all(
    Object.entries(english).map(async ([file, load]) => {
      i18n.addResourceBundle('en', namespaceOf(file), (await load()).default, true, true);
    }),
  ).then(() => undefined);
  return englishLoaded;
}

/** The stored locale, otherwise the site settings' one (docs/spec/01-product.md). */
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
// A page in English (or another language falling back to it) re-renders once its texts have arrived.
if (!i18n.language.startsWith('ru')) void ensureLanguage(i18n.language).then(() => i18n.changeLanguage(i18n.language));

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
