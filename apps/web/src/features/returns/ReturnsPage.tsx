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
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, Outlet, useNavigate, useSearchParams } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { ListState } from '../../components/States';
import { UrlPagination } from '../../components/UrlPagination';
import { useCurrentUser } from '../../lib/current-user';
import { formatDate } from '../../lib/format';
import { canFileReturns, isStaff, returnFieldsQuery, returnListQuery } from './api';
import { StatusChip } from './components';

function pageParam(v: string | null, fallback: number) {
  const n = Number(v);
  return Number.isInteger(n) && n >= 1 ? n : fallback;
}

/** 'Возврат товара': the dealer's returns (every return for staff); dialogs open over it. */
export default function ReturnsPage() {
  const { t } = useTranslation('returns');
  const navigate = useNavigate();
  const user = useCurrentUser().data;
  const [params, setParams] = useSearchParams();
  const page = pageParam(params.get('page'), 1);
  const size = params.get('size') === '-1' ? -1 : pageParam(params.get('size'), 60);
  const status = params.get('status') ?? undefined;
  const list = useQuery(returnListQuery(page, size, status));
  const statuses = useQuery(returnFieldsQuery()).data?.statuses ?? [];
  const staff = isStaff(user);

  return (
    <Box>
      <PageHeader
        title={t('title')}
        actions={
          canFileReturns(user) ? (
            <Button variant="contained" startIcon={<Add />} component={RouterLink} to="/returns/orders/">
              {t('create')}
            </Button>
          ) : undefined
        }
      />
      <Box sx={{ mb: 2 }}>
        <TextField
          select
          size="small"
          label={t('field.status')}
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
          <MenuItem value="">{t('allStatuses')}</MenuItem>
          {statuses.map((s) => (
            <MenuItem key={s.code} value={s.code}>
              {s.name}
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
                    <TableCell>{t('field.number')}</TableCell>
                    <TableCell>{t('field.date')}</TableCell>
                    <TableCell>{t('field.product')}</TableCell>
                    <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{t('field.order')}</TableCell>
                    <TableCell align="right">{t('field.quantity')}</TableCell>
                    {staff && (
                      <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{t('field.dealer')}</TableCell>
                    )}
                    <TableCell>{t('field.status')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {data.items.map((r) => (
                    <TableRow
                      key={r.id}
                      hover
                      sx={{ cursor: 'pointer' }}
                      onClick={() => void navigate(`/returns/${r.id}/`)}
                    >
                      <TableCell>
                        <Link component={RouterLink} to={`/returns/${r.id}/`} onClick={(e) => e.stopPropagation()}>
                          {r.id}
                        </Link>
                      </TableCell>
                      <TableCell>{formatDate(r.dateCreate)}</TableCell>
                      <TableCell>
                        <Typography variant="body2">{r.product.name}</Typography>
                        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                          {r.product.article}
                        </Typography>
                      </TableCell>
                      <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{r.order.title}</TableCell>
                      <TableCell align="right">{r.quantity}</TableCell>
                      {staff && <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{r.user.name}</TableCell>}
                      <TableCell>
                        <StatusChip status={r.status} />
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
      <Outlet />
    </Box>
  );
}
