import { zodResolver } from '@hookform/resolvers/zod';
import { COUNTERPARTY_FIELDS, counterpartyFieldsInput, type CounterpartyFields } from '@portal/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { ErrorState, Loading } from '../../components/States';
import { fieldMessage } from '../../lib/forms';
import { notifyError, notifySuccess } from '../../lib/notify';
import { RestError } from '../../lib/rest';
import { companyQuery, useDeleteCompany, useSaveCompany } from './api';
import { CompanyAccountSlot } from '../../lib/slots';

type Fields = CounterpartyFields;
const EMPTY = Object.fromEntries(COUNTERPARTY_FIELDS.map((f) => [f, ''])) as unknown as Fields;
const DIGITS: Partial<Record<(typeof COUNTERPARTY_FIELDS)[number], number>> = {
  inn: 12,
  kpp: 9,
  ogrn: 15,
  bik: 9,
  account: 20,
  corrAccount: 20,
};

/** A legal entity's requisites; `/company/create/` is the same screen with no id. */
export default function CompanyEditPage() {
  const { t } = useTranslation('companies');
  const params = useParams();
  const id = params.id ? Number(params.id) : null;
  const navigate = useNavigate();
  const save = useSaveCompany(id);
  const deleteCompany = useDeleteCompany(id ?? 0);
  const [error, setError] = useState('');
  const [confirm, setConfirm] = useState(false);
  const company = useQuery(companyQuery(id));
  const form = useForm<Fields>({ resolver: zodResolver(counterpartyFieldsInput), defaultValues: EMPTY });
  useEffect(() => {
    if (company.data)
      form.reset(Object.fromEntries(COUNTERPARTY_FIELDS.map((f) => [f, company.data[f]])) as unknown as Fields);
  }, [company.data, form]);
  const { errors, isSubmitting } = form.formState;

  const submit = async (values: Fields) => {
    setError('');
    try {
      const saved = await save.mutateAsync(values);
      notifySuccess(t('saved'));
      if (!id) await navigate(`/company/${saved.id}/`, { replace: true });
    } catch (err) {
      let applied = false;
      if (err instanceof RestError) {
        for (const [name, text] of Object.entries(err.fields)) {
          const field = name.replace(/^fields\./, '');
          if ((COUNTERPARTY_FIELDS as readonly string[]).includes(field)) {
            form.setError(field as Path<Fields>, { type: 'server', message: text });
            applied = true;
          }
        }
      }
      if (!applied) setError(err instanceof Error ? err.message : String(err));
    }
  };
  const remove = async () => {
    try {
      await deleteCompany.mutateAsync();
      notifySuccess(t('deleted'));
      await navigate('/company/');
    } catch (err) {
      notifyError(err);
    }
  };

  if (id !== null && company.isPending) return <Loading />;
  if (id !== null && company.isError) return <ErrorState error={company.error} />;
  const title = id ? (company.data?.name ?? '') : t('create');

  return (
    <>
      <PageHeader title={title} crumbs={[{ label: t('title'), to: '/company/' }]} />
      <Paper sx={{ p: { xs: 2, sm: 3 }, maxWidth: 900 }}>
        <Box
          component="form"
          noValidate
          onSubmit={(e) => void form.handleSubmit(submit)(e)}
          sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}
        >
          {COUNTERPARTY_FIELDS.map((f) => (
            <TextField
              key={f}
              label={t(`field.${f}`)}
              required={f === 'name' || f === 'inn'}
              {...form.register(f)}
              error={Boolean(errors[f])}
              helperText={fieldMessage(errors[f]) ?? (DIGITS[f] ? t(`hint.${f}`) : undefined)}
              multiline={f === 'legalAddress'}
              slotProps={{ htmlInput: DIGITS[f] ? { inputMode: 'numeric', maxLength: DIGITS[f] } : {} }}
              sx={f === 'name' || f === 'legalAddress' || f === 'bank' ? { gridColumn: { sm: '1 / -1' } } : undefined}
            />
          ))}
          {error && (
            <Alert severity="error" sx={{ gridColumn: '1 / -1' }}>
              {error}
            </Alert>
          )}
          <Box sx={{ gridColumn: '1 / -1', display: 'flex', gap: 2, flexWrap: 'wrap' }}>
            <Button type="submit" variant="contained" disabled={isSubmitting}>
              {t('common:save')}
            </Button>
            {id && (
              <Button color="error" onClick={() => setConfirm(true)}>
                {t('common:delete')}
              </Button>
            )}
          </Box>
        </Box>
      </Paper>
      {/* The company's account with the supplier (decision 202), when 1C sends one. */}
      {id && (
        <Box sx={{ maxWidth: 900, mt: 2 }}>
          <CompanyAccountSlot counterpartyId={id} />
        </Box>
      )}
      <Dialog open={confirm} onClose={() => setConfirm(false)} aria-labelledby="company-delete">
        <DialogTitle id="company-delete">{t('deleteTitle')}</DialogTitle>
        <DialogContent>{t('deleteText', { name: company.data?.name ?? '' })}</DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirm(false)}>{t('common:cancel')}</Button>
          <Button color="error" variant="contained" onClick={() => void remove()}>
            {t('common:delete')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
