import type { AuditFilter } from '@portal/contract';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DateRangeFilter } from '../../components/DateFilterField';
import { FilterBar } from '../../components/FilterBar';
import { PageHeader } from '../../components/PageHeader';
import { ListState } from '../../components/States';
import { UrlPagination } from '../../components/UrlPagination';
import { dateTextOk, dateTextToIso, isoToDateText } from '../../lib/date-text';
import { pageFromQuery, sizeFromQuery } from '../../lib/list-params';
import { AuditEntryCard } from './AuditEntryCard';
import { auditListQuery } from './api';

const KEYS = ['entity', 'entityId', 'action', 'user', 'search', 'dateFrom', 'dateTo'] as const;
type Draft = Record<(typeof KEYS)[number], string>;

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
    if (k === 'user') {
      if (/^\d{1,9}$/.test(v)) filter.user = Number(v);
    } else filter[k] = v;
  }
  const [draft, setDraft] = useState<Draft>(
    () =>
      Object.fromEntries(
        KEYS.map((k) => [k, k.startsWith('date') ? isoToDateText(params.get(k)) : (params.get(k) ?? '')]),
      ) as Draft,
  );
  const list = useQuery({
    ...auditListQuery(page, size, filter),
    placeholderData: keepPreviousData,
  });
  const apply = (next: Draft) => {
    if (!dateTextOk(next.dateFrom) || !dateTextOk(next.dateTo)) return;
    const p = new URLSearchParams();
    for (const [k, v] of Object.entries(next))
      if (v.trim()) p.set(k, k.startsWith('date') ? dateTextToIso(v) : v.trim());
    setParams(p);
  };
  // The log's own entities, actions and authors, by their names in the interface language.
  const select = (key: 'entity' | 'action' | 'user', options: Array<{ value: string; label: string }>) => (
    <TextField
      select
      size="small"
      label={t(key)}
      value={options.some((o) => o.value === draft[key]) ? draft[key] : ''}
      onChange={(e) => setDraft({ ...draft, [key]: e.target.value })}
    >
      <MenuItem value="">{t('all')}</MenuItem>
      {options.map((o) => (
        <MenuItem key={o.value} value={o.value}>
          {o.label}
        </MenuItem>
      ))}
    </TextField>
  );
  const named = (group: 'entities' | 'actions', values: string[] | undefined) =>
    (values ?? [])
      .map((value) => ({ value, label: t(`${group}.${value}`, { defaultValue: value }) }))
      .sort((a, b) => a.label.localeCompare(b.label));
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
        // Four to a row from 1200 px (two rows with the buttons), fewer on narrower screens.
        columns={{ xs: '1fr', sm: '1fr 1fr', md: 'repeat(3, 1fr)', lg: 'repeat(4, minmax(0, 1fr))' }}
        search
      >
        {select('entity', named('entities', list.data?.entities))}
        <TextField
          size="small"
          label={t('entityId')}
          value={draft.entityId}
          onChange={(e) => setDraft({ ...draft, entityId: e.target.value })}
        />
        {select('action', named('actions', list.data?.actions))}
        {select(
          'user',
          (list.data?.authors ?? []).map((a) => ({
            value: String(a.id),
            label: a.name && a.name !== a.login ? `${a.name} (${a.login})` : a.login,
          })),
        )}
        <TextField
          size="small"
          label={t('search')}
          value={draft.search}
          onChange={(e) => setDraft({ ...draft, search: e.target.value })}
        />
        <DateRangeFilter draft={draft} setDraft={setDraft} label={(k) => t(k)} />
      </FilterBar>
      <ListState query={list} emptyTitle={Object.keys(filter).length ? t('emptyFiltered') : t('empty')}>
        {(data) => (
          <Paper>
            <Box component="ul" aria-label={t('title')} sx={{ listStyle: 'none', m: 0, p: 0 }}>
              {data.items.map((e, i) => (
                <Box component="li" key={e.id} sx={i ? { borderTop: 1, borderColor: 'divider' } : undefined}>
                  <AuditEntryCard entry={e} names={data.names} />
                </Box>
              ))}
            </Box>
            <UrlPagination count={data.count} />
          </Paper>
        )}
      </ListState>
    </>
  );
}
