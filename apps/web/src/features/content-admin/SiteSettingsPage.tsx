import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { siteSettingsInput, type SiteSettingsAdmin, type SiteSettingsInput } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { Controller, useFieldArray, useForm, type FieldError, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/PageHeader';
import { ErrorState, Loading } from '../../components/States';
import { fieldMessage } from '../../lib/forms';
import { notifySuccess, useToastsAbove } from '../../lib/notify';
import { RestError } from '../../lib/rest';
import { siteSettingsQuery, useSaveSiteSettings } from './api';
import { useSlots } from '../../lib/slots';
import { ImageField } from './ImageField';
import { SectionsField } from './SectionsField';

type Values = SiteSettingsInput;

function toValues(view: SiteSettingsAdmin): Values {
  const s = view.settings;
  return {
    siteName: s.siteName,
    logo: s.logo,
    email: s.email,
    feedbackEmail: s.feedbackEmail,
    copyright: s.copyright,
    basketLinkTemplate: s.basketLinkTemplate,
    supplier: {
      ...s.supplier,
      signers: s.supplier.signers.map(({ position, name, signature }) => ({ position, name, signature })),
    },
    thresholds: {
      ...s.thresholds,
      teaSections: s.thresholds.teaSections ?? [],
      coffeeSections: s.thresholds.coffeeSections ?? [],
    },
    returnDays: s.returnDays,
    orderTidingsMinutes: s.orderTidingsMinutes,
    employeeDiscountLimitPercent: s.employeeDiscountLimitPercent,
    creditRule: s.creditRule,
    staffEmail: view.staffEmail,
    paySystems: view.paySystems.map(({ id, name, description, active }) => ({ id, name, description, active })),
    priceTypes: view.priceTypes.map(({ id, name }) => ({ id, name })),
    priceMappings: view.priceMappings.map(({ id, priceTypeId, paySystemId }) => ({ id, priceTypeId, paySystemId })),
    exchange: { login: view.exchange.source === 'settings' ? view.exchange.login : '', password: '' },
  };
}

const SUPPLIER_FIELDS = [
  'name',
  'inn',
  'kpp',
  'ogrn',
  'address',
  'phone',
  'email',
  'bank',
  'bik',
  'account',
  'corrAccount',
] as const;
const THRESHOLD_NUMBERS = [
  'priceTypeChangeMin',
  'priceTypeChangeMinTea',
  'priceTypeChangeMinCoffee',
  'teaMinQuantity',
  'coffeeMinQuantity',
] as const;
const WIDE = { gridColumn: { sm: '1 / -1' } } as const;

function Section({ title, children, hint, id }: { title: string; children: ReactNode; hint?: string; id?: string }) {
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label={title}
      id={id}
      sx={{ p: { xs: 2, sm: 3 }, mb: 2, scrollMarginTop: 80 }}
    >
      <Typography variant="h3" component="h2" sx={{ mb: hint ? 0.5 : 2 }}>
        {title}
      </Typography>
      {hint && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {hint}
        </Typography>
      )}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>{children}</Box>
    </Paper>
  );
}

