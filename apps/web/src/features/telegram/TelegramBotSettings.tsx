import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState, Loading } from '../../components/States';
import { notifySuccess } from '../../lib/notify';
import { RestError } from '../../lib/rest';
import { telegramSettingsQuery, useSaveTelegramSettings } from './api';

/**
 * The site settings' «Бот Telegram» (decision 226): the token from @BotFather (stored, never shown again) and
 * the bot's @name for the dealers' link. Saved on its own, apart from the settings form.
 */
export default function TelegramBotSettings() {
  const { t } = useTranslation('telegram');
  const settings = useQuery(telegramSettingsQuery());
  const save = useSaveTelegramSettings();
  const [token, setToken] = useState('');
  const [botName, setBotName] = useState<string | null>(null);
  const fields = save.error instanceof RestError ? save.error.fields : {};
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(
      { ...(token.trim() ? { token: token.trim() } : {}), botName: botName ?? settings.data?.botName ?? '' },
      {
        onSuccess: () => {
          setToken('');
          notifySuccess(t('settings.saved'));
        },
      },
    );
  };
  return (
    <Paper component="section" sx={{ p: { xs: 2, md: 3 }, mt: 3, maxWidth: 1000 }} aria-labelledby="telegram-bot">
      <Typography variant="h2" id="telegram-bot" sx={{ mb: 1 }}>
        {t('settings.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('settings.hint')}
      </Typography>
      {settings.isPending ? (
        <Loading />
      ) : settings.isError ? (
        <ErrorState error={settings.error} onRetry={() => void settings.refetch()} />
      ) : (
        <form onSubmit={submit} noValidate>
          <Typography sx={{ mb: 2 }}>{settings.data.configured ? t('settings.on') : t('settings.offState')}</Typography>
          {save.error && !Object.keys(fields).length && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {save.error.message}
            </Alert>
          )}
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 2 }}>
            <TextField
              label={t('settings.token')}
              type="password"
              autoComplete="off"
              value={token}
              onChange={(e) => setToken(e.target.value)}
              error={Boolean(fields.token)}
              helperText={
                fields.token ?? (settings.data.configured ? t('settings.tokenKeep') : t('settings.tokenHint'))
              }
              fullWidth
            />
            <TextField
              label={t('settings.botName')}
              value={botName ?? settings.data.botName}
              onChange={(e) => setBotName(e.target.value)}
              error={Boolean(fields.botName)}
              helperText={fields.botName ?? t('settings.botNameHint')}
              fullWidth
            />
          </Stack>
          <Stack direction="row" spacing={1}>
            <Button type="submit" variant="contained" disabled={save.isPending}>
              {t('settings.save')}
            </Button>
            {settings.data.configured && (
              <Button
                color="error"
                disabled={save.isPending}
                onClick={() => save.mutate({ token: '' }, { onSuccess: () => notifySuccess(t('settings.turnedOff')) })}
              >
                {t('settings.turnOff')}
              </Button>
            )}
          </Stack>
        </form>
      )}
    </Paper>
  );
}
