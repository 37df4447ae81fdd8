import { zodResolver } from '@hookform/resolvers/zod';
import { registrationInput } from '@portal/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useForm, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { z } from 'zod';
import { applyServerErrors, fieldMessage } from '../../lib/forms';
import { useRegister } from './api';
import { CaptchaNotice } from '../../components/CaptchaNotice';
import { PasswordRules } from '../../components/PasswordRules';
import { AuthCard } from './components/AuthCard';

type Registration = z.input<typeof registrationInput>;

const FIELDS: Array<{
  name: keyof Registration & Path<Registration>;
  type?: string;
  autoComplete?: string;
  required?: boolean;
}> = [
  { name: 'lastName', autoComplete: 'family-name', required: true },
  { name: 'firstName', autoComplete: 'given-name', required: true },
  { name: 'middleName', autoComplete: 'additional-name' },
  { name: 'company', autoComplete: 'organization', required: true },
  { name: 'inn', required: true },
  { name: 'city', autoComplete: 'address-level2' },
  { name: 'phone', type: 'tel', autoComplete: 'tel', required: true },
  { name: 'email', type: 'email', autoComplete: 'email', required: true },
  { name: 'login', autoComplete: 'username', required: true },
  { name: 'password', type: 'password', autoComplete: 'new-password', required: true },
  { name: 'confirmPassword', type: 'password', autoComplete: 'new-password', required: true },
];

export default function RegistrationPage() {
  const { t } = useTranslation('auth');
  const [done, setDone] = useState(false);
  const [error, setError] = useState('');
  const write = useRegister();
  const form = useForm<Registration>({
    resolver: zodResolver(registrationInput),
    defaultValues: Object.fromEntries(FIELDS.map((f) => [f.name, ''])) as Registration,
    // Every broken rule of the password at once, not one per attempt (docs/spec/05-validation.md).
    criteriaMode: 'all',
  });
  const { errors, isSubmitting } = form.formState;

  const submit = async (values: Registration) => {
    setError('');
    try {
      await write.mutateAsync(values);
      setDone(true);
    } catch (err) {
      if (
        !applyServerErrors(
          err,
          form.setError,
          FIELDS.map((f) => f.name),
        )
      )
        setError(err instanceof Error ? err.message : String(err));
    }
  };

  if (done) {
    return (
      <AuthCard title={t('registration.doneTitle')}>
        <Alert severity="success" sx={{ mb: 2 }}>
          {t('registration.done')}
        </Alert>
        <Link component={RouterLink} to="/auth/">
          {t('toLogin')}
        </Link>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('registration.title')} wide>
      <Box
        component="form"
        noValidate
        onSubmit={form.handleSubmit(submit)}
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}
      >
        {error && (
          <Alert severity="error" role="alert" sx={{ gridColumn: '1 / -1' }}>
            {error}
          </Alert>
        )}
        {FIELDS.map((f, i) => (
          <TextField
            key={f.name}
            label={t(`registration.${f.name}`)}
            type={f.type ?? 'text'}
            autoComplete={f.autoComplete}
            autoFocus={i === 0}
            required={f.required}
            {...form.register(f.name)}
            error={Boolean(errors[f.name])}
            helperText={
              f.name === 'password' ? (
                <PasswordRules error={errors.password} hint={t('registration.passwordRules')} />
              ) : (
                fieldMessage(errors[f.name])
              )
            }
          />
        ))}
        <Alert severity="info" sx={{ gridColumn: '1 / -1' }}>
          {t('registration.moderationNote')}
        </Alert>
        <Button type="submit" variant="contained" size="large" disabled={isSubmitting} sx={{ gridColumn: '1 / -1' }}>
          {t('registration.submit')}
        </Button>
        <Box sx={{ gridColumn: '1 / -1' }}>
          <CaptchaNotice />
        </Box>
        <Link component={RouterLink} to="/auth/" sx={{ gridColumn: '1 / -1' }}>
          {t('haveAccount')}
        </Link>
      </Box>
    </AuthCard>
  );
}
