import ShareIcon from '@mui/icons-material/Share';
import Button from '@mui/material/Button';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { NewsArticle } from '../../components/NewsArticle';
import { PageHeader } from '../../components/PageHeader';
import { ErrorState, Loading } from '../../components/States';
import { notifySuccess } from '../../lib/notify';
import { RestError } from '../../lib/rest';
import { contentKeys, newsQuery } from './api';

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
        <NewsArticle item={item.data} />
      )}
    </>
  );
}
