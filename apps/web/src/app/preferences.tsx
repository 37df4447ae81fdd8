import { LANGUAGES } from '@portal/contract';
import type { Localization } from '@mui/material/locale';
import { ThemeProvider } from '@mui/material/styles';
import CssBaseline from '@mui/material/CssBaseline';
import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import i18n, { ensureLanguage, LANGUAGE_KEY } from '../lib/i18n';
import { EXTRA_LANGUAGES, loadComponentLocale } from '../lib/locale-packs';
import { portalConfig } from '../lib/portal-config';
import { storage } from '../lib/storage';
import { buildTheme, THEME_KEY, type ThemeMode } from '../lib/theme';

interface Preferences {
  mode: ThemeMode;
  setMode(mode: ThemeMode): void;
  language: string;
  setLanguage(language: string): void;
  languages: string[];
}

const PreferencesContext = createContext<Preferences | null>(null);

export function usePreferences(): Preferences {
  const value = useContext(PreferencesContext);
  if (!value) throw new Error('usePreferences outside PreferencesProvider');
  return value;
}

/**
 * Theme (light by default, kept in local storage, dark only while the setting allows switching) and
 * interface language (stored, else the site's); component texts for the language load on demand.
 */
export function PreferencesProvider({ children }: { children: ReactNode }) {
  const themeSwitch = portalConfig.settings?.themeSwitch ?? false;
  const [mode, setModeState] = useState<ThemeMode>(() =>
    themeSwitch && storage.get(THEME_KEY) === 'dark' ? 'dark' : 'light',
  );
  const [language, setLanguageState] = useState(i18n.language);
  const [componentLocale, setComponentLocale] = useState<Localization | undefined>();

  useEffect(() => {
    let live = true;
    void loadComponentLocale(language).then((pack) => live && setComponentLocale(pack));
    document.documentElement.lang = language;
    return () => {
      live = false;
    };
  }, [language]);

  const value = useMemo<Preferences>(
    () => ({
      mode,
      setMode(next) {
        storage.set(THEME_KEY, next);
        setModeState(next);
      },
      language,
      setLanguage(next) {
        storage.set(LANGUAGE_KEY, next);
        void ensureLanguage(next).then(() => i18n.changeLanguage(next));
        setLanguageState(next);
      },
      languages: [...LANGUAGES, ...Object.keys(EXTRA_LANGUAGES)],
    }),
    [mode, language],
  );
  const theme = useMemo(() => buildTheme(mode, componentLocale), [mode, componentLocale]);
  return (
    <PreferencesContext.Provider value={value}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        {children}
      </ThemeProvider>
    </PreferencesContext.Provider>
  );
}
