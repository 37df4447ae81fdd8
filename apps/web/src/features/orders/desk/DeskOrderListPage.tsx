import type { DeskOrder, DeskOrderFilter } from '@portal/contract';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { DateRangeFilter } from '../../../components/DateFilterField';
import { FilterBar } from '../../../components/FilterBar';
import { PageHeader } from '../../../components/PageHeader';
import { UrlListTable } from '../../../components/UrlList';
import { dateTextOk, dateTextToIso, isoToDateText } from '../../../lib/date-text';
import { formatDate, money } from '../../../lib/format';
import { pageFromQuery, sizeFromQuery } from '../../../lib/list-params';
import { machineText, OrderFlags, StatusChip } from '../components/OrderFlags';
import { StatusSelect } from '../components/StatusSelect';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { download } from '../api';
import { deskListQuery, myDealersQuery, useBulkStatus, useDeskExport } from './api';

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
  // «Мои дилеры» (decision 199): on by default for a manager with dealers assigned; the address keeps a choice.
  const me = useQuery(myDealersQuery);
  const hasDealers = (me.data?.dealers ?? 0) > 0;
  const mine = params.get('mine') === 'Y' || (params.get('mine') === null && hasDealers);
  if (mine) filter.mine = true;
  const [draft, setDraft] = useState<Draft>(
    () =>
      Object.fromEntries(
        TEXT_KEYS.map((k) => [k, k.startsWith('date') ? isoToDateText(params.get(k)) : (params.get(k) ?? '')]),
      ) as Draft,
  );
  const list = useQuery({
    ...deskListQuery({ page, size, filter, sort: { ID: 'DESC' } }),
    enabled: !me.isPending,
  });
  const [selected, setSelected] = useState<number[]>([]);
  const [bulkStatus, setBulkStatus] = useState('');
  const [failed, setFailed] = useState<Array<{ id: number; message: string }>>([]);
  const bulk = useBulkStatus();
  const exporter = useDeskExport();
  const pageIds = list.data?.items.map((o) => o.id) ?? [];
  const allOnPage = pageIds.length > 0 && pageIds.every((id) => selected.includes(id));
  const toggle = (id: number) => setSelected((s) => (s.includes(id) ? s.filter((x) => x !== id) : [...s, id]));
  const applyStatus = () =>
    bulk.mutate(
      { ids: selected, status: Number(bulkStatus) },
      {
        onSuccess: (r) => {
          setFailed(r.failed);
          setSelected(r.failed.map((f) => f.id));
          if (r.done.length) notifySuccess(t('bulk.done', { count: r.done.length }));
        },
        onError: notifyError,
      },
    );
  const exportXlsx = () =>
    exporter.mutate(selected.length ? { ids: selected } : { filter }, {
      onSuccess: (f) => download(f.path, f.name),
      onError: notifyError,
    });
  const setMine = (on: boolean) => {
    const p = new URLSearchParams(params);
    p.set('mine', on ? 'Y' : 'N');
    p.delete('page');
    setParams(p);
  };
  const apply = (next: Draft) => {
    if (!dateTextOk(next.dateFrom) || !dateTextOk(next.dateTo)) return;
    const p = new URLSearchParams();
    for (const [k, v] of Object.entries(next))
      if (v.trim()) p.set(k, k.startsWith('date') ? dateTextToIso(v) : v.trim());
    if (params.get('size')) p.set('size', params.get('size')!);
    if (params.get('mine')) p.set('mine', params.get('mine')!);
    setParams(p);
  };
  const field = (key: keyof Draft, type = 'text') => (
    <TextField
      size="small"
      type={type}
      label={t(`filter.${key}`)}
      value={draft[key]}
      onChange={(e) => setDraft({ ...draft, [key]: e.target.value })}
      // The text searches (long labels) take a whole row on a phone and two columns of six on a wide screen.
      sx={type === 'text' ? { gridColumn: { xs: '1 / -1', sm: 'auto', lg: 'span 2' } } : undefined}
    />
  );

  return (
    <>
      <PageHeader title={t('title')} />
      <FilterBar
        keys={TEXT_KEYS}
        draft={draft}
        setDraft={setDraft}
        onApply={apply}
        applyLabel={t('filter.apply')}
        resetLabel={t('filter.reset')}
        columns={{ xs: '1fr 1fr', md: 'repeat(3, 1fr)', lg: 'repeat(6, 1fr)' }}
        search
      >
        {field('search')}
        {field('dealer')}
        {field('company')}
        <StatusSelect
          label={t('filter.status')}
          anyLabel={t('filter.any')}
          value={draft.status}
          onChange={(status) => setDraft({ ...draft, status })}
        />
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
        <DateRangeFilter draft={draft} setDraft={setDraft} label={(k) => t(`filter.${k}`)} />
        {field('sumFrom', 'number')}
        {field('sumTo', 'number')}
      </FilterBar>
      <FormControlLabel
        sx={{ mb: 1 }}
        control={<Switch checked={mine} onChange={(e) => setMine(e.target.checked)} data-testid="desk-mine" />}
        label={hasDealers ? t('mineCount', { count: me.data?.dealers ?? 0 }) : t('mine')}
      />
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center', mb: 1 }} data-testid="desk-bulk">
        <Typography variant="body2" sx={{ mr: 1 }}>
          {t('bulk.selected', { count: selected.length })}
        </Typography>
        <StatusSelect
          label={t('bulk.status')}
          anyLabel={t('bulk.chooseStatus')}
          value={bulkStatus}
          onChange={setBulkStatus}
        />
        <Button variant="outlined" disabled={!selected.length || !bulkStatus || bulk.isPending} onClick={applyStatus}>
          {t('bulk.apply')}
        </Button>
        <Button disabled={exporter.isPending} onClick={exportXlsx} data-testid="desk-export">
          {selected.length ? t('bulk.exportSelected') : t('bulk.exportFiltered')}
        </Button>
      </Box>
      {failed.length > 0 && (
        <Alert severity="warning" sx={{ mb: 1 }} onClose={() => setFailed([])} data-testid="desk-bulk-failed">
          {failed.map((f) => (
            <Box key={f.id}>{t('bulk.failed', { id: f.id, message: f.message })}</Box>
          ))}
        </Alert>
      )}
      <UrlListTable
        query={list}
        label={t('title')}
        emptyTitle={Object.keys(filter).length ? t('emptyFiltered') : t('empty')}
        rowProps={() => ({ 'data-testid': 'desk-order-row' })}
        columns={[
          {
            header: (
              <Checkbox
                size="small"
                checked={allOnPage}
                indeterminate={!allOnPage && pageIds.some((id) => selected.includes(id))}
                onChange={() =>
                  setSelected((s) =>
                    allOnPage ? s.filter((id) => !pageIds.includes(id)) : [...new Set([...s, ...pageIds])],
                  )
                }
                slotProps={{ input: { 'aria-label': t('bulk.selectPage') } }}
              />
            ),
            cell: (o) => (
              <Checkbox
                size="small"
                checked={selected.includes(o.id)}
                onChange={() => toggle(o.id)}
                slotProps={{ input: { 'aria-label': t('bulk.select', { id: o.id }) } }}
              />
            ),
          },
          {
            header: t('col.number'),
            cell: (o) => (
              <>
                <Link component={RouterLink} to={`/desk/order/${o.id}/`} sx={{ fontWeight: 600 }}>
                  {o.id}
                </Link>
                {/* «Машина стоит» (decision 209): the machine that is down, under the number. */}
                {o.urgent && o.machine && (
                  <Typography variant="caption" color="error" sx={{ display: 'block', maxWidth: 220 }}>
                    {machineText(o.machine)}
                  </Typography>
                )}
              </>
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
          { header: t('col.status'), cell: (o) => <DeskStatus order={o} />, from: 'sm' },
          {
            header: t('col.sum'),
            align: 'right',
            cell: (o) => (
              <>
                <Box sx={{ whiteSpace: 'nowrap' }}>{money(o.price, o.currency as never)}</Box>
                {/* On a phone the status goes under the sum, as in the dealer's list. */}
                <Box sx={{ display: { xs: 'block', sm: 'none' }, mt: 0.5 }}>
                  <DeskStatus order={o} />
                </Box>
              </>
            ),
          },
        ]}
      />
    </>
  );
}

function DeskStatus({ order: o }: { order: DeskOrder }) {
  const { t } = useTranslation('desk');
  return (
    <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap', justifyContent: { xs: 'flex-end', sm: 'flex-start' } }}>
      <StatusChip status={o.status} />
      <OrderFlags order={o} />
      {o.pendingCorrections > 0 && <Chip size="small" color="info" label={t('pending')} />}
    </Box>
  );
}
