import Pagination from '@mui/material/Pagination';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { EmptyState, ErrorState, Loading } from '../../components/States';
import { favoritesQuery } from './api';
import { ProductGrid } from './ProductViews';
import { readBrowseState, writeBrowseState } from './url-state';

/** 'Избранное': the user's own favourites with their prices and stock. */
export default function FavoritesPage() {
  const { t } = useTranslation('catalog');
  const [params, setParams] = useSearchParams();
  const state = readBrowseState(params);
  const list = useQuery(
    favoritesQuery({ page: state.page, size: state.size, sort: { [state.sort.key]: state.sort.dir } }),
  );
  const pages = list.data ? Math.max(1, Math.ceil(list.data.count / state.size)) : 1;
  return (
    <>
      <PageHeader title={t('favorite.title')} />
      {list.isError ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : !list.data ? (
        <Loading />
      ) : list.data.items.length === 0 ? (
        <EmptyState title={t('favorite.empty')}>
          <Button component={RouterLink} to="/catalog/" variant="contained">
            {t('toCatalog')}
          </Button>
        </EmptyState>
      ) : (
        <Box sx={{ display: 'grid', gap: 2 }}>
          <ProductGrid items={list.data.items} view="list" />
          {pages > 1 && (
            <Pagination
              count={pages}
              page={state.page}
              onChange={(_e, page) => setParams(writeBrowseState(params, { page }))}
              sx={{ justifySelf: 'center' }}
            />
          )}
        </Box>
      )}
    </>
  );
}
