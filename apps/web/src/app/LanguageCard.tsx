import Paper from '@mui/material/Paper';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { LANGUAGES, type Language } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../lib/notify';
import { useSaveLanguage } from '../features/users/api';
import { usePreferences } from './preferences';

const LANGUAGE_NAMES: Record<Language, string> = { ru: 'Русский', en: 'English' };

/**
 * The profile's «Язык»: the interface switches at once (kept in this browser, docs/spec/01-product.md reads local storage
 * first) and the user's own language is saved for the e-mails the portal sends them (decision 145). The top
 * bar keeps no switch (docs/spec/01-product.md: locale switching disabled), so this is where a user chooses.
 */
export default function LanguageCard() {
  const { t } = useTranslation('users');
  const { language, setLanguage } = usePreferences();
  const save = useSaveLanguage({
    onSuccess: (next) => notifySuccess(t('profile.languageSaved', { lng: next })),
    onError: notifyError,
  });
  const current: Language = language.startsWith('en') ? 'en' : 'ru';
  return (
    <Paper component="section" sx={{ p: { xs: 2, md: 3 } }} aria-labelledby="profile-language">
      <Typography variant="h2" id="profile-language" sx={{ mb: 1 }}>
        {t('profile.language')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('profile.languageHint')}
      </Typography>
      <ToggleButtonGroup
        exclusive
        value={current}
        disabled={save.isPending}
        aria-label={t('profile.language')}
        onChange={(_, next: Language | null) => {
          if (!next || next === current) return;
          setLanguage(next);
          save.mutate(next);
        }}
      >
        {LANGUAGES.map((l) => (
          <ToggleButton key={l} value={l} lang={l}>
            {LANGUAGE_NAMES[l]}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
    </Paper>
  );
}
