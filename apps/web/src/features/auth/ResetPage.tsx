import { zodResolver } from '@hookform/resolvers/zod';
import { changePasswordUnderRestoreInput } from '@portal/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { PasswordRules } from '../../components/PasswordRules';
import { applyServerErrors, fieldMessage } from '../../lib/forms';
import { useResetPassword } from './api';
import { AuthCard } from './components/AuthCard';

type Reset = z.input<typeof changePasswordUnderRestoreInput>;

/** A new password by the e-mailed link: USER_CHECKWORD and USER_LOGIN (or USER_NAME) in the query. */
export default function ResetPage() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const login = params.get('USER_LOGIN') ?? params.get('USER_NAME') ?? '';
  const checkword = params.get('USER_CHECKWORD') ?? '';
  const [done, setDone] = useState(false);
  const [error, setError] = useState('');
  const write = useResetPassword();
  const form = useForm<Reset>({
    resolver: zodResolver(changePasswordUnderRestoreInput),
    defaultValues: { login, checkword, password: '', confirmPassword: '' },
    // Every broken rule of the password at once, not one per attempt (docs/spec/05-validation.md).
    criteriaMode: 'all',
  });
  const { errors, isSubmitting } = form.formState;

  if (!login || !checkword) {
    return (
      <AuthCard title={t('reset.title')}>
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t('reset.badLink')}
        </Alert>
        <Link component={RouterLink} to="/recovery/">
          {t('reset.again')}
        </Link>
      </AuthCard>
    );
  }

  const submit = async (values: Reset) => {
    setError('');
    try {
      await write.mutateAsync(values);
      setDone(true);
    } catch (err) {
      if (!applyServerErrors(err, form.setError, ['password', 'confirmPassword']))
        setError(err instanceof Error ? err.message : String(err));
    }
  };

  return (
    <AuthCard title={t('reset.title')}>
      {done ? (
        <>
          <Alert severity="success" sx={{ mb: 2 }}>
            {t('reset.done')}
          </Alert>
          <Link component={RouterLink} to="/auth/">
            {t('toLogin')}
          </Link>
        </>
      ) : (
        <Box component="form" noValidate onSubmit={form.handleSubmit(submit)} sx={{ display: 'grid', gap: 2 }}>
          {error && (
            <Alert severity="error" role="alert">
              {error}{' '}
              <Link component={RouterLink} to={`/recovery/?USER_LOGIN=${encodeURIComponent(login)}`}>
                {t('reset.again')}
              </Link>
            </Alert>
          )}
          <TextField label={t('login')} value={login} disabled />
          <TextField
            label={t('reset.password')}
            type="password"
            autoFocus
            autoComplete="new-password"
            {...form.register('password')}
            error={Boolean(errors.password)}
            helperText={<PasswordRules error={errors.password} hint={t('reset.rules')} />}
          />
          <TextField
            label={t('reset.confirm')}
            type="password"
            autoComplete="new-password"
            {...form.register('confirmPassword')}
            error={Boolean(errors.confirmPassword)}
            helperText={fieldMessage(errors.confirmPassword)}
          />
          <Button type="submit" variant="contained" size="large" disabled={isSubmitting}>
            {t('reset.submit')}
          </Button>
        </Box>
      )}
    </AuthCard>
  );
}
