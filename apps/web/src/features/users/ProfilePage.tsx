import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { changePasswordInput, profileUpdateInput, type ProfileUpdateInput, type User } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { PasswordRules } from '../../components/PasswordRules';
import { ErrorState, Loading } from '../../components/States';
import { currentUserQuery } from '../../lib/current-user';
import { applyServerErrors, fieldMessage } from '../../lib/forms';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useChangePassword, useUpdateProfile } from './api';
import { useSlots } from '../../lib/slots';

const PROFILE_FIELDS = ['lastName', 'firstName', 'middleName', 'email', 'phone', 'city'] as const;
const AUTOCOMPLETE: Record<(typeof PROFILE_FIELDS)[number], string> = {
  lastName: 'family-name',
  firstName: 'given-name',
  middleName: 'additional-name',
  email: 'email',
  phone: 'tel',
  city: 'address-level2',
};

function DetailsForm({ user }: { user: User }) {
  const { t } = useTranslation('users');
  const form = useForm<ProfileUpdateInput>({
    resolver: zodResolver(profileUpdateInput),
    defaultValues: {
      lastName: user.lastName,
      firstName: user.firstName,
      middleName: user.middleName,
      email: user.email,
      phone: user.phone,
      city: user.city,
    },
  });
  const save = useUpdateProfile({
    onSuccess: () => {
      notifySuccess(t('profile.saved'));
    },
    onError: (err) => {
      if (!applyServerErrors(err, form.setError, [...PROFILE_FIELDS])) notifyError(err);
    },
  });
  const errors = form.formState.errors;
  return (
    <Paper component="section" sx={{ p: { xs: 2, md: 3 } }} aria-labelledby="profile-details">
      <Typography variant="h2" id="profile-details" sx={{ mb: 2 }}>
        {t('profile.details')}
      </Typography>
      <Box
        component="form"
        noValidate
        onSubmit={form.handleSubmit((v) => save.mutate(v))}
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}
      >
        {PROFILE_FIELDS.map((code) => (
          <TextField
            key={code}
            label={t(`fields.${code}`)}
            required={['lastName', 'firstName', 'email'].includes(code)}
            type={code === 'email' ? 'email' : code === 'phone' ? 'tel' : 'text'}
            autoComplete={AUTOCOMPLETE[code]}
            {...form.register(code)}
            error={Boolean(errors[code])}
            helperText={fieldMessage(errors[code])}
          />
        ))}
        <TextField label={t('fields.company')} value={user.company} disabled helperText={t('profile.companyHint')} />
        <TextField label={t('fields.inn')} value={user.inn} disabled />
        <Box sx={{ gridColumn: '1 / -1' }}>
          <Button type="submit" variant="contained" disabled={save.isPending}>
            {t('common:save')}
          </Button>
        </Box>
      </Box>
    </Paper>
  );
}

interface PasswordValues {
  currentPassword: string;
  password: string;
  confirmPassword: string;
}

function PasswordForm() {
  const { t } = useTranslation('users');
  const form = useForm<PasswordValues>({
    resolver: zodResolver(changePasswordInput),
    defaultValues: { currentPassword: '', password: '', confirmPassword: '' },
    criteriaMode: 'all',
  });
  const change = useChangePassword({
    onSuccess: () => {
      form.reset();
      notifySuccess(t('profile.passwordChanged'));
    },
    onError: (err) => {
      if (!applyServerErrors(err, form.setError, ['currentPassword', 'password', 'confirmPassword'])) notifyError(err);
    },
  });
  const errors = form.formState.errors;
  return (
    <Paper component="section" sx={{ p: { xs: 2, md: 3 } }} aria-labelledby="profile-password">
      <Typography variant="h2" id="profile-password" sx={{ mb: 2 }}>
        {t('profile.password')}
      </Typography>
      <Box
        component="form"
        noValidate
        onSubmit={form.handleSubmit((v) => change.mutate(v))}
        sx={{ display: 'grid', gap: 2, maxWidth: 420 }}
      >
        <TextField
          label={t('profile.currentPassword')}
          type="password"
          autoComplete="current-password"
          {...form.register('currentPassword')}
          error={Boolean(errors.currentPassword)}
          helperText={fieldMessage(errors.currentPassword)}
        />
        <TextField
          label={t('profile.newPassword')}
          type="password"
          autoComplete="new-password"
          {...form.register('password')}
          error={Boolean(errors.password)}
          helperText={<PasswordRules error={errors.password} hint={t('profile.passwordRules')} />}
        />
        <TextField
          label={t('profile.confirmPassword')}
          type="password"
          autoComplete="new-password"
          {...form.register('confirmPassword')}
          error={Boolean(errors.confirmPassword)}
          helperText={fieldMessage(errors.confirmPassword)}
        />
        <Box>
          <Button type="submit" variant="contained" disabled={change.isPending}>
            {t('profile.changePassword')}
          </Button>
        </Box>
      </Box>
    </Paper>
  );
}

/** 'Профиль': the signed-in user's own details and password. Groups, prices and company are the administrator's. */
export default function ProfilePage() {
  const { t } = useTranslation('users');
  const me = useQuery(currentUserQuery);
  const blocks = useSlots().profileBlocks ?? [];
  return (
    <>
      <PageHeader
        title={t('profile.title')}
        actions={
          me.data ? (
            <Button component={RouterLink} to={`/user/${me.data.id}/`}>
              {t('profile.viewCard')}
            </Button>
          ) : undefined
        }
      />
      {me.isPending ? (
        <Loading />
      ) : me.isError || !me.data ? (
        <ErrorState error={me.error} onRetry={() => void me.refetch()} />
      ) : (
        <Box sx={{ display: 'grid', gap: 2 }}>
          <DetailsForm user={me.data} />
          <PasswordForm />
          {blocks.map((b) => (
            <b.Component key={b.id} />
          ))}
        </Box>
      )}
    </>
  );
}
