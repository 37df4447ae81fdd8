import Box from '@mui/material/Box';
import Pagination from '@mui/material/Pagination';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { NewsCard } from '../../components/NewsCard';
import { PageHeader } from '../../components/PageHeader';
import { useSearchParams } from 'react-router';
import { EmptyState, ErrorState, Loading } from '../../components/States';
import { newsListQuery } from './api';
import { pageFromQuery } from '../../lib/list-params';

const PAGE_SIZE = 12;

/** '/news/': newest first, twelve a page, unread ones marked. */
export default function NewsListPage() {
  const { t } = useTranslation('content');
  const [params, setParams] = useSearchParams();
  const page = pageFromQuery(params.get('page'));
  const list = useQuery(newsListQuery({ page, size: PAGE_SIZE }));
  const pages = list.data ? Math.max(1, Math.ceil(list.data.count / PAGE_SIZE)) : 1;
  return (
    <>
      <PageHeader title={t('news.title')} />
      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.items.length === 0 ? (
        <EmptyState title={t('news.empty')} />
      ) : (
        <>
          <Box
            sx={{
              display: 'grid',
              gap: 2,
              gridTemplateColumns: {
                xs: 'minmax(0, 1fr)',
                sm: 'repeat(2, minmax(0, 1fr))',
                md: 'repeat(3, minmax(0, 1fr))',
              },
            }}
          >
            {list.data.items.map((n) => (
              <NewsCard key={n.id} item={n} to={n.src} />
            ))}
          </Box>
          {pages > 1 && (
            <Pagination
              sx={{ mt: 3, display: 'flex', justifyContent: 'center' }}
              count={pages}
              page={page}
              onChange={(_e, p) => setParams(p === 1 ? {} : { page: String(p) })}
              getItemAriaLabel={(type, p) => t(`pagination.${type}`, { page: p })}
            />
          )}
        </>
      )}
    </>
  );
}
