import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Pagination from '@mui/material/Pagination';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { EmptyState, ErrorState, Loading } from '../../components/States';
import { formatDate } from '../../lib/format';
import { newsListQuery } from './api';
import { Picture } from './Picture';
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
              gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)' },
            }}
          >
            {list.data.items.map((n) => (
              <Card key={n.id} variant="outlined">
                <CardActionArea component={RouterLink} to={n.src} sx={{ height: '100%' }}>
                  {n.image.preview && (
                    <Picture
                      image={n.image.preview}
                      alt=""
                      sizes="(min-width: 900px) 33vw, (min-width: 600px) 50vw, 100vw"
                    />
                  )}
                  <CardContent>
                    <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', mb: 1 }}>
                      <Typography variant="body2" color="text.secondary">
                        {formatDate(n.date)}
                      </Typography>
                      {!n.isView && <Chip size="small" color="secondary" label={t('news.unread')} />}
                    </Box>
                    <Typography variant="h3" component="h2" sx={{ mb: 1 }}>
                      {n.title}
                    </Typography>
                    <Typography variant="body2" color="text.secondary">
                      {n.previewText}
                    </Typography>
                  </CardContent>
                </CardActionArea>
              </Card>
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
