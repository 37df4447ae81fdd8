import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { ErrorState, Loading } from '../../components/States';
import { useCurrentUser } from '../../lib/current-user';
import { notifySuccess } from '../../lib/notify';
import { pricingQuery, useUpdatePricing } from './api';

/** /user/{id}/pricing: a user chooses their payment method; an administrator also sets the price type. */
export default function PricingPage() {
  const { t } = useTranslation('catalog');
  const id = Number(useParams().id);
  const pricing = useQuery(pricingQuery(id));
  const update = useUpdatePricing();
  const me = useCurrentUser().data;
  const [priceType, setPriceType] = useState('');
  const [paySystem, setPaySystem] = useState('');
  useEffect(() => {
    if (!pricing.data) return;
    setPriceType(pricing.data.priceTypeId ? String(pricing.data.priceTypeId) : '');
    setPaySystem(pricing.data.paySystemId ? String(pricing.data.paySystemId) : '');
  }, [pricing.data]);
  if (pricing.isError) return <ErrorState error={pricing.error} onRetry={() => void pricing.refetch()} />;
  if (!pricing.data) return <Loading />;
  const d = pricing.data;
  return (
    <>
      <PageHeader title={t('pricing.title')} crumbs={[{ label: d.fullName, to: `/user/${d.userId}/` }]} />
      <Paper variant="outlined" sx={{ p: 3, maxWidth: 560 }}>
        {/* Staff setting a dealer's prices read about that dealer, not «your price» (decision 194). */}
        <Typography sx={{ mb: 2, color: 'text.secondary' }} data-testid="pricing-text">
          {t(me && me.id !== d.userId ? 'pricing.textStaff' : 'pricing.text')}
        </Typography>
        <Box
          component="form"
          sx={{ display: 'grid', gap: 2 }}
          onSubmit={(e) => {
            e.preventDefault();
            update.mutate(
              {
                id: d.userId,
                paySystemId: paySystem ? Number(paySystem) : null,
                ...(d.canChangePriceType ? { priceTypeId: priceType ? Number(priceType) : null } : {}),
              },
              { onSuccess: () => notifySuccess(t('pricing.saved')) },
            );
          }}
        >
          <TextField
            select
            label={t('pricing.priceType')}
            value={priceType}
            onChange={(e) => setPriceType(e.target.value)}
            disabled={!d.canChangePriceType}
            helperText={d.canChangePriceType ? undefined : t('pricing.priceTypeAdminOnly')}
          >
            <MenuItem value="">{t('pricing.default')}</MenuItem>
            {d.priceTypes.map((p) => (
              <MenuItem key={p.id} value={String(p.id)}>
                {p.name}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            label={t('payment.method')}
            value={paySystem}
            onChange={(e) => setPaySystem(e.target.value)}
          >
            <MenuItem value="">{t('pricing.none')}</MenuItem>
            {d.paySystems.map((p) => (
              <MenuItem key={p.id} value={String(p.id)}>
                {p.name}
              </MenuItem>
            ))}
          </TextField>
          <Button type="submit" variant="contained" disabled={update.isPending} sx={{ justifySelf: 'start' }}>
            {t('common:save')}
          </Button>
        </Box>
      </Paper>
    </>
  );
}
