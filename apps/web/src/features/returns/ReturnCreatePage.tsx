import { zodResolver } from '@hookform/resolvers/zod';
import { returnFields, type PortalFile, type ReturnFields } from '@portal/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useNavigate, useParams } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { ErrorState, Loading } from '../../components/States';
import { applyServerErrors, fieldMessage } from '../../lib/forms';
import { notifyError, notifySuccess } from '../../lib/notify';
import { rest } from '../../lib/rest';
import { returnFieldsQuery, returnsKeys } from './api';
import { IconClose, PhotoPicker } from './components';

/**
 * /order/{id}/returns/{product?}/: the return dialog prefilled with the order and product. It stands over a
 * short summary of the order here; the order detail screen may render it over itself instead.
 */
export default function ReturnCreatePage() {
  const { t } = useTranslation('returns');
  const params = useParams();
  const orderId = Number(params.id);
  const productParam = params.product ? Number(params.product) : undefined;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const phone = useMediaQuery('(max-width:600px)');
  const fields = useQuery(returnFieldsQuery(orderId));
  const [photos, setPhotos] = useState<PortalFile[]>([]);
  const [error, setError] = useState('');
  const form = useForm<z.input<typeof returnFields>, unknown, ReturnFields>({
    resolver: zodResolver(returnFields),
    values: {
      order: orderId,
      product: productParam ?? fields.data?.products.find((p) => p.available > 0 && p.productId)?.productId ?? 0,
      quantity: 1,
      packageNumber: '',
      productDeliveryDate: null,
      reason: '',
      comment: '',
    },
    resetOptions: { keepDirtyValues: true },
  });
  const close = () => void navigate('/returns/');
  const order = fields.data?.orders.find((o) => o.id === orderId);
  const selected = fields.data?.products.find((p) => p.productId === form.watch('product'));

  const submit = async (values: ReturnFields) => {
    setError('');
    try {
      const created = await rest('application-good-return/create', {
        fields: { ...values, photos: photos.map((p) => p.id) },
      });
      await queryClient.invalidateQueries({ queryKey: returnsKeys.all });
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
    <Box>
      <PageHeader
        title={order?.title ?? t('orderTitle', { id: orderId })}
        crumbs={[{ label: t('title'), to: '/returns/' }]}
      />
      <Dialog open onClose={close} fullWidth maxWidth="sm" fullScreen={phone} aria-labelledby="return-create-title">
        <DialogTitle id="return-create-title">{t('form.title')}</DialogTitle>
        <IconClose onClick={close} label={t('common:close')} />
        {fields.isPending ? (
          <Loading />
        ) : fields.isError ? (
          <DialogContent>
            <ErrorState error={fields.error} onRetry={() => void fields.refetch()} />
          </DialogContent>
        ) : (
          <Box component="form" noValidate onSubmit={form.handleSubmit(submit)}>
            <DialogContent dividers sx={{ display: 'grid', gap: 2 }}>
              {error && <Alert severity="error">{error}</Alert>}
              <TextField label={t('field.order')} value={order?.title ?? t('orderTitle', { id: orderId })} disabled />
              <Controller
                control={form.control}
                name="product"
                render={({ field, fieldState }) => (
                  <TextField
                    select
                    label={t('field.product')}
                    value={field.value || ''}
                    onChange={(e) => field.onChange(Number(e.target.value))}
                    error={Boolean(fieldState.error)}
                    helperText={
                      fieldMessage(fieldState.error) ??
                      (selected
                        ? t('form.available', { count: selected.available, delivered: selected.delivered })
                        : '')
                    }
                  >
                    {fields.data.products.map((p) => (
                      <MenuItem
                        key={p.orderItemId}
                        value={p.productId ?? ''}
                        disabled={!p.productId || p.available < 1}
                      >
                        {p.article ? `${p.article} — ${p.name}` : p.name}
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
    </Box>
  );
}
