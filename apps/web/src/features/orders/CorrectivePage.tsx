import { zodResolver } from '@hookform/resolvers/zod';
import { correctiveCount } from '@portal/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { z } from 'zod';
import { PageHeader } from '../../components/PageHeader';
import { EmptyState, ErrorState, Loading } from '../../components/States';
import { fieldMessage } from '../../lib/forms';
import { notifySuccess } from '../../lib/notify';
import { rest } from '../../lib/rest';

/**
 * Correcting an order (spec §5): the form is built from basket-item/list filtered by the order; each
 * product has a number field named after it, not empty, digits only; 0 marks it for deletion.
 */
export default function CorrectivePage() {
  const { t } = useTranslation('orders');
  const id = Number(useParams().id);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [error, setError] = useState('');
  const items = useQuery({
    queryKey: ['order', 'items', id],
    queryFn: () => rest('basket-item/list', { size: -1, filter: { order: id } }),
  });
  const lines = useMemo(() => items.data?.items ?? [], [items.data]);
  const schema = useMemo(() => z.object(Object.fromEntries(lines.map((l) => [`p${l.id}`, correctiveCount]))), [lines]);
  const form = useForm<Record<string, string>>({ resolver: zodResolver(schema) });
  useEffect(() => {
    form.reset(Object.fromEntries(lines.map((l) => [`p${l.id}`, String(l.amount)])));
  }, [lines, form]);
  const { errors, isSubmitting } = form.formState;

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
      await rest('corrective-order/create', { id, products });
      await queryClient.invalidateQueries({ queryKey: ['order'] });
      notifySuccess(t('corrected'));
      await navigate(`/order/${id}/`);
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    }
  };

  if (items.isPending) return <Loading />;
  if (items.isError) return <ErrorState error={items.error} />;
  return (
    <>
      <PageHeader
        title={t('correctTitle', { id })}
        crumbs={[
          { label: t('title'), to: '/order/' },
          { label: t('orderShort', { id }), to: `/order/${id}/` },
        ]}
      />
      {lines.length === 0 ? (
        <Paper>
          <EmptyState title={t('nothingToCorrect')} />
        </Paper>
      ) : (
        <Paper component="form" noValidate onSubmit={(e) => void form.handleSubmit(submit)(e)}>
          <Alert severity="info" sx={{ m: 2 }}>
            {t('correctHint')}
          </Alert>
          <TableContainer>
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell>{t('col.article')}</TableCell>
                  <TableCell>{t('col.product')}</TableCell>
                  <TableCell align="right">{t('col.ordered')}</TableCell>
                  <TableCell>{t('col.newQuantity')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {lines.map((l) => (
                  <TableRow key={l.id}>
                    <TableCell>{l.article}</TableCell>
                    <TableCell>{l.productName}</TableCell>
                    <TableCell align="right">{l.amount}</TableCell>
                    <TableCell>
                      <TextField
                        size="small"
                        {...form.register(`p${l.id}`)}
                        error={Boolean(errors[`p${l.id}`])}
                        helperText={fieldMessage(errors[`p${l.id}`])}
                        slotProps={{
                          htmlInput: { inputMode: 'numeric', 'aria-label': t('newQuantityOf', { name: l.article }) },
                        }}
                        sx={{ width: 120 }}
                      />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          <Box sx={{ p: 2, display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
            <Button type="submit" variant="contained" disabled={isSubmitting}>
              {t('sendCorrection')}
            </Button>
            <Button onClick={() => void navigate(`/order/${id}/`)}>{t('common:cancel')}</Button>
            {error && <Alert severity="error">{error}</Alert>}
          </Box>
        </Paper>
      )}
    </>
  );
}
