import { DATA_TABLE_ROW_OPTIONS } from '@portal/contract';
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
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import TextField from '@mui/material/TextField';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { EmptyState, ErrorState, Loading } from '../../components/States';
import { formatDate, money, num } from '../../lib/format';
import { rest } from '../../lib/rest';
import { orderKeys, statusesQuery } from './api';
import { OrderFlags, StatusChip } from './components/OrderFlags';
import { orderListQuery, type OrderSortKey } from './list-query';

const FILTER_KEYS = ['status', 'dateFrom', 'dateTo', 'company', 'number', 'article'] as const;
const hide = { display: { xs: 'none', md: 'table-cell' } };
// On a phone the date goes under the number and the status under the sum, so the sum column fits (issue 11,
// point 16).
const wideOnly = { display: { xs: 'none', sm: 'table-cell' } };
const phoneOnly = { display: { xs: 'flex', sm: 'none' } };

/** Dates typed as ДД.ММ.ГГГГ on screen travel as ГГГГ-ММ-ДД in the address and the filter. */
const toIso = (v: string) => {
  const m = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(v.trim());
  return m ? `${m[3]}-${m[2]!.padStart(2, '0')}-${m[1]!.padStart(2, '0')}` : v.trim();
};
const fromIso = (v: string | null) => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v ?? '');
  return m ? `${m[3]}.${m[2]}.${m[1]}` : (v ?? '');
};
const dateOk = (v: string | undefined) => !v || /^\d{4}-\d{2}-\d{2}$/.test(toIso(v));

