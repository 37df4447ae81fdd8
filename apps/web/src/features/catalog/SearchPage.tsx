import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams, useSearchParams } from 'react-router';
import { MissingParts } from '../../components/MissingParts';
import { PageHeader } from '../../components/PageHeader';
import { EmptyState } from '../../components/States';
import { ProductBrowser } from './ProductBrowser';
import { VIEWS, type ViewMode } from './url-state';

/** Search results: the query `search` is the filter; ranked by how the product matched unless sorted. */
export default function SearchPage() {
  const { t } = useTranslation('catalog');
  const params = useParams();
  const [query] = useSearchParams();
  const search = (query.get('search') ?? '').slice(0, 200);
  const view = (params.view ?? 'tile') as ViewMode;
  if (!VIEWS.includes(view)) return <Navigate to="/404" replace />;
  return (
    <>
      <PageHeader title={search ? t('search.titleFor', { search }) : t('search.title')} />
      {search.trim() ? (
        <ProductBrowser
          key={search}
          scope={{ search }}
          view={view}
          viewPath={(v) => (v === 'tile' ? '/search/' : `/search/${v}/`)}
          defaultSortByRank
          nothingFound={
            <Box sx={{ textAlign: 'left', maxWidth: 640, mx: 'auto', mt: 2 }}>
              <MissingParts items={[{ article: search.trim(), count: 1 }]} />
            </Box>
          }
        />
      ) : (
        <EmptyState title={t('search.empty')} />
      )}
    </>
  );
}
