import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import FilterListIcon from '@mui/icons-material/FilterList';
import TableRowsIcon from '@mui/icons-material/TableRows';
import ViewListIcon from '@mui/icons-material/ViewList';
import ViewModuleIcon from '@mui/icons-material/ViewModule';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { CATALOG_PAGE_SIZES, PAGE_SIZE_ALL, PRODUCT_SORT_KEYS, type ProductFilterInput } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { EmptyState, ErrorState, Loading } from '../../components/States';
import { MachineFilterSlot, usePreloadProductOrder } from '../../lib/slots';
import { filterQuery, productsQuery } from './api';
import { FilterPanel } from './FilterPanel';
import { PaymentPrompt } from './PaymentPrompt';
import { ProductGrid } from './ProductViews';
import { readBrowseState, toProductFilter, VIEWS, writeBrowseState, type ViewMode } from './url-state';

const VIEW_ICONS = { tile: <ViewModuleIcon />, list: <ViewListIcon />, table: <TableRowsIcon /> };

/**
 * A page of products with its toolbar (sort, page size, view), the smart filter and pagination; the whole
 * state is in the URL. Used by a section (scope `category`) and by search (scope `search`).
 */
export function ProductBrowser({
  scope,
  view,
  viewPath,
  defaultSortByRank = false,
  nothingFound,
}: {
  scope: ProductFilterInput;
  view: ViewMode;
  /** The path of this screen in another view. */
  viewPath: (view: ViewMode) => string;
  /** Search keeps the ranking until the user picks a sort. */
  defaultSortByRank?: boolean;
  /** Shown under «Ничего не найдено» when nothing matches before any filter is chosen (search: file a request). */
  nothingFound?: ReactNode;
}) {
  const { t } = useTranslation('catalog');
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const wide = useMediaQuery('(min-width:900px)');
  const [filterOpen, setFilterOpen] = useState(false);
  usePreloadProductOrder();
  const state = readBrowseState(params);
  const sortChosen = params.has('sort');
  const filter = { ...scope, ...toProductFilter(state.filter) };
  const list = useQuery(
    productsQuery({
      page: state.page,
      size: state.size,
      filter,
      ...(defaultSortByRank && !sortChosen ? {} : { sort: { [state.sort.key]: state.sort.dir } }),
    }),
  );
  const facets = useQuery(filterQuery(filter));
  const update = (patch: Parameters<typeof writeBrowseState>[1]) =>
    setParams(writeBrowseState(params, patch), { preventScrollReset: false });
  const sortValue = defaultSortByRank && !sortChosen ? 'RANK' : `${state.sort.key}.${state.sort.dir}`;

  const panel = facets.data ? (
    <FilterPanel
      items={facets.data.items}
      value={state.filter}
      onChange={(next) => update({ filter: next, page: 1 })}
    />
  ) : null;
  const pages = list.data && state.size > 0 ? Math.max(1, Math.ceil(list.data.count / state.size)) : 1;

  // Nothing matches and no filter narrowed it: no filter box to offer (it would be empty), only the answer.
  if (list.data && list.data.count === 0 && Object.keys(state.filter).length === 0 && !list.isPlaceholderData) {
    return (
      <Paper data-testid="nothing-found">
        <EmptyState title={t('empty.title')}>{nothingFound}</EmptyState>
      </Paper>
    );
  }

  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '260px minmax(0, 1fr)' },
        alignItems: 'start',
      }}
    >
      {wide ? (
        <Paper variant="outlined" sx={{ p: 2, position: 'sticky', top: 80 }}>
          {panel ?? <Loading />}
        </Paper>
      ) : (
        <Drawer
          open={filterOpen}
          onClose={() => setFilterOpen(false)}
          slotProps={{ paper: { sx: { width: 300, p: 2 } } }}
        >
          <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
            {t('filter.title')}
          </Typography>
          {panel}
        </Drawer>
      )}
      <Box sx={{ display: 'grid', gap: 2, minWidth: 0, gridTemplateColumns: 'minmax(0, 1fr)' }}>
        <PaymentPrompt compact />
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
          {!wide && (
            <Button startIcon={<FilterListIcon />} variant="outlined" onClick={() => setFilterOpen(true)}>
              {t('filter.title')}
            </Button>
          )}
          <TextField
            select
            size="small"
            label={t('sort.label')}
            value={sortValue}
            onChange={(e) => {
              const value = e.target.value;
              const next = writeBrowseState(params, { page: 1 });
              if (value === 'RANK') next.delete('sort');
              else {
                const [key, dir] = value.split('.') as [typeof state.sort.key, 'ASC' | 'DESC'];
                const written = writeBrowseState(next, { sort: { key, dir } });
                // On search even NAME.ASC must stay in the URL: without it the ranking applies.
                if (defaultSortByRank) written.set('sort', value);
                setParams(written);
                return;
              }
              setParams(next);
            }}
            fullWidth={false}
            // Wide enough for «По производителю: по возрастанию» without an ellipsis.
            sx={{ width: { xs: '100%', sm: 360 } }}
            slotProps={{ select: { renderValue: (v) => (v === 'RANK' ? t('sort.RANK') : optionLabel(t, String(v))) } }}
          >
            {defaultSortByRank && <MenuItem value="RANK">{t('sort.RANK')}</MenuItem>}
            {PRODUCT_SORT_KEYS.flatMap((key) =>
              (['ASC', 'DESC'] as const).map((dir) => (
                <MenuItem key={`${key}.${dir}`} value={`${key}.${dir}`}>
                  <ListItemIcon>
                    {dir === 'ASC' ? <ArrowUpwardIcon fontSize="small" /> : <ArrowDownwardIcon fontSize="small" />}
                  </ListItemIcon>
                  <ListItemText>{optionLabel(t, `${key}.${dir}`)}</ListItemText>
                </MenuItem>
              )),
            )}
          </TextField>
          <MachineFilterSlot
            value={state.filter.F_MACHINE ?? []}
            onChange={(machines) => {
              const next = { ...state.filter };
              if (machines.length) next.F_MACHINE = machines;
              else delete next.F_MACHINE;
              update({ filter: next, page: 1 });
            }}
          />
          <TextField
            select
            size="small"
            label={t('pageSize')}
            value={state.size}
            onChange={(e) => update({ size: Number(e.target.value), page: 1 })}
            fullWidth={false}
            sx={{ width: 110 }}
          >
            {[...CATALOG_PAGE_SIZES, PAGE_SIZE_ALL].map((s) => (
              <MenuItem key={s} value={s}>
                {s === PAGE_SIZE_ALL ? t('pageSizeAll') : s}
              </MenuItem>
            ))}
          </TextField>
          <Box sx={{ flexGrow: 1 }} />
          <ToggleButtonGroup
            size="small"
            exclusive
            value={view}
            aria-label={t('view.label')}
            onChange={(_e, v: ViewMode | null) =>
              v && void navigate({ pathname: viewPath(v), search: params.toString() })
            }
          >
            {VIEWS.map((v) => (
              <ToggleButton key={v} value={v} aria-label={t(`view.${v}`)} title={t(`view.${v}`)}>
                {VIEW_ICONS[v]}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        </Box>
        {list.isError ? (
          <ErrorState error={list.error} onRetry={() => void list.refetch()} />
        ) : !list.data ? (
          <Loading />
        ) : list.data.items.length === 0 ? (
          <EmptyState title={t('empty.title')}>{t('empty.text')}</EmptyState>
        ) : (
          <>
            <Typography sx={{ color: 'text.secondary', fontSize: 14 }} aria-live="polite">
              {t('found', { count: list.data.count })}
            </Typography>
            <Box sx={{ opacity: list.isPlaceholderData ? 0.6 : 1, transition: 'opacity .2s' }}>
              <ProductGrid items={list.data.items} view={view} />
            </Box>
            {pages > 1 && (
              <Pagination
                count={pages}
                page={Math.min(state.page, pages)}
                onChange={(_e, page) => {
                  update({ page });
                  window.scrollTo({ top: 0 });
                }}
                color="primary"
                sx={{ justifySelf: 'center' }}
              />
            )}
          </>
        )}
      </Box>
    </Box>
  );
}

function optionLabel(t: (k: string) => string, value: string): string {
  const [key, dir] = value.split('.');
  return `${t(`sort.${key}`)}: ${t(dir === 'DESC' ? 'sort.desc' : 'sort.asc')}`;
}