/** 'Заказы': any query parameter other than sort, page and size is a filter (spec §4). */
export default function OrderListPage() {
  const { t } = useTranslation('orders');
  const [params, setParams] = useSearchParams();
  const { page, size, filter, sort } = orderListQuery(params);
  const [draft, setDraft] = useState<Record<string, string>>(() =>
    Object.fromEntries(
      FILTER_KEYS.map((k) => [k, k.startsWith('date') ? fromIso(params.get(k)) : (params.get(k) ?? '')]),
    ),
  );
  const statuses = useQuery(statusesQuery);
  const companies = useQuery({
    queryKey: orderKeys.counterparties(),
    queryFn: () => rest('counterparty/list', { size: -1 }),
  });
  const list = useQuery({
    queryKey: orderKeys.list({ page, size, filter, sort }),
    queryFn: () => rest('order/list', { page, size, filter: filter as never, sort: { [sort.key]: sort.dir } }),
    placeholderData: keepPreviousData,
  });
  const apply = (next: Record<string, string>) => {
    const p = new URLSearchParams();
    if (!dateOk(next.dateFrom) || !dateOk(next.dateTo)) return;
    for (const [k, v] of Object.entries(next)) if (v) p.set(k, k.startsWith('date') ? toIso(v) : v);
    if (size !== 10) p.set('size', String(size));
    if (params.has('sort')) p.set('sort', params.get('sort')!);
    setParams(p);
  };
  /** A column header that sorts the list by its key (a second click turns the direction). */
  const sortable = (key: OrderSortKey, label: string) => (
    <TableSortLabel
      active={sort.key === key}
      direction={sort.key === key ? (sort.dir === 'ASC' ? 'asc' : 'desc') : 'desc'}
      onClick={() =>
        setParams((current) => {
          const next = new URLSearchParams(current);
          next.set('sort', `${key}.${sort.key === key && sort.dir === 'DESC' ? 'ASC' : 'DESC'}`);
          next.delete('page');
          return next;
        })
      }
    >
      {label}
    </TableSortLabel>
  );

  return (
    <>
      <PageHeader title={t('title')} />
      <Paper sx={{ p: 2, mb: 2 }}>
        <Box
          component="form"
          onSubmit={(e) => {
            e.preventDefault();
            apply(draft);
          }}
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)', lg: 'repeat(7, auto)' },
            alignItems: 'center',
          }}
        >
          <TextField
            size="small"
            label={t('filter.number')}
            value={draft.number}
            onChange={(e) => setDraft({ ...draft, number: e.target.value.replace(/\D/g, '') })}
          />
          <TextField
            size="small"
            select
            label={t('filter.status')}
            value={draft.status}
            onChange={(e) => setDraft({ ...draft, status: e.target.value })}
            sx={{ minWidth: 140 }}
          >
            <MenuItem value="">{t('filter.any')}</MenuItem>
            {statuses.data?.items.map((s) => (
              <MenuItem key={s.id} value={String(s.id)}>
                {s.name}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            size="small"
            select
            label={t('filter.company')}
            value={draft.company}
            onChange={(e) => setDraft({ ...draft, company: e.target.value })}
            sx={{ minWidth: 160 }}
          >
            <MenuItem value="">{t('filter.any')}</MenuItem>
            {companies.data?.items.map((c) => (
              <MenuItem key={c.id} value={String(c.id)}>
                {c.name}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            size="small"
            label={t('filter.article')}
            value={draft.article}
            onChange={(e) => setDraft({ ...draft, article: e.target.value })}
          />
          <TextField
            size="small"
            label={t('filter.dateFrom')}
            placeholder={t('filter.datePlaceholder')}
            value={draft.dateFrom}
            onChange={(e) => setDraft({ ...draft, dateFrom: e.target.value })}
            error={!dateOk(draft.dateFrom)}
            slotProps={{ htmlInput: { inputMode: 'numeric' }, inputLabel: { shrink: true } }}
          />
          <TextField
            size="small"
            label={t('filter.dateTo')}
            placeholder={t('filter.datePlaceholder')}
            value={draft.dateTo}
            onChange={(e) => setDraft({ ...draft, dateTo: e.target.value })}
            error={!dateOk(draft.dateTo)}
            slotProps={{ htmlInput: { inputMode: 'numeric' }, inputLabel: { shrink: true } }}
          />
          <Box sx={{ display: 'flex', gap: 1 }}>
            <Button type="submit" variant="contained">
              {t('filter.apply')}
            </Button>
            <Button
              onClick={() => {
                const empty = Object.fromEntries(FILTER_KEYS.map((k) => [k, '']));
                setDraft(empty);
                apply(empty);
              }}
            >
              {t('filter.reset')}
            </Button>
          </Box>
        </Box>
      </Paper>
      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.count === 0 ? (
        <Paper>
          <EmptyState title={Object.keys(filter).length ? t('emptyFiltered') : t('empty')} />
        </Paper>
      ) : (
        <Paper>
          <TableContainer>
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell>{sortable('ID', t('col.number'))}</TableCell>
                  <TableCell sx={wideOnly}>{sortable('DATE_CREATE', t('col.date'))}</TableCell>
                  <TableCell sx={wideOnly}>{sortable('STATUS', t('col.status'))}</TableCell>
                  <TableCell sx={hide}>{t('col.company')}</TableCell>
                  <TableCell align="right" sx={hide}>
                    {t('col.lines')}
                  </TableCell>
                  <TableCell align="right">{sortable('PRICE', t('col.sum'))}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {list.data.items.map((o) => (
                  <TableRow key={o.id} hover data-testid="order-row">
                    <TableCell>
                      <Link component={RouterLink} to={`/order/${o.id}/`}>
                        № {o.id}
                      </Link>
                      <Box sx={{ ...phoneOnly, color: 'text.secondary', fontSize: 13 }}>{formatDate(o.dateCreate)}</Box>
                    </TableCell>
                    <TableCell sx={wideOnly}>{formatDate(o.dateCreate)}</TableCell>
                    <TableCell sx={wideOnly}>
                      <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
                        <StatusChip status={o.status} />
                        <OrderFlags order={o} />
                      </Box>
                    </TableCell>
                    <TableCell sx={hide}>{o.counterparty?.name}</TableCell>
                    <TableCell align="right" sx={hide}>
                      {num(o.lineCount)}
                    </TableCell>
                    <TableCell align="right" data-testid="order-sum">
                      <Box sx={{ whiteSpace: 'nowrap' }}>
                        {o.totals.map((s) => money(s.value, s.currency)).join(' + ') || money(0)}
                      </Box>
                      <Box sx={{ ...phoneOnly, gap: 0.5, flexWrap: 'wrap', justifyContent: 'flex-end', mt: 0.5 }}>
                        <StatusChip status={o.status} />
                        <OrderFlags order={o} />
                      </Box>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          <TablePagination
            component="div"
            count={list.data.count}
            page={size === -1 ? 0 : page - 1}
            rowsPerPage={size}
            rowsPerPageOptions={DATA_TABLE_ROW_OPTIONS.map((n) => (n === -1 ? { value: -1, label: t('all') } : n))}
            onPageChange={(_e, p) => {
              const next = new URLSearchParams(params);
              next.set('page', String(p + 1));
              setParams(next);
            }}
            onRowsPerPageChange={(e) => {
              const next = new URLSearchParams(params);
              next.set('size', e.target.value);
              next.delete('page');
              setParams(next);
            }}
          />
        </Paper>
      )}
    </>
  );
}
