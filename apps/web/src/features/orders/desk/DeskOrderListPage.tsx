import type { DeskOrderFilter } from '@portal/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { UrlListTable } from '../../../components/UrlList';
import { formatDate, money } from '../../../lib/format';
import { pageFromQuery, sizeFromQuery } from '../../../lib/list-params';
import { statusesQuery } from '../api';
import { OrderFlags, StatusChip } from '../components/OrderFlags';
import { deskListQuery } from './api';

const TEXT_KEYS = ['search', 'dealer', 'company', 'status', 'flag', 'dateFrom', 'dateTo', 'sumFrom', 'sumTo'] as const;
type Draft = Record<(typeof TEXT_KEYS)[number], string>;
const FLAGS = ['paid', 'unpaid', 'warning', 'canceled', 'pending'] as const;

/** The URL's parameters as the desk-order/list filter. */
function filterOf(params: URLSearchParams): DeskOrderFilter {
  const f: DeskOrderFilter = {};
  const get = (k: string) => params.get(k)?.trim() || undefined;
  if (get('search')) f.search = get('search');
  if (get('dealer')) f.dealer = get('dealer');
  if (/^\d+$/.test(get('dealerId') ?? '')) f.dealerId = Number(get('dealerId'));
  if (get('company')) f.company = get('company');
  if (/^\d+$/.test(get('status') ?? '')) f.status = Number(get('status'));
  const flag = get('flag');
  if (flag === 'paid') f.isPayment = true;
  if (flag === 'unpaid') f.isPayment = false;
  if (flag === 'warning') f.isWarning = true;
  if (flag === 'canceled') f.isCanceled = true;
  if (flag === 'pending') f.hasPending = true;
  for (const k of ['dateFrom', 'dateTo'] as const) if (/^\d{4}-\d{2}-\d{2}$/.test(get(k) ?? '')) f[k] = get(k);
  for (const k of ['sumFrom', 'sumTo'] as const)
    if (/^\d+([.,]\d+)?$/.test(get(k) ?? '')) f[k] = Number(get(k)!.replace(',', '.'));
  return f;
}

/** «Заказы дилеров»: every dealer's orders with dealer and company, filtered by the address's parameters. */
export default function DeskOrderListPage() {
  const { t } = useTranslation('desk');
  const [params, setParams] = useSearchParams();
  const page = pageFromQuery(params.get('page'));
  const size = sizeFromQuery(params.get('size'), 20);
  const filter = filterOf(params);
  const [draft, setDraft] = useState<Draft>(
    () => Object.fromEntries(TEXT_KEYS.map((k) => [k, params.get(k) ?? ''])) as Draft,
  );
  const statuses = useQuery(statusesQuery);
  const list = useQuery(deskListQuery({ page, size, filter, sort: { ID: 'DESC' } }));
  const apply = (next: Draft) => {
    const p = new URLSearchParams();
    for (const [k, v] of Object.entries(next)) if (v.trim()) p.set(k, v.trim());
    if (params.get('size')) p.set('size', params.get('size')!);
    setParams(p);
  };
  const field = (key: keyof Draft, type = 'text') => (
    <TextField
      size="small"
      type={type}
      label={t(`filter.${key}`)}
      value={draft[key]}
      onChange={(e) => setDraft({ ...draft, [key]: e.target.value })}
      slotProps={type === 'date' ? { inputLabel: { shrink: true } } : undefined}
    />
  );

  return (
    <>
      <PageHeader title={t('title')} />
      <Paper sx={{ p: 2, mb: 2 }}>
        <Box
          component="form"
          role="search"
          onSubmit={(e) => {
            e.preventDefault();
            apply(draft);
          }}
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(3, 1fr)', lg: 'repeat(5, 1fr)' },
          }}
        >
          {field('search')}
          {field('dealer')}
          {field('company')}
          <TextField
            size="small"
            select
            label={t('filter.status')}
            value={draft.status}
            onChange={(e) => setDraft({ ...draft, status: e.target.value })}
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
            label={t('filter.flag')}
            value={draft.flag}
            onChange={(e) => setDraft({ ...draft, flag: e.target.value })}
          >
            <MenuItem value="">{t('filter.anyFlag')}</MenuItem>
            {FLAGS.map((f) => (
              <MenuItem key={f} value={f}>
                {t(`filter.${f}`)}
              </MenuItem>
            ))}
          </TextField>
          {field('dateFrom', 'date')}
          {field('dateTo', 'date')}
          {field('sumFrom', 'number')}
          {field('sumTo', 'number')}
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
            <Button type="submit" variant="contained">
              {t('filter.apply')}
            </Button>
            <Button
              onClick={() => {
                const empty = Object.fromEntries(TEXT_KEYS.map((k) => [k, ''])) as Draft;
                setDraft(empty);
                apply(empty);
              }}
            >
              {t('filter.reset')}
            </Button>
          </Box>
        </Box>
      </Paper>
      <UrlListTable
        query={list}
        label={t('title')}
        emptyTitle={Object.keys(filter).length ? t('emptyFiltered') : t('empty')}
        rowProps={() => ({ 'data-testid': 'desk-order-row' })}
        columns={[
          {
            header: t('col.number'),
            cell: (o) => (
              <Link component={RouterLink} to={`/desk/order/${o.id}/`} sx={{ fontWeight: 600 }}>
                {o.id}
              </Link>
            ),
          },
          { header: t('col.date'), cell: (o) => formatDate(o.dateCreate), from: 'sm' },
          {
            header: t('col.dealer'),
            cell: (o) => (
              <>
                <Typography variant="body2">{o.dealer.name}</Typography>
                <Typography variant="caption" color="text.secondary">
                  {o.dealer.login}
                </Typography>
              </>
            ),
          },
          { header: t('col.company'), cell: (o) => o.counterparty?.name ?? '—', from: 'md' },
          {
            header: t('col.status'),
            cell: (o) => (
              <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
                <StatusChip status={o.status} />
                <OrderFlags order={o} />
                {o.pendingCorrections > 0 && <Chip size="small" color="info" label={t('pending')} />}
              </Box>
            ),
          },
          { header: t('col.sum'), align: 'right', cell: (o) => money(o.price, o.currency as never) },
        ]}
      />
    </>
  );
}
