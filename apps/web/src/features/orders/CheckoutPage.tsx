import { zodResolver } from '@hookform/resolvers/zod';
import { orderFieldsInput, type PortalFile } from '@portal/contract';
import AttachFile from '@mui/icons-material/AttachFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { Controller, useForm, type FieldError, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import type { z } from 'zod';
import { PageHeader } from '../../components/PageHeader';
import { EmptyState, ErrorState, Loading } from '../../components/States';
import { useActiveBasket } from '../../lib/active-basket';
import { fieldMessage } from '../../lib/forms';
import { money } from '../../lib/format';
import { notifyError, notifySuccess } from '../../lib/notify';
import { rest, RestError } from '../../lib/rest';

const checkoutInput = orderFieldsInput.omit({ basket: true });
type Values = z.input<typeof checkoutInput>;
const TEXT_FIELDS = ['address', 'vin', 'model', 'comment'] as const;

/** 'Оформление заказа' from the active basket (spec §4): company, payment, shipping, address, VIN… */
export default function CheckoutPage() {
  const { t } = useTranslation('orders');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { active, list } = useActiveBasket();
  const fields = useQuery({ queryKey: ['order', 'fields'], queryFn: () => rest('order/get-fields', {}) });
  // One key per visit of this screen: a double click or a resent request makes one order.
  const idempotencyKey = useMemo(() => `${Date.now()}-${Math.random().toString(36).slice(2)}`, []);
  const [files, setFiles] = useState<PortalFile[]>([]);
  const [error, setError] = useState('');
  const form = useForm<Values>({
    resolver: zodResolver(checkoutInput),
    defaultValues: {
      company: '',
      paySystem: '',
      shipping: '',
      address: '',
      vin: '',
      model: '',
      comment: '',
    } as unknown as Values,
  });
  const { errors, isSubmitting } = form.formState;
  const option = (id: string) => fields.data?.fields.find((f) => f.id === id);
  useEffect(() => {
    if (!fields.data) return;
    for (const id of ['company', 'paySystem', 'shipping'] as const) {
      const v = option(id)?.value;
      if (v) form.setValue(id, v as unknown as number);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fields.data]);
  const shippingId = String(form.watch('shipping') ?? '');
  const isPickup = option('shipping')?.options.find((o) => o.value === shippingId)?.isPickup ?? true;

  const attach = async (list: FileList | null) => {
    if (!list?.length) return;
    try {
      const saved = await rest('files/save', {}, { files: [...list] });
      setFiles((f) => [...f, ...saved.items]);
    } catch (err) {
      notifyError(err);
    }
  };
  const submit = async (values: Values) => {
    if (!active) return;
    setError('');
    try {
      const r = await rest('order/create', {
        fields: { ...values, basket: active.id, files: files.map((f) => f.id) },
        idempotencyKey,
      });
      await queryClient.invalidateQueries({ queryKey: ['basket'] });
      await queryClient.invalidateQueries({ queryKey: ['order'] });
      notifySuccess(t('created', { id: r.id }));
      await navigate(`/order/${r.id}/`);
    } catch (err) {
      let applied = false;
      if (err instanceof RestError) {
        for (const [name, text] of Object.entries(err.fields)) {
          const key = name.replace(/^fields\./, '') as Path<Values>;
          if (['company', 'paySystem', 'shipping', ...TEXT_FIELDS].includes(key)) {
            form.setError(key, { type: 'server', message: text });
            applied = true;
          }
        }
      }
      if (!applied) setError(err instanceof Error ? err.message : String(err));
    }
  };

  if (fields.isPending || list.isPending) return <Loading />;
  if (fields.isError) return <ErrorState error={fields.error} onRetry={() => void fields.refetch()} />;
  const header = (
    <PageHeader title={t('checkout')} crumbs={active ? [{ label: active.name, to: `/basket/${active.id}/` }] : []} />
  );
  if (!active || active.count === 0) {
    return (
      <>
        {header}
        <Paper>
          <EmptyState title={t('checkoutEmpty')}>
            <Button component={RouterLink} to="/basket/create/">
              {t('toQuickOrder')}
            </Button>
          </EmptyState>
        </Paper>
      </>
    );
  }
  const companies = option('company')?.options ?? [];

  return (
    <>
      {header}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '2fr 1fr' }, alignItems: 'start' }}>
        <Paper sx={{ p: { xs: 2, sm: 3 } }}>
          <Box
            component="form"
            noValidate
            onSubmit={(e) => void form.handleSubmit(submit)(e)}
            sx={{ display: 'grid', gap: 2 }}
          >
            {companies.length === 0 ? (
              <Alert severity="warning">
                {t('noCompany')}{' '}
                <Link component={RouterLink} to="/company/create/">
                  {t('addCompany')}
                </Link>
              </Alert>
            ) : (
              <Controller
                name="company"
                control={form.control}
                render={({ field }) => (
                  <TextField
                    select
                    required
                    label={option('company')?.name}
                    {...field}
                    value={String(field.value ?? '')}
                    error={Boolean(errors.company)}
                    helperText={fieldMessage(errors.company as FieldError | undefined)}
                  >
                    {companies.map((o) => (
                      <MenuItem key={o.value} value={o.value}>
                        {o.title}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
            )}
            <Controller
              name="paySystem"
              control={form.control}
              render={({ field }) => (
                <TextField
                  select
                  required
                  label={option('paySystem')?.name}
                  {...field}
                  value={String(field.value ?? '')}
                  error={Boolean(errors.paySystem)}
                  helperText={fieldMessage(errors.paySystem as FieldError | undefined)}
                >
                  {option('paySystem')?.options.map((o) => (
                    <MenuItem key={o.value} value={o.value}>
                      {o.title}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
            <Controller
              name="shipping"
              control={form.control}
              render={({ field }) => (
                <Box>
                  <FormLabel id="shipping-label">{option('shipping')?.name}</FormLabel>
                  <RadioGroup row aria-labelledby="shipping-label" {...field} value={String(field.value ?? '')}>
                    {option('shipping')?.options.map((o) => (
                      <FormControlLabel key={o.value} value={o.value} control={<Radio />} label={o.title} />
                    ))}
                  </RadioGroup>
                </Box>
              )}
            />
            {!isPickup && (
              <TextField
                label={option('address')?.name}
                required
                multiline
                {...form.register('address')}
                error={Boolean(errors.address)}
                helperText={fieldMessage(errors.address)}
              />
            )}
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
              <TextField
                label="VIN"
                {...form.register('vin')}
                error={Boolean(errors.vin)}
                helperText={fieldMessage(errors.vin)}
                slotProps={{ htmlInput: { maxLength: 17, style: { textTransform: 'uppercase' } } }}
              />
              <TextField
                label={option('model')?.name}
                {...form.register('model')}
                error={Boolean(errors.model)}
                helperText={fieldMessage(errors.model)}
              />
            </Box>
            <TextField
              label={option('comment')?.name}
              multiline
              minRows={3}
              {...form.register('comment')}
              error={Boolean(errors.comment)}
              helperText={fieldMessage(errors.comment)}
            />
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
              <Button component="label" startIcon={<AttachFile />}>
                {t('attach')}
                <input type="file" hidden multiple onChange={(e) => void attach(e.target.files)} />
              </Button>
              {files.map((f) => (
                <Chip key={f.id} label={f.name} onDelete={() => setFiles((all) => all.filter((x) => x.id !== f.id))} />
              ))}
            </Box>
            {error && <Alert severity="error">{error}</Alert>}
            <Box>
              <Button type="submit" variant="contained" size="large" disabled={isSubmitting || companies.length === 0}>
                {isSubmitting ? t('placing') : t('place')}
              </Button>
            </Box>
          </Box>
        </Paper>
        <Paper sx={{ p: 2 }} data-testid="checkout-summary">
          <Typography variant="h2" sx={{ fontSize: 20, mb: 1 }}>
            {active.name}
          </Typography>
          <Typography>{t('lines', { count: active.count })}</Typography>
          <Typography>{t('weight', { value: active.weightKg })}</Typography>
          <Typography>{t('volume', { value: active.volumeM3 })}</Typography>
          {active.totals.map((s) => (
            <Typography key={s.currency} sx={{ fontWeight: 700, mt: 1 }}>
              {t('total')}: {money(s.value, s.currency)}
            </Typography>
          ))}
        </Paper>
      </Box>
    </>
  );
}
