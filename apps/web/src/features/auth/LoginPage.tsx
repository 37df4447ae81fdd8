import { zodResolver } from '@hookform/resolvers/zod';
import { authCodeField, loginField, signInPassword } from '@portal/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { fieldMessage } from '../../lib/forms';
import { RestError } from '../../lib/rest';
import { useRequestAuthCode, useSignIn } from './api';
import { AuthCard } from './components/AuthCard';

const credentials = z.object({ login: loginField, password: signInPassword, saveAuth: z.boolean() });
const codeForm = z.object({ authKey: authCodeField });
type Credentials = z.infer<typeof credentials>;

/** Where to go after signing in: only a path inside the portal. */
function safeBack(back: string | null): string {
  return back && back.startsWith('/') && !back.startsWith('//') && !back.startsWith('/auth') ? back : '/';
}

export default function LoginPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const signInCall = useSignIn();
  const requestAuthCode = useRequestAuthCode();
  const [error, setError] = useState('');
  const [pending, setPending] = useState<Credentials | null>(null);
  // Why a code is asked for when the account has no two-step sign-in (its login is being guessed).
  const [codeReason, setCodeReason] = useState('');
  const [countdown, setCountdown] = useState(0);

  const form = useForm<Credentials>({
    resolver: zodResolver(credentials),
    defaultValues: { login: '', password: '', saveAuth: false },
  });
  const code = useForm<{ authKey: string }>({ resolver: zodResolver(codeForm), defaultValues: { authKey: '' } });

  useEffect(() => {
    if (countdown <= 0) return;
    const timer = setTimeout(() => setCountdown((c) => c - 1), 1000);
    return () => clearTimeout(timer);
  }, [countdown]);

  const signIn = async (values: Credentials, authKey?: string) => {
    setError('');
    try {
      await signInCall.mutateAsync({ ...values, ...(authKey ? { authKey } : {}) });
      await navigate(safeBack(params.get('back')), { replace: true });
    } catch (err) {
      if (err instanceof RestError && err.code === 'AUTH' && !authKey) {
        setCodeReason(err.retryAfter ? err.message : '');
        setPending(values);
        await requestCode(values.login);
        return;
      }
      setError(err instanceof Error ? err.message : String(err));
    }
  };

  const requestCode = async (login: string) => {
    try {
      const result = await requestAuthCode.mutateAsync(login);
      setCountdown(result.resendAfter);
    } catch (err) {
      if (err instanceof RestError && err.retryAfter) setCountdown(err.retryAfter);
      else setError(err instanceof Error ? err.message : String(err));
    }
  };

  if (pending) {
    return (
      <AuthCard title={t('codeTitle')}>
        <Box
          component="form"
          noValidate
          onSubmit={code.handleSubmit((v) => signIn(pending, v.authKey))}
          sx={{ display: 'grid', gap: 2 }}
        >
          {codeReason && <Alert severity="warning">{codeReason}</Alert>}
          <Alert severity="info">{t('codeSent')}</Alert>
          {error && (
            <Alert severity="error" role="alert">
              {error}
            </Alert>
          )}
          <TextField
            label={t('code')}
            autoFocus
            autoComplete="one-time-code"
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6 } }}
            {...code.register('authKey')}
            error={Boolean(code.formState.errors.authKey)}
            helperText={fieldMessage(code.formState.errors.authKey)}
          />
          <Button type="submit" variant="contained" size="large" disabled={code.formState.isSubmitting}>
            {t('signIn')}
          </Button>
          <Button variant="text" disabled={countdown > 0} onClick={() => void requestCode(pending.login)}>
            {countdown > 0 ? t('resendIn', { seconds: countdown }) : t('resend')}
          </Button>
          <Button variant="text" color="inherit" onClick={() => setPending(null)}>
            {t('back')}
          </Button>
        </Box>
      </AuthCard>
    );
  }

  const { errors, isSubmitting } = form.formState;
  return (
    <AuthCard title={t('title')}>
      <Box component="form" noValidate onSubmit={form.handleSubmit((v) => signIn(v))} sx={{ display: 'grid', gap: 2 }}>
        {error && (
          <Alert severity="error" role="alert">
            {error}
          </Alert>
        )}
        <TextField
          label={t('login')}
          autoComplete="username"
          autoFocus
          {...form.register('login')}
          error={Boolean(errors.login)}
          helperText={fieldMessage(errors.login)}
        />
        <TextField
          label={t('password')}
          type="password"
          autoComplete="current-password"
          {...form.register('password')}
          error={Boolean(errors.password)}
          helperText={fieldMessage(errors.password)}
        />
        <FormControlLabel control={<Checkbox {...form.register('saveAuth')} />} label={t('remember')} />
        <Button type="submit" variant="contained" size="large" disabled={isSubmitting}>
          {t('signIn')}
        </Button>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
          <Link component={RouterLink} to={`/recovery/?USER_LOGIN=${encodeURIComponent(form.watch('login'))}`}>
            {t('forgot')}
          </Link>
          <Link component={RouterLink} to="/registration/">
            {t('register')}
          </Link>
        </Box>
      </Box>
    </AuthCard>
  );
}
