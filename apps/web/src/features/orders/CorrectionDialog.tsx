import { zodResolver } from '@hookform/resolvers/zod';
import { correctiveCount } from '@portal/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { z } from 'zod';
import { EmptyState, ErrorState, Loading } from '../../components/States';
import { fieldMessage } from '../../lib/forms';
import { notifySuccess } from '../../lib/notify';
import { orderItemsQuery, orderQuery, useCorrectOrder } from './api';
import { num } from '../../lib/format';

/**
 * /order/{id}/corrective: the order detail with the correction dialog over it (docs/spec/02-screens.md). The form is built
 * from basket-item/list filtered by the order (docs/spec/07-calls.md); each product has a number field named after it,
 * not empty, digits only; 0 marks it for deletion (docs/spec/05-validation.md). An order that can no longer change (decision
 * 060) gets the reason instead of the form.
 */
export default function CorrectionDialog() {
  const { t } = useTranslation('orders');
  const id = Number(useParams().id);
  const navigate = useNavigate();
  const correct = useCorrectOrder();
  const phone = useMediaQuery('(max-width:600px)');
  const [error, setError] = useState('');
  const order = useQuery(orderQuery(id));
  const canCorrect = order.data?.canCorrect === true;
  const items = useQuery({
    ...orderItemsQuery(id),
    enabled: canCorrect,
  });
  const lines = useMemo(() => items.data?.items ?? [], [items.data]);
  const schema = useMemo(() => z.object(Object.fromEntries(lines.map((l) => [`p${l.id}`, correctiveCount]))), [lines]);
  const form = useForm<Record<string, string>>({ resolver: zodResolver(schema) });
  useEffect(() => {
    form.reset(Object.fromEntries(lines.map((l) => [`p${l.id}`, String(l.amount)])));
  }, [lines, form]);
  const { errors, isSubmitting } = form.formState;
  const close = () => void navigate(`/order/${id}/`);

  const submit = async (values: Record<string, string>) => {
    setError('');
    const products = lines
      .map((l) => ({ id: l.id, count: Number(values[`p${l.id}`]), before: l.amount }))
      .filter((p) => p.count !== p.before)
      .map((p) => ({ id: p.id, count: p.count, delete: p.count === 0 }));
    if (products.length === 0) {
      setError(t('noChanges'));
      return;
    }
    try {
      await correct.mutateAsync({ id, products });
      notifySuccess(t('corrected'));
      close();
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    }
  };

  let body: React.ReactNode;
  if (order.isPending || (canCorrect && items.isPending)) body = <Loading />;
  else if (order.isError) body = <ErrorState error={order.error} />;
  else if (!canCorrect) {
    body = (
      <Alert severity="info" data-testid="correction-refused">
        {order.data.correctionRefusal}
      </Alert>
    );
  } else if (items.isError) body = <ErrorState error={items.error} onRetry={() => void items.refetch()} />;
  else if (lines.length === 0) body = <EmptyState title={t('nothingToCorrect')} />;

  return (
    <Dialog open onClose={close} fullWidth maxWidth="md" fullScreen={phone} aria-labelledby="correction-title">
      <DialogTitle id="correction-title">{t('correctTitle', { id })}</DialogTitle>
      {body ? (
        <>
          <DialogContent dividers>{body}</DialogContent>
          <DialogActions>
            <Button onClick={close}>{t('common:close')}</Button>
          </DialogActions>
        </>
      ) : (
        <Box component="form" noValidate onSubmit={(e) => void form.handleSubmit(submit)(e)}>
          <DialogContent dividers sx={{ p: 0 }}>
            <Alert severity="info" sx={{ m: 2 }}>
              {t('correctHint')}
            </Alert>
            <TableContainer>
              <Table size="small" sx={{ '& .MuiTableCell-root': { px: { xs: 1, sm: 2 } } }}>
                <TableHead>
                  <TableRow>
                    <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{t('col.article')}</TableCell>
                    <TableCell>{t('col.product')}</TableCell>
                    <TableCell align="right">{t('col.ordered')}</TableCell>
                    <TableCell>{t('col.newQuantity')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {lines.map((l) => (
                    <TableRow key={l.id}>
                      <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' }, whiteSpace: 'nowrap' }}>
                        {l.article}
                      </TableCell>
                      <TableCell>
                        <Box component="span" sx={{ display: { sm: 'none' }, fontWeight: 600 }}>
                          {l.article}{' '}
                        </Box>
                        {l.productName}
                      </TableCell>
                      <TableCell align="right">{num(l.amount)}</TableCell>
                      <TableCell>
                        <TextField
                          size="small"
                          {...form.register(`p${l.id}`)}
                          error={Boolean(errors[`p${l.id}`])}
                          helperText={fieldMessage(errors[`p${l.id}`])}
                          slotProps={{
                            htmlInput: { inputMode: 'numeric', 'aria-label': t('newQuantityOf', { name: l.article }) },
                          }}
                          sx={{ width: { xs: 80, sm: 120 } }}
                        />
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
            {error && (
              <Alert severity="error" sx={{ m: 2 }}>
                {error}
              </Alert>
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={close}>{t('common:cancel')}</Button>
            <Button type="submit" variant="contained" disabled={isSubmitting}>
              {t('sendCorrection')}
            </Button>
          </DialogActions>
        </Box>
      )}
    </Dialog>
  );
}
