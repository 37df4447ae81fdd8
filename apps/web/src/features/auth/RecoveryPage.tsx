import { zodResolver } from '@hookform/resolvers/zod';
import { restorePasswordInput } from '@portal/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { fieldMessage } from '../../lib/forms';
import { useRestorePassword } from './api';
import { CaptchaNotice } from '../../components/CaptchaNotice';
import { AuthCard } from './components/AuthCard';

/** Password recovery; USER_NAME or USER_LOGIN in the query prefills the login (docs/spec/02-screens.md). */
export default function RecoveryPage() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const [sent, setSent] = useState(false);
  const [error, setError] = useState('');
  const write = useRestorePassword();
  const form = useForm<{ login: string }>({
    resolver: zodResolver(restorePasswordInput),
    defaultValues: { login: params.get('USER_NAME') ?? params.get('USER_LOGIN') ?? '' },
  });
  const submit = async (values: { login: string }) => {
    setError('');
    try {
      await write.mutateAsync(values);
      setSent(true);
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    }
  };
  return (
    <AuthCard title={t('recovery.title')}>
      {sent ? (
        <>
          <Alert severity="success" sx={{ mb: 2 }}>
            {t('recovery.sent')}
          </Alert>
          <Link component={RouterLink} to="/auth/">
            {t('toLogin')}
          </Link>
        </>
      ) : (
        <Box component="form" noValidate onSubmit={form.handleSubmit(submit)} sx={{ display: 'grid', gap: 2 }}>
          {error && <Alert severity="error">{error}</Alert>}
          <Alert severity="info">{t('recovery.hint')}</Alert>
          <TextField
            label={t('recovery.login')}
            autoFocus
            autoComplete="username"
            {...form.register('login')}
            error={Boolean(form.formState.errors.login)}
            helperText={fieldMessage(form.formState.errors.login)}
          />
          <Button type="submit" variant="contained" size="large" disabled={form.formState.isSubmitting}>
            {t('recovery.submit')}
          </Button>
          <CaptchaNotice />
          <Link component={RouterLink} to="/auth/">
            {t('toLogin')}
          </Link>
        </Box>
      )}
    </AuthCard>
  );
}
