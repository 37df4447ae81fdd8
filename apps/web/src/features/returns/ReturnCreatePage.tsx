import { zodResolver } from '@hookform/resolvers/zod';
import { returnFields, type PortalFile, type ReturnFields } from '@portal/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useNavigate, useParams } from 'react-router';
import { ErrorState, Loading } from '../../components/States';
import { applyServerErrors, fieldMessage } from '../../lib/forms';
import { formatDate } from '../../lib/format';
import { notifyError, notifySuccess } from '../../lib/notify';
import { returnFieldsQuery, useCreateReturn } from './api';
import { IconClose, PhotoPicker } from './components';

/**
 * /order/{id}/returns/{product?}/: the return dialog over the order detail, prefilled with the order and
 * product (docs/spec/02-screens.md). Only shipped or completed orders within the return period take returns (decision 061):
 * otherwise the dialog says why; a line that cannot be returned is shown disabled with its reason.
 */
export default function ReturnCreatePage() {
  const { t } = useTranslation('returns');
  const params = useParams();
  const orderId = Number(params.id);
  const productParam = params.product ? Number(params.product) : undefined;
  const navigate = useNavigate();
  const createReturn = useCreateReturn();
  const phone = useMediaQuery('(max-width:600px)');
  const fields = useQuery(returnFieldsQuery(orderId));
  const returnable = fields.data?.products.filter((p) => p.productId && !p.refusal) ?? [];
  const [photos, setPhotos] = useState<PortalFile[]>([]);
  const [error, setError] = useState('');
  const form = useForm<z.input<typeof returnFields>, unknown, ReturnFields>({
    resolver: zodResolver(returnFields),
    values: {
      order: orderId,
      product: productParam ?? (returnable.length === 1 ? returnable[0]!.productId! : 0),
      quantity: 1,
      packageNumber: '',
      productDeliveryDate: null,
      reason: '',
      comment: '',
    },
    resetOptions: { keepDirtyValues: true },
  });
  const close = () => void navigate(`/order/${orderId}/`);
  const order = fields.data?.orders.find((o) => o.id === orderId);
  const selected = fields.data?.products.find((p) => p.productId === form.watch('product'));

  const submit = async (values: ReturnFields) => {
    setError('');
    try {
      const created = await createReturn.mutateAsync({
        fields: { ...values, photos: photos.map((p) => p.id) },
      });
      notifySuccess(t('created', { id: created.id }));
      await navigate(`/returns/${created.id}/`);
    } catch (err) {
      if (!applyServerErrors(err, form.setError, ['product', 'quantity', 'reason', 'productDeliveryDate'])) {
        setError(err instanceof Error ? err.message : String(err));
      }
      notifyError(err);
    }
  };

  return (
    <Dialog open onClose={close} fullWidth maxWidth="sm" fullScreen={phone} aria-labelledby="return-create-title">
      <DialogTitle id="return-create-title">{t('form.title')}</DialogTitle>
      <IconClose onClick={close} label={t('common:close')} />
      {fields.isPending ? (
        <Loading />
      ) : fields.isError ? (
        <DialogContent>
          <ErrorState error={fields.error} onRetry={() => void fields.refetch()} />
        </DialogContent>
      ) : fields.data.refusal ? (
        <>
          <DialogContent dividers>
            <Alert severity="warning" data-testid="return-refused">
              {fields.data.refusal}
            </Alert>
          </DialogContent>
          <DialogActions>
            <Button onClick={close}>{t('common:close')}</Button>
          </DialogActions>
        </>
      ) : (
        <Box component="form" noValidate onSubmit={form.handleSubmit(submit)}>
          <DialogContent dividers sx={{ display: 'grid', gap: 2 }}>
            {error && <Alert severity="error">{error}</Alert>}
            <TextField label={t('field.order')} value={order?.title ?? t('orderTitle', { id: orderId })} disabled />
            {fields.data.returnUntil && (
              <Typography variant="body2" color="text.secondary">
                {t('form.until', { date: formatDate(fields.data.returnUntil) })}
              </Typography>
            )}
            <Controller
              control={form.control}
              name="product"
              render={({ field, fieldState }) => (
                <TextField
                  select
                  required
                  label={t('field.product')}
                  value={field.value || ''}
                  slotProps={{
                    select: {
                      renderValue: (v) => {
                        const p = fields.data.products.find((x) => x.productId === Number(v));
                        return p ? (p.article ? `${p.article} — ${p.name}` : p.name) : '';
                      },
                    },
                  }}
                  onChange={(e) => field.onChange(Number(e.target.value))}
                  error={Boolean(fieldState.error)}
                  helperText={
                    fieldMessage(fieldState.error) ??
                    (selected
                      ? (selected.refusal ??
                        t('form.available', { count: selected.available, delivered: selected.delivered }))
                      : '')
                  }
                >
                  {fields.data.products.map((p) => (
                    <MenuItem
                      key={p.orderItemId}
                      value={p.productId ?? ''}
                      disabled={!p.productId || Boolean(p.refusal)}
                      sx={{ whiteSpace: 'normal' }}
                    >
                      <ListItemText
                        primary={p.article ? `${p.article} — ${p.name}` : p.name}
                        secondary={p.refusal ?? t('form.available', { count: p.available, delivered: p.delivered })}
                      />
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
            <TextField
              label={t('field.quantity')}
              type="number"
              slotProps={{ htmlInput: { min: 1, max: selected?.available ?? 10000 } }}
              {...form.register('quantity', { valueAsNumber: true })}
              error={Boolean(form.formState.errors.quantity)}
              helperText={fieldMessage(form.formState.errors.quantity)}
            />
            <TextField
              label={t('field.reason')}
              multiline
              minRows={2}
              required
              {...form.register('reason')}
              error={Boolean(form.formState.errors.reason)}
              helperText={fieldMessage(form.formState.errors.reason)}
            />
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
              <TextField
                label={t('field.packageNumber')}
                {...form.register('packageNumber')}
                error={Boolean(form.formState.errors.packageNumber)}
                helperText={fieldMessage(form.formState.errors.packageNumber)}
              />
              <TextField
                label={t('field.deliveryDate')}
                type="date"
                slotProps={{ inputLabel: { shrink: true } }}
                {...form.register('productDeliveryDate', { setValueAs: (v: string) => (v ? v : null) })}
                error={Boolean(form.formState.errors.productDeliveryDate)}
                helperText={fieldMessage(form.formState.errors.productDeliveryDate)}
              />
            </Box>
            <TextField label={t('field.comment')} multiline minRows={2} {...form.register('comment')} />
            <PhotoPicker value={photos} onChange={setPhotos} />
          </DialogContent>
          <DialogActions>
            <Button onClick={close}>{t('common:cancel')}</Button>
            <Button type="submit" variant="contained" disabled={form.formState.isSubmitting}>
              {t('form.submit')}
            </Button>
          </DialogActions>
        </Box>
      )}
    </Dialog>
  );
}
