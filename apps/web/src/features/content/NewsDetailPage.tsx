import ShareIcon from '@mui/icons-material/Share';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { Html } from '../../components/Html';
import { PageHeader } from '../../components/PageHeader';
import { ErrorState, Loading } from '../../components/States';
import { formatDate } from '../../lib/format';
import { notifySuccess } from '../../lib/notify';
import { RestError } from '../../lib/rest';
import { contentKeys, newsQuery } from './api';
import { Picture } from './Picture';

/** '/news/{id}/{token?}/': a token opens the item without signing in (a link shared by a colleague). */
export default function NewsDetailPage() {
  const { t } = useTranslation('content');
  const { id = '', token } = useParams();
  const item = useQuery(newsQuery(Number(id), token));
  const client = useQueryClient();
  // Reading marks the item: lists refetch to drop the "new" chip.
  useEffect(() => {
    if (item.data?.isView) void client.invalidateQueries({ queryKey: contentKeys.newsLists() });
  }, [item.data?.isView, client]);

  if (item.isError && item.error instanceof RestError && (item.error.status === 404 || item.error.status === 400)) {
    return <Navigate to="/404" replace />;
  }
  const share = async () => {
    if (!item.data?.shareSrc) return;
    const link = `${window.location.origin}${item.data.shareSrc}`;
    try {
      await navigator.clipboard.writeText(link);
      notifySuccess(t('news.copied'));
    } catch {
      window.prompt(t('news.share'), link);
    }
  };
  return (
    <>
      <PageHeader
        title={item.data?.title ?? t('news.title')}
        crumbs={[{ label: t('news.title'), to: '/news/' }]}
        actions={
          item.data?.shareSrc ? (
            <Button startIcon={<ShareIcon />} onClick={() => void share()} data-share={item.data.shareSrc}>
              {t('news.share')}
            </Button>
          ) : undefined
        }
      />
      {item.isPending ? (
        <Loading />
      ) : item.isError ? (
        <ErrorState error={item.error} onRetry={() => void item.refetch()} />
      ) : (
        <Paper sx={{ p: { xs: 2, md: 3 } }} component="article">
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {formatDate(item.data.date)}
          </Typography>
          {item.data.image.detail && (
            <Box sx={{ mb: 3, borderRadius: 1, overflow: 'hidden', maxWidth: 960 }}>
              <Picture
                image={item.data.image.detail}
                alt={item.data.title}
                sizes="(min-width: 1200px) 960px, 100vw"
                eager
              />
            </Box>
          )}
          <Typography sx={{ mb: 2, fontWeight: 500 }}>{item.data.previewText}</Typography>
          <Html html={item.data.detailText} sx={{ '& p': { mt: 0 }, maxWidth: 800, lineHeight: 1.6 }} />
        </Paper>
      )}
    </>
  );
}
