import { zodResolver } from '@hookform/resolvers/zod';
import { orderFieldsInput, type PortalFile } from '@portal/contract';
import AttachFile from '@mui/icons-material/AttachFile';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
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
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { Controller, useForm, type FieldError, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import type { z } from 'zod';
import { PageHeader } from '../../components/PageHeader';
import { EmptyState, ErrorState, Loading } from '../../components/States';
import { setCheckoutTotals, useActiveBasket } from '../../lib/active-basket';
import { fieldMessage } from '../../lib/forms';
import { notifyError, notifySuccess } from '../../lib/notify';
import { RestError } from '../../lib/rest';
import { CheckoutSummary, CheckoutTotal } from './components/CheckoutSummary';
import { checkoutShortLinesQuery, orderFieldsQuery, orderPreviewQuery, saveOrderFiles, useCreateOrder } from './api';
import { ShortLinesWarning } from './components/ShortLinesWarning';
import { CheckoutCreditSlot, CheckoutMachineSlot } from '../../lib/slots';

const checkoutInput = orderFieldsInput.omit({ basket: true });
type Values = z.input<typeof checkoutInput>;

/**
 * The form's schema: the contract's fields, an address whenever the chosen shipping is a delivery, and a
 * warehouse whenever it is a pickup and the site has warehouses (decision 064).
 */
function checkoutSchema(isPickup: (shipping: string) => boolean, hasWarehouses: boolean) {
  return checkoutInput.superRefine((v, ctx) => {
    const pickup = isPickup(String(v.shipping));
    if (!pickup && !v.address?.trim()) {
      ctx.addIssue({ code: 'custom', path: ['address'], message: 'validation.required' });
    }
    if (pickup && hasWarehouses && !v.storage) {
      ctx.addIssue({ code: 'custom', path: ['storage'], message: 'validation.required' });
    }
  });
}
const TEXT_FIELDS = ['address', 'vin', 'model', 'comment'] as const;

/** 'Оформление заказа' from the active basket (docs/spec/04-states.md): company, payment, shipping, address, VIN… */
export default function CheckoutPage() {
  const { t } = useTranslation('orders');
  const navigate = useNavigate();
  const createOrder = useCreateOrder();
  const { active, list } = useActiveBasket();
  const fields = useQuery(orderFieldsQuery);
  // One key per visit of this screen: a double click or a resent request makes one order.
  const idempotencyKey = useMemo(() => `${Date.now()}-${Math.random().toString(36).slice(2)}`, []);
  const [files, setFiles] = useState<PortalFile[]>([]);
  const [error, setError] = useState('');
  // The dealer's machine and «Машина стоит» (decisions 208, 209), chosen in the machines feature's slot.
  const [machine, setMachine] = useState<{ id?: number; urgent: boolean; error?: string }>({ urgent: false });
  const option = (id: string) => fields.data?.fields.find((f) => f.id === id);
  const pickupOf = (shipping: string) =>
    option('shipping')?.options.find((o) => o.value === shipping)?.isPickup ?? true;
  const form = useForm<Values>({
    resolver: (values, context, options) =>
      zodResolver(checkoutSchema(pickupOf, (option('storage')?.options.length ?? 0) > 0))(values, context, options),
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
  useEffect(() => {
    if (!fields.data) return;
    for (const id of ['company', 'paySystem', 'shipping', 'storage'] as const) {
      const v = option(id)?.value;
      if (v) form.setValue(id, v as unknown as number);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fields.data]);
  const shippingId = String(form.watch('shipping') ?? '');
  const isPickup = pickupOf(shippingId);
  // The summary is the server's price for the payment method in the form, asked again whenever it or the
  // basket changes: the order is created at exactly these prices (order/preview and order/create share them).
  const paySystem = Number(form.watch('paySystem') ?? 0);
  const basketKey = active ? `${active.count}:${active.totals.map((x) => x.value).join('+')}` : '';
  const preview = useQuery({
    ...orderPreviewQuery(active?.id ?? 0, paySystem, basketKey),
    enabled: Boolean(active && active.count > 0 && paySystem > 0),
    placeholderData: keepPreviousData,
  });
  const current = preview.data && preview.data.paySystem === paySystem && !preview.isPlaceholderData;
  const shortLines = useQuery({
    ...checkoutShortLinesQuery(active?.id ?? 0),
    enabled: Boolean(active && active.count > 0),
  });
  // The top bar's basket sum follows the payment method chosen here while checkout is open (decision 192).
  const checkoutTotals = current ? preview.data!.totals : null;
  useEffect(() => {
    if (active && checkoutTotals) setCheckoutTotals(active.id, checkoutTotals);
  }, [active, checkoutTotals]);
  useEffect(() => () => setCheckoutTotals(null), []);
  // The docs/spec/09-constants.md thresholds (decision 140): the server names what it will refuse; the dealer reads it here first.
  const refusals = current ? preview.data!.refusals : [];
  const orderable = Boolean(current && preview.data!.items.every((i) => !i.problem) && refusals.length === 0);

  const attach = async (list: FileList | null) => {
    if (!list?.length) return;
    try {
      const saved = await saveOrderFiles([...list]);
      setFiles((f) => [...f, ...saved]);
    } catch (err) {
      notifyError(err);
    }
  };
  const submit = async (values: Values) => {
    if (!active) return;
    setError('');
    try {
      const r = await createOrder.mutateAsync({
        fields: {
          ...values,
          basket: active.id,
          files: files.map((f) => f.id),
          ...(machine.id ? { machine: machine.id } : {}),
          urgent: machine.urgent,
        },
        idempotencyKey,
      });
      notifySuccess(t('created', { id: r.id }));
      await navigate(`/order/${r.id}/`, r.creditWarning ? { state: { creditWarning: r.creditWarning } } : undefined);
    } catch (err) {
      let applied = false;
      if (err instanceof RestError) {
        for (const [name, text] of Object.entries(err.fields)) {
          if (name.replace(/^fields\./, '') === 'machine') {
            setMachine((m) => ({ ...m, error: text }));
            applied = true;
            continue;
          }
          const key = name.replace(/^fields\./, '') as Path<Values>;
          if (['company', 'paySystem', 'shipping', 'storage', ...TEXT_FIELDS].includes(key)) {
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
            <CheckoutCreditSlot
              counterpartyId={Number(form.watch('company')) || 0}
              sum={checkoutTotals?.reduce((s, x) => s + x.value, 0) ?? 0}
            />
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
            {isPickup && (option('storage')?.options.length ?? 0) > 0 && (
              <Controller
                name="storage"
                control={form.control}
                render={({ field }) => {
                  const chosen = option('storage')?.options.find((o) => o.value === String(field.value ?? ''));
                  return (
                    <TextField
                      select
                      required
                      label={option('storage')?.name}
                      {...field}
                      value={String(field.value ?? '')}
                      error={Boolean(errors.storage)}
                      helperText={fieldMessage(errors.storage as FieldError | undefined) ?? chosen?.description}
                    >
                      {option('storage')?.options.map((o) => (
                        <MenuItem key={o.value} value={o.value}>
                          {o.title}
                        </MenuItem>
                      ))}
                    </TextField>
                  );
                }}
              />
            )}
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
            <CheckoutMachineSlot
              machine={machine.id}
              urgent={machine.urgent}
              {...(machine.error ? { error: machine.error } : {})}
              onChange={(next) => {
                setMachine({ ...(next.machine ? { id: next.machine.id } : {}), urgent: next.urgent });
                // The machine fills the order's VIN (when its serial number is one) and model (decision 208).
                if (next.machine && next.machine.id !== machine.id) {
                  const vin = /^[A-HJ-NPR-Z0-9]{17}$/.test(next.machine.serial) ? next.machine.serial : '';
                  form.setValue('vin', vin, { shouldValidate: Boolean(vin) });
                  form.setValue('model', next.machine.model);
                }
              }}
            />
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
              <TextField
                label="VIN"
                {...form.register('vin')}
                error={Boolean(errors.vin)}
                helperText={fieldMessage(errors.vin)}
                slotProps={{
                  htmlInput: { maxLength: 17, style: { textTransform: 'uppercase' } },
                  // A machine chosen above fills the field from code: the label must make room (decision 208).
                  ...(form.watch('vin') ? { inputLabel: { shrink: true } } : {}),
                }}
              />
              <TextField
                label={option('model')?.name}
                {...form.register('model')}
                slotProps={form.watch('model') ? { inputLabel: { shrink: true } } : {}}
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
            {refusals.length > 0 && (
              <Alert severity="warning" data-testid="checkout-refusals">
                <AlertTitle>{t('thresholdsTitle')}</AlertTitle>
                {refusals.map((r) => (
                  <Box key={r}>{r}</Box>
                ))}
              </Alert>
            )}
            {preview.isError && <ErrorState error={preview.error} onRetry={() => void preview.refetch()} />}
            {/* On a phone the total stands right above the button that places the order. */}
            <Box sx={{ display: { md: 'none' }, opacity: current ? 1 : 0.5 }}>
              <CheckoutTotal preview={preview.data} testId="checkout-total-phone" />
            </Box>
            <Box>
              <Button
                type="submit"
                variant="contained"
                size="large"
                disabled={isSubmitting || companies.length === 0 || !orderable}
              >
                {isSubmitting ? t('placing') : t('place')}
              </Button>
            </Box>
          </Box>
        </Paper>
        <Paper sx={{ p: 2, order: { xs: -1, md: 0 }, position: { md: 'sticky' }, top: { md: 80 } }}>
          <CheckoutSummary
            title={active.name}
            preview={preview.data}
            updating={preview.isFetching || (Boolean(preview.data) && !current)}
          />
          <ShortLinesWarning basket={active.id} shorts={shortLines.data?.items ?? []} />
        </Paper>
      </Box>
    </>
  );
}
