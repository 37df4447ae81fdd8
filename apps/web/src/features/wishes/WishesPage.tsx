import type { WishStatus } from '@portal/contract';
import Add from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { ListState } from '../../components/States';
import { UrlPagination } from '../../components/UrlPagination';
import { useCurrentUser } from '../../lib/current-user';
import { formatDate } from '../../lib/format';
import { isStaff, wishListQuery } from './api';
import { WishStatusChip } from './WishStatusChip';

const STATUSES: WishStatus[] = ['SUCCESS', 'PROCESSING', 'ERROR'];

function num(v: string | null, fallback: number) {
  const n = Number(v);
  return Number.isInteger(n) && n >= 1 ? n : fallback;
}

/** 'Мои заявки по номерам деталей'. */
export default function WishesPage() {
  const { t } = useTranslation('wishes');
  const user = useCurrentUser().data;
  const [params, setParams] = useSearchParams();
  const page = num(params.get('page'), 1);
  const size = params.get('size') === '-1' ? -1 : num(params.get('size'), 60);
  const status = STATUSES.find((s) => s === params.get('status'));
  const list = useQuery(wishListQuery(page, size, status));
  const staff = isStaff(user);

  return (
    <Box>
      <PageHeader
        title={t('title')}
        actions={
          user?.permissions.wishes.create === 1 ? (
            <Button variant="contained" startIcon={<Add />} component={RouterLink} to="/wishes/create/">
              {t('create')}
            </Button>
          ) : undefined
        }
      />
      <Box sx={{ mb: 2 }}>
        <TextField
          select
          size="small"
          label={t('filter.status')}
          value={status ?? ''}
          onChange={(e) => {
            const next = new URLSearchParams(params);
            if (e.target.value) next.set('status', e.target.value);
            else next.delete('status');
            next.set('page', '1');
            setParams(next);
          }}
          sx={{ minWidth: 220 }}
        >
          <MenuItem value="">{t('filter.all')}</MenuItem>
          {STATUSES.map((s) => (
            <MenuItem key={s} value={s}>
              {t(`status.${s}`)}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      <ListState query={list} emptyTitle={t('empty.title')} emptyText={t('empty.text')}>
        {(data) => (
          <Paper>
            <TableContainer>
              <Table size="small" aria-label={t('title')}>
                <TableHead>
                  <TableRow>
                    <TableCell>{t('field.article')}</TableCell>
                    <TableCell align="right">{t('field.count')}</TableCell>
                    <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{t('field.model')}</TableCell>
                    <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{t('field.date')}</TableCell>
                    {staff && (
                      <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{t('field.dealer')}</TableCell>
                    )}
                    <TableCell>{t('field.status')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {data.items.map((w) => (
                    <TableRow key={w.id} hover data-testid="wish-row">
                      <TableCell>
                        <Link component={RouterLink} to={`/wishes/${w.id}/`}>
                          {w.article}
                        </Link>
                      </TableCell>
                      <TableCell align="right">{w.count}</TableCell>
                      <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{w.model}</TableCell>
                      <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                        {formatDate(w.dateCreate)}
                      </TableCell>
                      {staff && <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{w.userName}</TableCell>}
                      <TableCell>
                        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                          <WishStatusChip status={w.status} />
                          {w.productId && (
                            <Link component={RouterLink} to={`/product/${w.productId}`} variant="body2">
                              {t('toProduct')}
                            </Link>
                          )}
                        </Box>
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
            <UrlPagination count={data.count} />
          </Paper>
        )}
      </ListState>
    </Box>
  );
}
