import Add from '@mui/icons-material/Add';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { EmptyState, ErrorState, Loading } from '../../components/States';
import { useActiveBasket } from '../../lib/active-basket';
import { formatDate, money, num } from '../../lib/format';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useCreateBasket, useDeleteBasket } from './api';
import { Confirm } from './components/Confirm';

/** 'Корзины': every basket of the dealer; one is active. */
export default function BasketListPage() {
  const { t } = useTranslation('baskets');
  const { list, baskets, active, setActive } = useActiveBasket();
  const createBasket = useCreateBasket();
  const deleteBasket = useDeleteBasket();
  const [toDelete, setToDelete] = useState<number | null>(null);

  const create = async () => {
    try {
      const b = await createBasket.mutateAsync();
      setActive(b.id);
    } catch (err) {
      notifyError(err);
    }
  };
  const remove = async (id: number) => {
    try {
      await deleteBasket.mutateAsync(id);
      if (active?.id === id) setActive(null);
      notifySuccess(t('deleted'));
    } catch (err) {
      notifyError(err);
    }
  };

  return (
    <>
      <PageHeader
        title={t('listTitle')}
        actions={
          <Button variant="contained" startIcon={<Add />} onClick={() => void create()}>
            {t('widget.create')}
          </Button>
        }
      />
      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : baskets.length === 0 ? (
        <Paper>
          <EmptyState title={t('emptyList')}>{t('emptyListHint')}</EmptyState>
        </Paper>
      ) : (
        <TableContainer component={Paper}>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{t('col.name')}</TableCell>
                <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{t('col.created')}</TableCell>
                <TableCell align="right" sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                  {t('col.lines')}
                </TableCell>
                <TableCell align="right">{t('col.sum')}</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {baskets.map((b) => (
                <TableRow key={b.id} hover selected={b.id === active?.id}>
                  <TableCell>
                    <Link component={RouterLink} to={`/basket/${b.id}/`}>
                      {b.name}
                    </Link>
                    {b.id === active?.id ? (
                      <Chip size="small" color="primary" label={t('active')} sx={{ ml: 1 }} />
                    ) : (
                      <Button size="small" onClick={() => setActive(b.id)} sx={{ ml: 1 }}>
                        {t('makeActive')}
                      </Button>
                    )}
                  </TableCell>
                  <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                    {formatDate(b.createdAt, true)}
                  </TableCell>
                  <TableCell align="right" sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                    {num(b.count)}
                  </TableCell>
                  {/* A sum never breaks inside its number on a phone («149 685,28 ₽» on one line). */}
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }} data-testid="basket-sum">
                    {b.totals.map((s) => money(s.value, s.currency)).join(' + ') || money(0)}
                  </TableCell>
                  <TableCell align="right">
                    <IconButton aria-label={t('deleteBasket')} onClick={() => setToDelete(b.id)}>
                      <DeleteOutlined />
                    </IconButton>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <Confirm
        open={toDelete !== null}
        title={t('deleteBasket')}
        text={t('deleteBasketText')}
        onConfirm={() => toDelete !== null && void remove(toDelete)}
        onClose={() => setToDelete(null)}
      />
    </>
  );
}
