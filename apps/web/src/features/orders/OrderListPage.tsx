import { DATA_TABLE_ROW_OPTIONS } from '@portal/contract';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import TextField from '@mui/material/TextField';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { DateRangeFilter } from '../../components/DateFilterField';
import { FilterBar } from '../../components/FilterBar';
import { dateTextOk, dateTextToIso, isoToDateText } from '../../lib/date-text';
import { PageHeader } from '../../components/PageHeader';
import { EmptyState, ErrorState, Loading } from '../../components/States';
import { ListPagination } from '../../components/ListPagination';
import { formatDate, money, num } from '../../lib/format';
import { counterpartiesQuery, orderListPageQuery } from './api';
import { OrderFlags, StatusChip } from './components/OrderFlags';
import { StatusSelect } from './components/StatusSelect';
import { orderListQuery, type OrderSortKey } from './list-query';

const FILTER_KEYS = ['status', 'dateFrom', 'dateTo', 'company', 'number', 'article', 'shipState', 'from1C'] as const;
type Draft = Record<(typeof FILTER_KEYS)[number], string>;
const hide = { display: { xs: 'none', md: 'table-cell' } };
// On a phone the date goes under the number and the status under the sum, so the sum column fits.
const wideOnly = { display: { xs: 'none', sm: 'table-cell' } };
const phoneOnly = { display: { xs: 'flex', sm: 'none' } };

/** 'Заказы': any query parameter other than sort, page and size is a filter (docs/spec/04-states.md). */
export default function OrderListPage() {
  const { t } = useTranslation('orders');
  const [params, setParams] = useSearchParams();
  const { page, size, filter, sort } = orderListQuery(params);
  const [draft, setDraft] = useState<Draft>(
    () =>
      Object.fromEntries(
        FILTER_KEYS.map((k) => [k, k.startsWith('date') ? isoToDateText(params.get(k)) : (params.get(k) ?? '')]),
      ) as Draft,
  );
  const companies = useQuery(counterpartiesQuery);
  const list = useQuery({
    ...orderListPageQuery({ page, size, filter, sort }),
    placeholderData: keepPreviousData,
  });
  const apply = (next: Draft) => {
    const p = new URLSearchParams();
    if (!dateTextOk(next.dateFrom) || !dateTextOk(next.dateTo)) return;
    for (const [k, v] of Object.entries(next)) if (v) p.set(k, k.startsWith('date') ? dateTextToIso(v) : v);
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
      <FilterBar
        keys={FILTER_KEYS}
        draft={draft}
        setDraft={setDraft}
        onApply={apply}
        applyLabel={t('filter.apply')}
        resetLabel={t('filter.reset')}
        // Four to a row up to a wide screen (the dates and buttons under them): in one row at 1280 px the dates
        // and the part-number field were too narrow for their text.
        columns={{
          xs: '1fr 1fr',
          md: 'repeat(4, 1fr)',
          xl: 'repeat(5, minmax(0, 1fr))',
        }}
        sx={{ alignItems: 'center' }}
      >
        <TextField
          size="small"
          label={t('filter.number')}
          value={draft.number}
          onChange={(e) => setDraft({ ...draft, number: e.target.value.replace(/\D/g, '') })}
        />
        <StatusSelect
          label={t('filter.status')}
          anyLabel={t('filter.any')}
          value={draft.status}
          onChange={(status) => setDraft({ ...draft, status })}
          sx={{ minWidth: 140 }}
        />
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
        {/* Decision 202: how much 1C has shipped, and orders placed in 1C. */}
        <TextField
          size="small"
          select
          label={t('filter.shipState')}
          value={draft.shipState}
          onChange={(e) => setDraft({ ...draft, shipState: e.target.value })}
          sx={{ minWidth: 140 }}
          data-testid="filter-ship-state"
        >
          <MenuItem value="">{t('filter.any')}</MenuItem>
          {(['none', 'partly', 'full'] as const).map((v) => (
            <MenuItem key={v} value={v}>
              {t(`shipState.${v}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          size="small"
          select
          label={t('filter.from1C')}
          value={draft.from1C}
          onChange={(e) => setDraft({ ...draft, from1C: e.target.value })}
          sx={{ minWidth: 140 }}
          data-testid="filter-from-1c"
        >
          <MenuItem value="">{t('filter.any')}</MenuItem>
          <MenuItem value="N">{t('filter.source.portal')}</MenuItem>
          <MenuItem value="Y">{t('filter.source.1c')}</MenuItem>
        </TextField>
        <DateRangeFilter draft={draft} setDraft={setDraft} label={(k) => t(`filter.${k}`)} />
      </FilterBar>
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
                      {o.number1C && (
                        <Box sx={{ color: 'text.secondary', fontSize: 13 }}>
                          {t('number1C', { number: o.number1C })}
                        </Box>
                      )}
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
          <ListPagination
            count={list.data.count}
            page={page}
            size={size}
            sizes={DATA_TABLE_ROW_OPTIONS}
            onChange={(p, s) => {
              const next = new URLSearchParams(params);
              if (s === size) next.set('page', String(p));
              else {
                next.set('size', String(s));
                next.delete('page');
              }
              setParams(next);
            }}
          />
        </Paper>
      )}
    </>
  );
}
