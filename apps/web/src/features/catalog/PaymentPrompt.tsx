import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { hasUiPermission } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../lib/current-user';
import { notifySuccess } from '../../lib/notify';
import { paymentsQuery, useUpdatePricing } from './api';

/**
 * docs/spec/01-product.md: a user without an active payment method is asked to choose one, so that prices and
 * availability follow it. Shown on the dashboard and above product lists; nothing when a method is set.
 * It is the price toolbar of docs/spec/06-roles.md: shown only with the `PriceToolbar` ui permission.
 */
export function PaymentPrompt({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation('catalog');
  const user = useCurrentUser().data;
  const allowed = hasUiPermission(user?.permissions, 'PriceToolbar');
  const payments = useQuery({ ...paymentsQuery, enabled: allowed });
  const update = useUpdatePricing();
  const [choice, setChoice] = useState('');
  if (!user || !allowed || !payments.data) return null;
  const active = payments.data.items.some((p) => p.isActive);
  if (active || payments.data.items.length === 0) return null;
  const save = () => {
    if (!choice) return;
    update.mutate({ id: user.id, paySystemId: Number(choice) }, { onSuccess: () => notifySuccess(t('payment.saved')) });
  };
  const form = (
    <Box
      component="form"
      onSubmit={(e) => {
        e.preventDefault();
        save();
      }}
      sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}
    >
      <TextField
        select
        size="small"
        label={t('payment.method')}
        value={choice}
        onChange={(e) => setChoice(e.target.value)}
        fullWidth={false}
        sx={{ minWidth: 240 }}
        required
      >
        {payments.data.items.map((p) => (
          <MenuItem key={p.id} value={String(p.id)}>
            {p.name}
          </MenuItem>
        ))}
      </TextField>
      <Button type="submit" variant="contained" disabled={!choice || update.isPending}>
        {t('payment.choose')}
      </Button>
    </Box>
  );
  if (compact) {
    return (
      <Alert severity="warning" data-testid="payment-prompt" sx={{ '& .MuiAlert-message': { width: '100%' } }}>
        <Typography sx={{ mb: 1 }}>{t('payment.prompt')}</Typography>
        {form}
      </Alert>
    );
  }
  return (
    <Paper variant="outlined" sx={{ p: 3, borderColor: 'warning.main' }} data-testid="payment-prompt">
      <Typography variant="h2" component="h2" sx={{ mb: 1 }}>
        {t('payment.title')}
      </Typography>
      <Typography sx={{ mb: 2, color: 'text.secondary' }}>{t('payment.prompt')}</Typography>
      {form}
    </Paper>
  );
}

/** The dashboard block (registered in app/slots.tsx). */
export default function PaymentPromptBlock() {
  return <PaymentPrompt />;
}
