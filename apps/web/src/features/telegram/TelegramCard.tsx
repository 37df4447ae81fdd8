import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState, Loading } from '../../components/States';
import { formatDate } from '../../lib/format';
import { notifySuccess } from '../../lib/notify';
import { telegramStateQuery, useTelegramCode, useUnlinkTelegram } from './api';

/**
 * The profile's «Telegram» (decision 226): a one-time code the dealer sends the supplier's bot as
 * `/start CODE` (or opens the bot's link), the linked account, and unlinking after a confirmation.
 */
export default function TelegramCard() {
  const { t } = useTranslation('telegram');
  const code = useTelegramCode();
  const state = useQuery(telegramStateQuery(code.isSuccess));
  const unlink = useUnlinkTelegram();
  const [confirming, setConfirming] = useState(false);

  return (
    <Paper component="section" sx={{ p: { xs: 2, md: 3 }, minWidth: 0 }} aria-labelledby="telegram-title">
      <Typography variant="h2" id="telegram-title" sx={{ mb: 1 }}>
        {t('title')}
      </Typography>
      {state.isPending ? (
        <Loading />
      ) : state.isError ? (
        <ErrorState error={state.error} onRetry={() => void state.refetch()} />
      ) : !state.data.enabled ? (
        <Typography color="text.secondary">{t('off')}</Typography>
      ) : state.data.linked ? (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
          <Typography sx={{ flex: 1 }}>
            {state.data.username
              ? t('linkedAs', { username: state.data.username, date: formatDate(state.data.linkedAt ?? '') })
              : t('linked', { date: formatDate(state.data.linkedAt ?? '') })}
          </Typography>
          <Button color="error" onClick={() => setConfirming(true)} sx={{ alignSelf: 'flex-start' }}>
            {t('unlink')}
          </Button>
        </Stack>
      ) : (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {t('hint')}
          </Typography>
          {code.data ? (
            <Box>
              <Typography variant="body2" id="telegram-code-label">
                {t('codeLabel')}
              </Typography>
              <Typography
                aria-labelledby="telegram-code-label"
                data-testid="telegram-code"
                sx={{ fontFamily: 'monospace', fontSize: 28, letterSpacing: 4, my: 1 }}
              >
                {code.data.code}
              </Typography>
              <Typography variant="body2" sx={{ mb: 1, wordBreak: 'break-word' }}>
                {state.data.botName
                  ? t('sendToBot', { bot: `@${state.data.botName}`, command: `/start ${code.data.code}` })
                  : t('sendToBotNoName', { command: `/start ${code.data.code}` })}
              </Typography>
              <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mb: 1 }}>
                {t('expires', { date: formatDate(code.data.expiresAt, true) })}
              </Typography>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
                {code.data.deepLink && (
                  <Button variant="contained" href={code.data.deepLink} target="_blank" rel="noopener noreferrer">
                    {t('open')}
                  </Button>
                )}
                <Button onClick={() => code.mutate()} disabled={code.isPending}>
                  {t('newCode')}
                </Button>
              </Stack>
            </Box>
          ) : (
            <Button variant="outlined" onClick={() => code.mutate()} disabled={code.isPending}>
              {t('link')}
            </Button>
          )}
        </>
      )}
      <Dialog open={confirming} onClose={() => setConfirming(false)} aria-labelledby="telegram-unlink-title">
        <DialogTitle id="telegram-unlink-title">{t('unlinkTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('unlinkText')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)}>{t('common:cancel')}</Button>
          <Button
            variant="contained"
            color="error"
            disabled={unlink.isPending}
            onClick={() =>
              unlink.mutate(undefined, {
                onSuccess: () => {
                  setConfirming(false);
                  code.reset();
                  notifySuccess(t('unlinked'));
                },
              })
            }
          >
            {t('unlink')}
          </Button>
        </DialogActions>
      </Dialog>
    </Paper>
  );
}
