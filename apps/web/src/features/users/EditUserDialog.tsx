import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { userCreateInput, userFieldsInput, type UserDetail } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { Controller, useForm, type FieldError, type Resolver } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { useTranslation } from 'react-i18next';
import { Loading } from '../../components/States';
import { applyServerErrors, fieldMessage } from '../../lib/forms';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useSaveUser, userFieldsQuery } from './api';

// The create form is the edit form plus login and password; one type covers both.
type FormValues = z.output<typeof userCreateInput>;
type FormInput = z.input<typeof userCreateInput>;
const ACCOUNT_FIELDS = ['login', 'password', 'confirmPassword'] as const;
const TEXT_FIELDS = ['lastName', 'firstName', 'middleName', 'email', 'phone', 'company', 'inn', 'city'] as const;

/**
 * The administrator's form: profile fields, groups, price type, payment method, the order flag. Without a
 * user it creates one (with a login and a first password the administrator passes on).
 */
export function EditUserDialog({ user, open, onClose }: { user?: UserDetail; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('users');
  const fields = useQuery({ ...userFieldsQuery, enabled: open });
  const navigate = useNavigate();
  const form = useForm<FormInput, unknown, FormValues>({
    resolver: (user ? zodResolver(userFieldsInput) : zodResolver(userCreateInput)) as unknown as Resolver<
      FormInput,
      unknown,
      FormValues
    >,
    defaultValues: user
      ? {
          lastName: user.lastName,
          firstName: user.firstName,
          middleName: user.middleName,
          email: user.email,
          phone: user.phone,
          company: user.company,
          inn: user.inn,
          city: user.city,
          groups: user.groups,
          typePrice: user.typePrice,
          paySystemId: user.paySystemId,
        }
      : { groups: ['DEALERS'], login: '', password: '', confirmPassword: '' },
  });
  const save = useSaveUser(user?.id ?? null, {
    onSuccess: (saved) => {
      notifySuccess(t(user ? 'detail.saved' : 'detail.created'));
      onClose();
      if (!user) void navigate(`/user/${saved.id}/`);
    },
    onError: (err) => {
      const known = [...TEXT_FIELDS, ...ACCOUNT_FIELDS, 'groups', 'typePrice', 'paySystemId'] as const;
      if (!applyServerErrors(err, form.setError, [...known])) notifyError(err);
    },
  });
  const byCode = new Map((fields.data?.fields ?? []).map((f) => [f.code, f]));
  const errors = form.formState.errors;
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="md" aria-labelledby="edit-user-title">
      <DialogTitle id="edit-user-title">{t(user ? 'detail.editTitle' : 'detail.createTitle')}</DialogTitle>
      <Box component="form" noValidate onSubmit={form.handleSubmit((v) => save.mutate(v))}>
        <DialogContent>
          {fields.isPending ? (
            <Loading />
          ) : fields.isError ? (
            <Alert severity="error">{fields.error.message}</Alert>
          ) : (
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
              {!user &&
                ACCOUNT_FIELDS.map((code) => (
                  <TextField
                    key={code}
                    label={t(`fields.${code}`)}
                    required
                    type={code === 'login' ? 'text' : 'password'}
                    autoComplete={code === 'login' ? 'off' : 'new-password'}
                    {...form.register(code)}
                    error={Boolean(errors[code])}
                    helperText={fieldMessage(errors[code])}
                  />
                ))}
              {TEXT_FIELDS.map((code) => (
                <TextField
                  key={code}
                  label={byCode.get(code)?.label ?? t(`fields.${code}`)}
                  required={byCode.get(code)?.required}
                  type={code === 'email' ? 'email' : 'text'}
                  {...form.register(code)}
                  error={Boolean(errors[code])}
                  helperText={fieldMessage(errors[code])}
                />
              ))}
              {(['typePrice', 'paySystemId'] as const).map((code) => (
                <Controller
                  key={code}
                  control={form.control}
                  name={code}
                  render={({ field }) => (
                    <TextField
                      select
                      label={byCode.get(code)?.label}
                      value={(field.value as number | null | undefined) ?? ''}
                      onChange={(e) => field.onChange(e.target.value === '' ? null : Number(e.target.value))}
                      error={Boolean(errors[code])}
                      helperText={fieldMessage(errors[code] as FieldError | undefined)}
                    >
                      <MenuItem value="">{t('detail.notSet')}</MenuItem>
                      {byCode.get(code)?.options.map((o) => (
                        <MenuItem key={o.value} value={o.value}>
                          {o.title}
                        </MenuItem>
                      ))}
                    </TextField>
                  )}
                />
              ))}
              <Controller
                control={form.control}
                name="groups"
                render={({ field }) => (
                  <FormControl error={Boolean(errors.groups)} component="fieldset">
                    <FormLabel component="legend">{byCode.get('groups')?.label}</FormLabel>
                    <FormGroup row>
                      {byCode.get('groups')?.options.map((o) => (
                        <FormControlLabel
                          key={o.value}
                          label={o.title}
                          control={
                            <Checkbox
                              checked={(field.value ?? []).includes(o.value)}
                              onChange={(e) =>
                                field.onChange(
                                  e.target.checked
                                    ? [...(field.value ?? []), o.value]
                                    : (field.value ?? []).filter((g) => g !== o.value),
                                )
                              }
                            />
                          }
                        />
                      ))}
                    </FormGroup>
                    {errors.groups && <FormHelperText>{fieldMessage(errors.groups as never)}</FormHelperText>}
                  </FormControl>
                )}
              />
            </Box>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('common:cancel')}</Button>
          <Button type="submit" variant="contained" disabled={save.isPending || !fields.data}>
            {t('common:save')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
