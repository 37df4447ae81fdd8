import type { AuditEntry, AuditFilter } from '@portal/contract';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import i18n from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DateRangeFilter } from '../../components/DateFilterField';
import { FilterBar } from '../../components/FilterBar';
import { PageHeader } from '../../components/PageHeader';
import { RefLink } from '../../components/RefLink';
import { UrlListTable } from '../../components/UrlList';
import { dateTextOk, dateTextToIso, isoToDateText } from '../../lib/date-text';
import { formatDate } from '../../lib/format';
import { pageFromQuery, sizeFromQuery } from '../../lib/list-params';
import { rest } from '../../lib/rest';
import en from '../../locales/en/back-office/audit.json';
import ru from '../../locales/ru/back-office/audit.json';
import { auditKeys } from './keys';

i18n.addResourceBundle('ru', 'audit', ru, true, true);
i18n.addResourceBundle('en', 'audit', en, true, true);

const KEYS = ['entity', 'action', 'search', 'dateFrom', 'dateTo'] as const;
type Draft = Record<(typeof KEYS)[number], string>;

const show = (v: unknown) => (v === null || v === undefined ? '—' : typeof v === 'string' ? v : JSON.stringify(v));

/** Each changed field on its own line: name: before → after. */
function Changes({ entry }: { entry: AuditEntry }) {
  const keys = [...new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})])];
  return (
    <Box sx={{ display: 'grid', gap: 0.25, overflowWrap: 'anywhere', maxWidth: 520 }}>
      {keys.map((k) => (
        <Typography key={k} variant="body2">
          <b>{k}</b>: {entry.before ? `${show(entry.before[k])} → ` : ''}
          {entry.after ? show(entry.after[k]) : '∅'}
        </Typography>
      ))}
    </Box>
  );
}

/** «Журнал изменений»: every back-office write, newest first, filtered by the address's parameters. */
export default function AuditPage() {
  const { t } = useTranslation('audit');
  const [params, setParams] = useSearchParams();
  const page = pageFromQuery(params.get('page'));
  const size = sizeFromQuery(params.get('size'), 20);
  const filter: AuditFilter = {};
  for (const k of KEYS) {
    const v = params.get(k)?.trim();
    if (!v) continue;
    if ((k === 'dateFrom' || k === 'dateTo') && !/^\d{4}-\d{2}-\d{2}$/.test(v)) continue;
    filter[k] = v;
  }
  const [draft, setDraft] = useState<Draft>(
    () =>
      Object.fromEntries(
        KEYS.map((k) => [k, k.startsWith('date') ? isoToDateText(params.get(k)) : (params.get(k) ?? '')]),
      ) as Draft,
  );
  const list = useQuery({
    queryKey: auditKeys.list(page, size, filter),
    queryFn: () => rest('audit/list', { page, size, filter }),
    placeholderData: keepPreviousData,
  });
  const apply = (next: Draft) => {
    if (!dateTextOk(next.dateFrom) || !dateTextOk(next.dateTo)) return;
    const p = new URLSearchParams();
    for (const [k, v] of Object.entries(next))
      if (v.trim()) p.set(k, k.startsWith('date') ? dateTextToIso(v) : v.trim());
    setParams(p);
  };
  const select = (key: 'entity' | 'action', options: string[]) => (
    <TextField
      select
      size="small"
      label={t(key)}
      value={options.includes(draft[key]) ? draft[key] : ''}
      onChange={(e) => setDraft({ ...draft, [key]: e.target.value })}
    >
      <MenuItem value="">{t('all')}</MenuItem>
      {options.map((o) => (
        <MenuItem key={o} value={o}>
          {o}
        </MenuItem>
      ))}
    </TextField>
  );
  return (
    <>
      <PageHeader title={t('title')} />
      <FilterBar
        keys={KEYS}
        draft={draft}
        setDraft={setDraft}
        onApply={apply}
        applyLabel={t('apply')}
        resetLabel={t('reset')}
        // Three to a row below 1536 px: six in one row at 1280 px cut the labels and the dates.
        columns={{
          xs: '1fr',
          sm: '1fr 1fr',
          md: 'repeat(3, 1fr)',
          xl: 'minmax(140px, 1fr) minmax(140px, 1fr) minmax(180px, 1.5fr) 136px 136px auto',
        }}
        search
      >
        {select('entity', list.data?.entities ?? [])}
        {select('action', list.data?.actions ?? [])}
        <TextField
          size="small"
          label={t('search')}
          value={draft.search}
          onChange={(e) => setDraft({ ...draft, search: e.target.value })}
        />
        <DateRangeFilter draft={draft} setDraft={setDraft} label={(k) => t(k)} />
      </FilterBar>
      <UrlListTable
        query={list}
        label={t('title')}
        emptyTitle={Object.keys(filter).length ? t('emptyFiltered') : t('empty')}
        rowProps={() => ({ 'data-testid': 'audit-row' })}
        columns={[
          { header: t('col.date'), cell: (e) => formatDate(e.date, true) },
          { header: t('col.user'), cell: (e) => e.user.name || e.user.login || t('system'), from: 'sm' },
          {
            header: t('col.what'),
            cell: (e) => (
              <>
                <Typography variant="body2">
                  {e.entity}
                  {e.entityId ? ' ' : ''}
                  {e.entity === 'desk-order' && /^\d+$/.test(e.entityId ?? '') ? (
                    <RefLink kind="order" id={Number(e.entityId)}>{`№ ${e.entityId}`}</RefLink>
                  ) : (
                    e.entityId && `№ ${e.entityId}`
                  )}
                </Typography>
                <Typography variant="caption" color="text.secondary">
                  {e.action}
                </Typography>
              </>
            ),
          },
          { header: t('col.changes'), cell: (e) => <Changes entry={e} /> },
        ]}
      />
    </>
  );
}