/** `/admin/settings/`: the site settings (decision 120); every dealer's next page load reads them. */
export default function SiteSettingsPage() {
  const { t } = useTranslation('contentAdmin');
  const saveSettings = useSaveSiteSettings();
  const view = useQuery(siteSettingsQuery);
  const blocks = useSlots().siteSettingsBlocks ?? [];
  const form = useForm<Values>({ resolver: zodResolver(siteSettingsInput) as never });
  const [error, setError] = useState('');
  const saveBar = useToastsAbove();
  useEffect(() => {
    if (view.data) form.reset(toValues(view.data));
  }, [view.data, form]);
  // A link to a section (the 1C exchange's «Изменить в настройках сайта» → #price-mappings) opens at it.
  const loaded = Boolean(view.data);
  useEffect(() => {
    const hash = window.location.hash.slice(1);
    if (loaded && hash) document.getElementById(hash)?.scrollIntoView();
  }, [loaded]);
  const signers = useFieldArray({ control: form.control, name: 'supplier.signers' });
  const { errors, isSubmitting } = form.formState;
  const err = (path: string): FieldError | undefined => {
    let node: unknown = errors;
    for (const part of path.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
    return node as FieldError | undefined;
  };
  const text = (
    path: Path<Values>,
    label: string,
    extra: { multiline?: boolean; wide?: boolean; type?: string; helper?: string } = {},
  ) => (
    <TextField
      key={path}
      label={label}
      {...form.register(path)}
      type={extra.type ?? 'text'}
      multiline={extra.multiline}
      error={Boolean(err(path))}
      helperText={fieldMessage(err(path)) ?? extra.helper}
      sx={extra.wide ? WIDE : undefined}
      slotProps={{ inputLabel: { shrink: true } }}
    />
  );

  const submit = async (values: Values) => {
    setError('');
    try {
      const saved = await saveSettings.mutateAsync(values);
      form.reset(toValues(saved));
      notifySuccess(t('settings.saved'));
    } catch (e) {
      let applied = false;
      if (e instanceof RestError) {
        for (const [name, message] of Object.entries(e.fields)) {
          form.setError(name as Path<Values>, { type: 'server', message });
          applied = true;
        }
      }
      setError(applied ? t('settings.checkFields') : e instanceof Error ? e.message : String(e));
    }
  };

  if (view.isPending) return <Loading />;
  if (view.isError) return <ErrorState error={view.error} onRetry={() => void view.refetch()} />;
  const data = view.data;
  const exchangeSource = data.exchange.source;

  return (
    <>
      <PageHeader title={t('settings.title')} />
      <Box
        component="form"
        noValidate
        onSubmit={(e) => void form.handleSubmit(submit, () => setError(t('settings.checkFields')))(e)}
        sx={{ maxWidth: 1000 }}
      >
        <Section title={t('settings.site')} hint={t('settings.siteHint')}>
          {text('siteName', t('settings.siteName'), { wide: true })}
          <Controller
            control={form.control}
            name="logo"
            render={({ field }) => (
              <ImageField
                label={t('settings.logo')}
                value={field.value}
                onChange={field.onChange}
                error={fieldMessage(err('logo'))}
                sx={WIDE}
              />
            )}
          />
          {text('email', t('settings.email'), { type: 'email' })}
          {text('feedbackEmail', t('settings.feedbackEmail'), { type: 'email' })}
          {text('basketLinkTemplate', t('settings.basketLinkTemplate'), { helper: t('settings.basketLinkHint') })}
          {text('copyright', t('settings.copyright'), { wide: true })}
        </Section>

        <Section title={t('settings.supplier')} hint={t('settings.supplierHint')}>
          {SUPPLIER_FIELDS.map((f) =>
            text(`supplier.${f}`, t(`settings.supplierField.${f}`), {
              wide: f === 'name' || f === 'address' || f === 'bank',
              type: f === 'phone' ? 'tel' : f === 'email' ? 'email' : 'text',
            }),
          )}
          <TextField
            label={t('settings.supplierField.vatRate')}
            type="number"
            {...form.register('supplier.vatRate', { valueAsNumber: true })}
            error={Boolean(err('supplier.vatRate'))}
            helperText={fieldMessage(err('supplier.vatRate')) ?? t('settings.vatHint')}
            slotProps={{ htmlInput: { min: 0, max: 100, step: 1 }, inputLabel: { shrink: true } }}
          />
          <Controller
            control={form.control}
            name="supplier.stamp"
            render={({ field }) => (
              <ImageField
                label={t('settings.supplierField.stamp')}
                value={field.value}
                onChange={field.onChange}
                error={fieldMessage(err('supplier.stamp'))}
                helper={t('settings.stampHint')}
              />
            )}
          />
          {signers.fields.map((s, i) => (
            <Box
              key={s.id}
              sx={{ ...WIDE, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr auto' } }}
            >
              {text(`supplier.signers.${i}.position`, t('settings.signerPosition', { n: i + 1 }))}
              {text(`supplier.signers.${i}.name`, t('settings.signerName'))}
              <Button
                color="error"
                onClick={() => signers.remove(i)}
                aria-label={t('settings.signerRemove', { n: i + 1 })}
              >
                {t('common:delete')}
              </Button>
            </Box>
          ))}
          {signers.fields.length < 4 && (
            <Box sx={WIDE}>
              <Button onClick={() => signers.append({ position: '', name: '', signature: '' })}>
                {t('settings.signerAdd')}
              </Button>
            </Box>
          )}
        </Section>

        <Section title={t('settings.thresholds')} hint={t('settings.thresholdsHint')}>
          {THRESHOLD_NUMBERS.map((f) => (
            <TextField
              key={f}
              label={t(`settings.threshold.${f}`)}
              type="number"
              {...form.register(`thresholds.${f}`, { valueAsNumber: true })}
              error={Boolean(err(`thresholds.${f}`))}
              helperText={fieldMessage(err(`thresholds.${f}`))}
              slotProps={{ htmlInput: { min: 0, step: 1 }, inputLabel: { shrink: true } }}
            />
          ))}
          <TextField
            label={t('settings.returnDays')}
            type="number"
            {...form.register('returnDays', { valueAsNumber: true })}
            error={Boolean(err('returnDays'))}
            helperText={fieldMessage(err('returnDays')) ?? t('settings.returnDaysHint')}
            slotProps={{ htmlInput: { min: 0, step: 1 }, inputLabel: { shrink: true } }}
          />
          <TextField
            label={t('settings.orderTidingsMinutes')}
            type="number"
            {...form.register('orderTidingsMinutes', { valueAsNumber: true })}
            error={Boolean(err('orderTidingsMinutes'))}
            helperText={fieldMessage(err('orderTidingsMinutes')) ?? t('settings.orderTidingsMinutesHint')}
            slotProps={{ htmlInput: { min: 0, max: 120, step: 1 }, inputLabel: { shrink: true } }}
          />
          <TextField
            label={t('settings.staffEmail')}
            type="email"
            {...form.register('staffEmail')}
            error={Boolean(err('staffEmail'))}
            helperText={fieldMessage(err('staffEmail')) ?? t('settings.staffEmailHint')}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            label={t('settings.employeeDiscountLimitPercent')}
            type="number"
            {...form.register('employeeDiscountLimitPercent', { valueAsNumber: true })}
            error={Boolean(err('employeeDiscountLimitPercent'))}
            helperText={
              fieldMessage(err('employeeDiscountLimitPercent')) ?? t('settings.employeeDiscountLimitPercentHint')
            }
            slotProps={{ htmlInput: { min: 0, max: 100, step: 0.5 }, inputLabel: { shrink: true } }}
          />
          <Controller
            control={form.control}
            name="creditRule"
            render={({ field }) => (
              <TextField
                select
                label={t('settings.creditRule')}
                value={field.value ?? 'off'}
                onChange={(e) => field.onChange(e.target.value)}
                onBlur={field.onBlur}
                helperText={t('settings.creditRuleHint')}
                data-testid="settings-credit-rule"
              >
                {(['off', 'warn', 'block'] as const).map((r) => (
                  <MenuItem key={r} value={r}>
                    {t(`settings.creditRules.${r}`)}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
          {(['roundUpCatalog', 'roundUpBasket'] as const).map((f) => (
            <Controller
              key={f}
              control={form.control}
              name={`thresholds.${f}`}
              render={({ field }) => (
                <FormControlLabel
                  control={
                    <Checkbox checked={Boolean(field.value)} onChange={(e) => field.onChange(e.target.checked)} />
                  }
                  label={t(`settings.threshold.${f}`)}
                />
              )}
            />
          ))}
          {(['teaSections', 'coffeeSections'] as const).map((f) => (
            <Controller
              key={f}
              control={form.control}
              name={`thresholds.${f}`}
              render={({ field }) => (
                <SectionsField
                  label={t(`settings.threshold.${f}`)}
                  value={(field.value as number[] | undefined) ?? []}
                  onChange={field.onChange}
                  error={fieldMessage(err(`thresholds.${f}`))}
                />
              )}
            />
          ))}
        </Section>

        <Section title={t('settings.payments')} hint={t('settings.paymentsHint')}>
          {data.paySystems.map((p, i) => (
            <Box
              key={p.id}
              sx={{
                ...WIDE,
                display: 'grid',
                gap: 2,
                gridTemplateColumns: { xs: '1fr', sm: '2fr 3fr auto' },
                alignItems: 'start',
              }}
            >
              {text(`paySystems.${i}.name`, t('settings.payName', { code: p.code }))}
              {text(`paySystems.${i}.description`, t('settings.payDescription'))}
              <Controller
                control={form.control}
                name={`paySystems.${i}.active`}
                render={({ field }) => (
                  <FormControlLabel
                    control={
                      <Checkbox checked={Boolean(field.value)} onChange={(e) => field.onChange(e.target.checked)} />
                    }
                    label={t('settings.payActive')}
                  />
                )}
              />
            </Box>
          ))}
          {data.priceTypes.map((p, i) => text(`priceTypes.${i}.name`, t('settings.priceTypeName', { code: p.code })))}
        </Section>

        <Section id="price-mappings" title={t('settings.mappings')} hint={t('settings.mappingsHint')}>
          {data.priceMappings.length === 0 ? (
            <Typography color="text.secondary" sx={WIDE}>
              {t('settings.mappingsEmpty')}
            </Typography>
          ) : (
            data.priceMappings.map((m, i) => (
              <Box
                key={m.id}
                data-testid="settings-price-mapping"
                sx={{
                  ...WIDE,
                  display: 'grid',
                  gap: 2,
                  gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr 1fr' },
                  alignItems: 'center',
                }}
              >
                {/* The 1C name first; its Ид small, for telling apart two of one name (decision 197). */}
                <Box sx={{ minWidth: 0 }}>
                  <Typography sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
                    {m.externalName || m.externalId}
                  </Typography>
                  {m.externalName && (
                    <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                      {t('settings.mappingExternalId', { id: m.externalId })}
                    </Typography>
                  )}
                </Box>
                <Controller
                  control={form.control}
                  name={`priceMappings.${i}.priceTypeId`}
                  render={({ field }) => (
                    <TextField
                      select
                      label={t('settings.mappingPriceType')}
                      value={field.value ?? ''}
                      onChange={(e) => field.onChange(e.target.value === '' ? null : Number(e.target.value))}
                    >
                      <MenuItem value="">{t('settings.mappingUnused')}</MenuItem>
                      {data.priceTypes.map((p) => (
                        <MenuItem key={p.id} value={p.id}>
                          {p.name}
                        </MenuItem>
                      ))}
                    </TextField>
                  )}
                />
                <Controller
                  control={form.control}
                  name={`priceMappings.${i}.paySystemId`}
                  render={({ field }) => (
                    <TextField
                      select
                      label={t('settings.mappingPay')}
                      value={field.value ?? ''}
                      onChange={(e) => field.onChange(e.target.value === '' ? null : Number(e.target.value))}
                    >
                      <MenuItem value="">{t('settings.mappingEveryPay')}</MenuItem>
                      {data.paySystems.map((p) => (
                        <MenuItem key={p.id} value={p.id}>
                          {p.name}
                        </MenuItem>
                      ))}
                    </TextField>
                  )}
                />
              </Box>
            ))
          )}
        </Section>

        <Section
          title={t('settings.exchange')}
          hint={
            exchangeSource === 'environment'
              ? t('settings.exchangeEnv', { login: data.exchange.login })
              : exchangeSource === 'settings'
                ? t('settings.exchangeSet')
                : t('settings.exchangeNone')
          }
        >
          {text('exchange.login', t('settings.exchangeLogin'))}
          <TextField
            label={t('settings.exchangePassword')}
            type="password"
            autoComplete="new-password"
            {...form.register('exchange.password')}
            error={Boolean(err('exchange.password'))}
            helperText={
              fieldMessage(err('exchange.password')) ??
              (exchangeSource === 'settings' ? t('settings.exchangePasswordKeep') : undefined)
            }
            slotProps={{ inputLabel: { shrink: true } }}
          />
        </Section>

        {error && (
          <Alert severity="error" sx={{ mb: 2 }} role="alert">
            {error}
          </Alert>
        )}
        <Box
          ref={saveBar}
          sx={{ display: 'flex', gap: 2, position: 'sticky', bottom: 0, py: 2, bgcolor: 'background.default' }}
        >
          <Button type="submit" variant="contained" disabled={isSubmitting}>
            {t('common:save')}
          </Button>
          <Button disabled={isSubmitting || !form.formState.isDirty} onClick={() => form.reset(toValues(data))}>
            {t('settings.reset')}
          </Button>
        </Box>
      </Box>
      {blocks.map(({ id, Component }) => (
        <Component key={id} />
      ))}
    </>
  );
}
