import { zodResolver } from '@hookform/resolvers/zod';
import { mailingUpdateInput } from '@portal/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Html } from '../../components/Html';
import { PageHeader } from '../../components/PageHeader';
import { ErrorState, Loading } from '../../components/States';
import { fieldMessage } from '../../lib/forms';
import { notifyError, notifySuccess } from '../../lib/notify';
import { CaptchaNotice } from '../../components/CaptchaNotice';
import { agreementQuery, mailingQuery, useUpdateMailing } from './api';

/** 'Рассылка': subscribe with consent to the mailing agreement, change the address, unsubscribe. */
export default function MailingPage() {
  const { t } = useTranslation('mailing');
  const updateMailing = useUpdateMailing();
  const mailing = useQuery(mailingQuery);
  const agreementId = mailing.data?.agreementId ?? null;
  const agreement = useQuery({ ...agreementQuery(agreementId ?? 0), enabled: agreementId !== null });
  const [agree, setAgree] = useState(false);
  const [consentError, setConsentError] = useState('');
  const form = useForm<{ email: string }>({
    resolver: zodResolver(mailingUpdateInput),
    values: { email: mailing.data?.email ?? '' },
    resetOptions: { keepDirtyValues: true },
  });

  const subscribe = async ({ email }: { email: string }) => {
    if (!mailing.data) return;
    if (mailing.data.consentId === null && !agree) {
      setConsentError(t('consentRequired'));
      return;
    }
    setConsentError('');
    try {
      const consentTo = mailing.data.consentId === null && agreementId !== null ? agreementId : undefined;
      await updateMailing.mutateAsync({ email, subscribed: true, ...(consentTo === undefined ? {} : { consentTo }) });
      notifySuccess(mailing.data.subscribed ? t('saved') : t('subscribed'));
    } catch (err) {
      notifyError(err);
    }
  };

  const unsubscribe = async () => {
    if (!mailing.data) return;
    try {
      await updateMailing.mutateAsync({ email: mailing.data.email, subscribed: false });
      notifySuccess(t('unsubscribed'));
    } catch (err) {
      notifyError(err);
    }
  };

  return (
    <Box>
      <PageHeader title={t('title')} />
      {mailing.isPending ? (
        <Loading />
      ) : mailing.isError ? (
        <ErrorState error={mailing.error} onRetry={() => void mailing.refetch()} />
      ) : (
        <Paper sx={{ p: { xs: 2, sm: 3 }, maxWidth: 720 }}>
          <Alert severity={mailing.data.subscribed ? 'success' : 'info'} sx={{ mb: 2 }} data-testid="mailing-state">
            {mailing.data.subscribed ? t('state.on', { email: mailing.data.email }) : t('state.off')}
          </Alert>
          <Typography sx={{ mb: 2 }}>{t('intro')}</Typography>
          <Box component="form" noValidate onSubmit={form.handleSubmit(subscribe)} sx={{ display: 'grid', gap: 2 }}>
            <TextField
              label={t('email')}
              type="email"
              autoComplete="email"
              {...form.register('email')}
              error={Boolean(form.formState.errors.email)}
              helperText={fieldMessage(form.formState.errors.email)}
            />
            {mailing.data.consentId === null && (
              <Box>
                {agreement.data && (
                  <Paper variant="outlined" sx={{ p: 2, mb: 1, maxHeight: 200, overflow: 'auto' }}>
                    <Typography variant="subtitle2" sx={{ mb: 1 }}>
                      {agreement.data.title}
                    </Typography>
                    <Html html={agreement.data.text} sx={{ fontSize: 14 }} />
                  </Paper>
                )}
                <FormControlLabel
                  control={<Checkbox checked={agree} onChange={(e) => setAgree(e.target.checked)} />}
                  label={t('consent')}
                />
                {consentError && <FormHelperText error>{consentError}</FormHelperText>}
              </Box>
            )}
            <CaptchaNotice />
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
              <Button type="submit" variant="contained" disabled={form.formState.isSubmitting}>
                {mailing.data.subscribed ? t('save') : t('subscribe')}
              </Button>
              {mailing.data.subscribed && (
                <Button variant="outlined" color="error" onClick={() => void unsubscribe()}>
                  {t('unsubscribe')}
                </Button>
              )}
            </Box>
          </Box>
        </Paper>
      )}
    </Box>
  );
}
