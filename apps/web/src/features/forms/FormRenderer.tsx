import { checkFormValues, isFieldVisible, type FormField, type FormValues, type PortalForm } from '@portal/contract';
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
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Html } from '../../components/Html';
import { Loading } from '../../components/States';
import { useCurrentUser } from '../../lib/current-user';
import { message } from '../../lib/i18n';
import { RestError } from '../../lib/rest';
import { agreementQuery, applyMask } from './api';
import { OrderField } from './OrderField';

export interface FormSubmission {
  fields: Array<{ id: number; code: string; value: string | boolean }>;
  consent: Array<{ idAgreement: number }>;
}

const initialValues = (form: PortalForm): FormValues =>
  Object.fromEntries(
    form.fields.map((f) => [
      f.code,
      f.type === 'CHECKBOX' || f.type === 'AGREEMENT' ? f.value === true : typeof f.value === 'string' ? f.value : '',
    ]),
  );

/**
 * What the profile already knows, for a contact field the form leaves empty: the phone (in the field's mask
 * when it fits it whole — a foreign number is not squeezed into «+7») and the e-mail (decision 191).
 */
export function profileValue(field: FormField, profile: { phone: string; email: string }): string {
  if (field.readonly || (typeof field.value === 'string' && field.value !== '')) return '';
  if (field.type === 'EMAIL') return profile.email.trim();
  if (field.type !== 'PHONE' || !profile.phone.trim()) return '';
  if (!field.mask) return profile.phone.trim();
  const masked = applyMask(field.mask, profile.phone);
  const digits = (v: string) => v.replace(/\D/g, '');
  const given = digits(profile.phone);
  const kept = digits(masked);
  // «8 913 …» is «+7 913 …»: the trunk prefix counts as the country code.
  return kept.length === given.length && kept.slice(-10) === given.slice(-10) ? masked : '';
}

/** The same rules the server checks (contract `checkFormValues`), as a react-hook-form resolver. */
const resolverFor =
  (form: PortalForm): Resolver<FormValues> =>
  (values) => {
    const errors = checkFormValues(form.fields, values);
    if (Object.keys(errors).length === 0) return { values, errors: {} };
    return {
      values: {},
      errors: Object.fromEntries(Object.entries(errors).map(([k, m]) => [k, { type: 'rule', message: m }])),
    };
  };

