import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { EmptyState, ErrorState, Loading } from '../../components/States';
import { formatDate } from '../../lib/format';
import { DashboardCard } from './DashboardCard';
import { dashboardNewsQuery } from './api';

/** The six latest news, unread ones marked. */
export function NewsBlock() {
  const { t } = useTranslation('dashboard');
  const news = useQuery(dashboardNewsQuery);
  return (
    <DashboardCard
      title={t('news.title')}
      testId="dashboard-news"
      action={
        <Button component={RouterLink} to="/news/" size="small">
          {t('news.all')}
        </Button>
      }
    >
      {news.isPending ? (
        <Loading />
      ) : news.isError ? (
        <ErrorState error={news.error} onRetry={() => void news.refetch()} />
      ) : news.data.items.length === 0 ? (
        <EmptyState title={t('news.empty')} />
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}>
          {news.data.items.map((n) => (
            <Box component="li" key={n.id} sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }}>
              {n.image.preview && (
                <Box
                  component="img"
                  src={n.image.preview.src}
                  width={n.image.preview.width}
                  height={n.image.preview.height}
                  sizes="96px"
                  loading="lazy"
                  alt=""
                  sx={{ width: 96, height: 54, objectFit: 'cover', borderRadius: 1, flexShrink: 0 }}
                />
              )}
              <Box sx={{ minWidth: 0 }}>
                <Typography variant="body2" color="text.secondary" component="div">
                  {formatDate(n.date)}
                  {!n.isView && (
                    <Chip size="small" color="secondary" label={t('news.unread')} sx={{ ml: 1, height: 20 }} />
                  )}
                </Typography>
                <Link component={RouterLink} to={n.src} underline="hover" sx={{ fontWeight: n.isView ? 400 : 600 }}>
                  {n.title}
                </Link>
              </Box>
            </Box>
          ))}
        </Box>
      )}
    </DashboardCard>
  );
}
