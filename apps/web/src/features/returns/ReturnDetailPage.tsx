import { type ReturnComment } from '@portal/contract';
import Delete from '@mui/icons-material/Delete';
import RateReview from '@mui/icons-material/RateReviewOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, Outlet, useNavigate, useParams } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { RefLink } from '../../components/RefLink';
import { RefText } from '../../components/RefText';
import { EmptyState, ErrorState, Loading } from '../../components/States';
import { useCurrentUser } from '../../lib/current-user';
import { formatDate, num } from '../../lib/format';
import { notifyError, notifySuccess } from '../../lib/notify';
import { canComment, isAdmin, returnCommentsQuery, returnQuery, isStaff, useDeleteReturn } from './api';
import { FileList, StatusChip } from './components';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '220px 1fr' }, gap: { xs: 0, sm: 2 }, py: 0.75 }}>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      <Box sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{children}</Box>
    </Box>
  );
}

export function CommentCard({ comment, link }: { comment: ReturnComment; link?: boolean }) {
  const { t } = useTranslation('returns');
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="return-comment">
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
        <Typography variant="subtitle2">{comment.user?.name ?? t('system')}</Typography>
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          {formatDate(comment.dateCreate, true)}
        </Typography>
        {comment.status && <StatusChip status={comment.status} />}
        {link && (
          <Link component={RouterLink} to={`/comment/${comment.id}/`} variant="caption" sx={{ ml: 'auto' }}>
            {t('comment.open')}
          </Link>
        )}
      </Box>
      {comment.text && (
        <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          <RefText text={comment.text} />
        </Typography>
      )}
      <Box sx={{ mt: comment.photos.length ? 1 : 0 }}>
        <FileList files={comment.photos} />
      </Box>
    </Paper>
  );
}

/** /returns/{id}/: the return with its comments; staff answer through the comment dialog. */
export default function ReturnDetailPage() {
  const { t } = useTranslation('returns');
  const id = Number(useParams().id);
  const navigate = useNavigate();
  const deleteReturn = useDeleteReturn();
  const user = useCurrentUser().data;
  const ret = useQuery(returnQuery(id));
  const comments = useQuery(returnCommentsQuery(id));
  const [confirm, setConfirm] = useState(false);

  const remove = async () => {
    try {
      await deleteReturn.mutateAsync(id);
      notifySuccess(t('deleted'));
      await navigate('/returns/');
    } catch (err) {
      notifyError(err);
    } finally {
      setConfirm(false);
    }
  };

  if (ret.isPending) return <Loading />;
  if (ret.isError) return <ErrorState error={ret.error} onRetry={() => void ret.refetch()} />;
  const r = ret.data;
  const mayDelete = (user?.id === r.user.id && r.status.code === 'NEW') || isAdmin(user);

  return (
    <Box>
      <PageHeader
        title={t('detail.title', { id: r.id })}
        crumbs={[{ label: isStaff(user) ? t('staffTitle') : t('title'), to: '/returns/' }]}
        actions={
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            {canComment(user) && (
              <Button
                variant="contained"
                startIcon={<RateReview />}
                component={RouterLink}
                to={`/returns/${r.id}/comment/`}
              >
                {t('comment.add')}
              </Button>
            )}
            {mayDelete && user?.permissions.returns.delete === 1 && (
              <Button color="error" variant="outlined" startIcon={<Delete />} onClick={() => setConfirm(true)}>
                {t('common:delete')}
              </Button>
            )}
          </Box>
        }
      />
      <Paper sx={{ p: { xs: 2, sm: 3 }, mb: 3 }}>
        <Row label={t('field.status')}>
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
            <StatusChip status={r.status} />
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {r.status.description}
            </Typography>
          </Box>
        </Row>
        <Row label={t('field.date')}>{formatDate(r.dateCreate, true)}</Row>
        <Row label={t('field.order')}>
          <RefLink kind="order" id={r.order.id}>
            {r.order.title}
          </RefLink>
        </Row>
        <Row label={t('field.product')}>{[r.product.article, r.product.name].filter(Boolean).join(' — ')}</Row>
        <Row label={t('field.quantity')}>{num(r.quantity)}</Row>
        <Row label={t('field.dealer')}>{r.user.name}</Row>
        {r.packageNumber && <Row label={t('field.packageNumber')}>{r.packageNumber}</Row>}
        {r.productDeliveryDate && <Row label={t('field.deliveryDate')}>{formatDate(r.productDeliveryDate)}</Row>}
        <Row label={t('field.reason')}>
          <RefText text={r.reason} />
        </Row>
        {r.comment && (
          <Row label={t('field.comment')}>
            <RefText text={r.comment} />
          </Row>
        )}
        {r.photos.length > 0 && (
          <Row label={t('field.photos')}>
            <FileList files={r.photos} />
          </Row>
        )}
      </Paper>
      <Typography variant="h2" component="h2" sx={{ mb: 2 }}>
        {t('comments')}
      </Typography>
      <Divider sx={{ mb: 2 }} />
      {comments.isPending ? (
        <Loading />
      ) : comments.isError ? (
        <ErrorState error={comments.error} onRetry={() => void comments.refetch()} />
      ) : comments.data.count === 0 ? (
        <EmptyState title={t('comment.empty')} />
      ) : (
        <Box sx={{ display: 'grid', gap: 2 }}>
          {comments.data.items.map((c) => (
            <CommentCard key={c.id} comment={c} link />
          ))}
        </Box>
      )}
      <Dialog open={confirm} onClose={() => setConfirm(false)}>
        <DialogTitle>{t('confirmDelete.title')}</DialogTitle>
        <DialogContent>{t('confirmDelete.text', { id: r.id })}</DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirm(false)}>{t('common:cancel')}</Button>
          <Button color="error" variant="contained" onClick={() => void remove()}>
            {t('common:delete')}
          </Button>
        </DialogActions>
      </Dialog>
      <Outlet />
    </Box>
  );
}
