import type { Localization } from '@mui/material/locale';

/**
 * About twenty more interface languages: component texts (MUI's packs) load on demand, in their own
 * chunk; dates and numbers come from the browser's Intl. Portal texts fall back to English.
 */
export const EXTRA_LANGUAGES = {
  de: 'deDE',
  fr: 'frFR',
  es: 'esES',
  it: 'itIT',
  pl: 'plPL',
  uk: 'ukUA',
  kk: 'kzKZ',
  be: 'beBY',
  tr: 'trTR',
  zh: 'zhCN',
  ja: 'jaJP',
  ko: 'koKR',
  pt: 'ptPT',
  nl: 'nlNL',
  cs: 'csCZ',
  fi: 'fiFI',
  sv: 'svSE',
  hu: 'huHU',
  ro: 'roRO',
  bg: 'bgBG',
  hy: 'hyAM',
  az: 'azAZ',
} as const;

export type ExtraLanguage = keyof typeof EXTRA_LANGUAGES;

export async function loadComponentLocale(language: string): Promise<Localization> {
  if (language.startsWith('ru')) return (await import('@mui/material/locale/ruRU')).ruRU;
  const name = EXTRA_LANGUAGES[language as ExtraLanguage];
  if (!name) return (await import('@mui/material/locale/enUS')).enUS;
  const packs = (await import('@mui/material/locale')) as unknown as Record<string, Localization>;
  return packs[name] ?? (await import('@mui/material/locale/enUS')).enUS;
}