function AgreementLink({ id }: { id: number }) {
  const { t } = useTranslation('forms');
  const [open, setOpen] = useState(false);
  const agreement = useQuery({ ...agreementQuery(id), enabled: open });
  return (
    <>
      <Link component="button" type="button" onClick={() => setOpen(true)} sx={{ ml: 0.5, verticalAlign: 'baseline' }}>
        {t('agreement.read')}
      </Link>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="sm">
        <DialogTitle>{agreement.data?.title ?? t('agreement.title')}</DialogTitle>
        <DialogContent>{agreement.data ? <Html html={agreement.data.text} /> : <Loading />}</DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{t('common:close')}</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

/**
 * One renderer for every form definition: field types, masks, readonly fields, options, conditions that
 * show or hide fields, agreement checkboxes; required means the field has a rule.
 */
export function FormRenderer({
  form,
  submitLabel,
  onSubmit,
}: {
  form: PortalForm;
  submitLabel: string;
  onSubmit: (submission: FormSubmission) => Promise<void>;
}) {
  const { t } = useTranslation('forms');
  const [error, setError] = useState('');
  const rhf = useForm<FormValues>({ defaultValues: initialValues(form), resolver: resolverFor(form) });
  const values = rhf.watch();
  const profile = useCurrentUser().data;
  // The profile may arrive after the form: fill the contact fields the dealer has not touched yet.
  useEffect(() => {
    if (!profile) return;
    for (const f of form.fields) {
      const v = profileValue(f, profile);
      if (v && !rhf.getFieldState(f.code).isDirty && !rhf.getValues(f.code)) rhf.setValue(f.code, v);
    }
  }, [profile, form, rhf]);
  const visible = form.fields.filter((f) => isFieldVisible(f, values));

  const submit = async (v: FormValues) => {
    setError('');
    const shown = form.fields.filter((f) => isFieldVisible(f, v));
    try {
      await onSubmit({
        fields: shown
          .filter((f) => v[f.code] !== undefined)
          .map((f) => ({ id: f.id, code: f.code, value: v[f.code] as string | boolean })),
        consent: shown
          .filter((f) => f.type === 'AGREEMENT' && f.agreementId !== null && v[f.code] === true)
          .map((f) => ({ idAgreement: f.agreementId as number })),
      });
    } catch (err) {
      if (err instanceof RestError) {
        for (const [code, text] of Object.entries(err.fields)) rhf.setError(code, { type: 'server', message: text });
      }
      setError(err instanceof Error ? err.message : String(err));
    }
  };

  const helper = (f: FormField) => {
    const e = rhf.formState.errors[f.code];
    return e?.message ? message(String(e.message)) : undefined;
  };

  return (
    <Box
      component="form"
      noValidate
      onSubmit={rhf.handleSubmit(submit, () => setError(message('validation.form')))}
      sx={{ display: 'grid', gap: 2 }}
      aria-label={form.title}
    >
      {error && <Alert severity="error">{error}</Alert>}
      {visible.map((f) => {
        const err = helper(f);
        if (f.type === 'CHECKBOX' || f.type === 'AGREEMENT') {
          return (
            <FormControl key={f.code} error={Boolean(err)} required={f.required}>
              <Controller
                control={rhf.control}
                name={f.code}
                render={({ field }) => (
                  <Box>
                    <FormControlLabel
                      control={
                        <Checkbox
                          name={f.name}
                          checked={field.value === true}
                          disabled={f.readonly}
                          onChange={(e) => field.onChange(e.target.checked)}
                        />
                      }
                      label={`${f.label}${f.required ? ' *' : ''}`}
                    />
                    {f.type === 'AGREEMENT' && f.agreementId !== null && <AgreementLink id={f.agreementId} />}
                  </Box>
                )}
              />
              {err && <FormHelperText>{err}</FormHelperText>}
            </FormControl>
          );
        }
        if (f.type === 'RADIO') {
          return (
            <FormControl key={f.code} error={Boolean(err)} required={f.required}>
              <FormLabel id={`label-${f.code}`}>{f.label}</FormLabel>
              <Controller
                control={rhf.control}
                name={f.code}
                render={({ field }) => (
                  <RadioGroup
                    row
                    aria-labelledby={`label-${f.code}`}
                    name={f.name}
                    value={field.value ?? ''}
                    onChange={(e) => field.onChange(e.target.value)}
                  >
                    {f.options.map((o) => (
                      <FormControlLabel
                        key={o.value}
                        value={o.value}
                        control={<Radio disabled={f.readonly} />}
                        label={o.title}
                      />
                    ))}
                  </RadioGroup>
                )}
              />
              {err && <FormHelperText>{err}</FormHelperText>}
            </FormControl>
          );
        }
        if (f.readonly) {
          // A value the form sets (the channel is the portal): shown as text, not as a box to type in.
          const v = typeof values[f.code] === 'string' ? String(values[f.code]) : '';
          return (
            <Box key={f.code} data-testid={`readonly-${f.code}`}>
              <Typography variant="body2" color="text.secondary">
                {f.label}
              </Typography>
              <Typography>{f.options.find((o) => o.value === v)?.title ?? v}</Typography>
            </Box>
          );
        }
        if (f.type === 'ORDER') {
          return (
            <Controller
              key={f.code}
              control={rhf.control}
              name={f.code}
              render={({ field }) => (
                <OrderField
                  field={f}
                  value={typeof field.value === 'string' ? field.value : ''}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  error={err}
                />
              )}
            />
          );
        }
        return (
          <Controller
            key={f.code}
            control={rhf.control}
            name={f.code}
            render={({ field }) => (
              <TextField
                name={f.name}
                label={f.label}
                required={f.required}
                select={f.type === 'SELECT'}
                multiline={f.type === 'TEXTAREA'}
                minRows={f.type === 'TEXTAREA' ? 4 : undefined}
                type={
                  f.type === 'EMAIL' ? 'email' : f.type === 'NUMBER' ? 'number' : f.type === 'DATE' ? 'date' : 'text'
                }
                value={typeof field.value === 'string' ? field.value : ''}
                onChange={(e) => field.onChange(f.mask ? applyMask(f.mask, e.target.value) : e.target.value)}
                onBlur={field.onBlur}
                placeholder={f.mask ?? undefined}
                error={Boolean(err)}
                helperText={err}
                slotProps={{
                  input: { readOnly: f.readonly },
                  inputLabel: f.type === 'DATE' ? { shrink: true } : undefined,
                  htmlInput: { inputMode: f.type === 'PHONE' ? 'tel' : undefined },
                }}
              >
                {f.type === 'SELECT'
                  ? f.options.map((o) => (
                      <MenuItem key={o.value} value={o.value}>
                        {o.title}
                      </MenuItem>
                    ))
                  : null}
              </TextField>
            )}
          />
        );
      })}
      <Box>
        <Button type="submit" variant="contained" size="large" disabled={rhf.formState.isSubmitting}>
          {submitLabel}
        </Button>
      </Box>
      <FormHelperText>{t('requiredHint')}</FormHelperText>
    </Box>
  );
}
