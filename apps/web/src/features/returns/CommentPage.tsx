import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { ErrorState, Loading } from '../../components/States';
import { commentQuery } from './api';
import { CommentCard } from './ReturnDetailPage';

/** /comment/{id}/: one comment, breadcrumb 'Мои возвраты'. */
export default function CommentPage() {
  const { t } = useTranslation('returns');
  const id = Number(useParams().id);
  const comment = useQuery(commentQuery(id));
  return (
    <Box>
      <PageHeader title={t('comment.pageTitle', { id })} crumbs={[{ label: t('myReturns'), to: '/returns/' }]} />
      {comment.isPending ? (
        <Loading />
      ) : comment.isError ? (
        <ErrorState error={comment.error} onRetry={() => void comment.refetch()} />
      ) : (
        <Box sx={{ display: 'grid', gap: 2 }}>
          <CommentCard comment={comment.data} />
          <Box>
            <Button component={RouterLink} to={`/returns/${comment.data.goodReturn.id}/`} variant="outlined">
              {t('comment.toReturn', { id: comment.data.goodReturn.id })}
            </Button>
          </Box>
        </Box>
      )}
    </Box>
  );
}
