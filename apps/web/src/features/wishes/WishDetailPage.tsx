import Delete from '@mui/icons-material/Delete';
import Send from '@mui/icons-material/Send';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { ErrorState, Loading } from '../../components/States';
import { useCurrentUser } from '../../lib/current-user';
import { formatDate, num } from '../../lib/format';
import { notifyError, notifySuccess } from '../../lib/notify';
import { isAdmin } from '../../lib/roles';
import { isStaff, useAddWishToCatalog, useDeleteWish, useSendWish, useUpdateWish, wishQuery } from './api';
import { ReplacedBy } from './ReplacedBy';
import { WishStatusChip } from './WishStatusChip';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '200px 1fr' }, gap: { xs: 0, sm: 2 }, py: 0.75 }}>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      <Box sx={{ overflowWrap: 'anywhere' }}>{children}</Box>
    </Box>
  );
}

/** A request for a missing part: its status is re-checked against the catalogue each time it is read. */
export default function WishDetailPage() {
  const { t } = useTranslation('wishes');
  const id = Number(useParams().id);
  const navigate = useNavigate();
  const updateWish = useUpdateWish();
  const deleteWish = useDeleteWish();
  const sendWish = useSendWish();
  const addToCatalog = useAddWishToCatalog();
  const user = useCurrentUser().data;
  const wish = useQuery(wishQuery(id));
  const [confirm, setConfirm] = useState(false);
  const [adding, setAdding] = useState(false);
  const [name, setName] = useState('');
  const staff = isStaff(user);

  const run = async (action: () => Promise<unknown>, success: string) => {
    try {
      await action();
      notifySuccess(success);
      return true;
    } catch (err) {
      notifyError(err);
      return false;
    }
  };

  if (wish.isPending) return <Loading />;
  if (wish.isError) return <ErrorState error={wish.error} onRetry={() => void wish.refetch()} />;
  const w = wish.data;

  return (
    <Box>
      <PageHeader
        title={t('detailTitle', { article: w.article })}
        crumbs={[{ label: staff ? t('staffTitle') : t('title'), to: '/wishes/' }]}
        actions={
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <Button
              variant="contained"
              startIcon={<Send />}
              onClick={() => void run(() => sendWish.mutateAsync(id), t('sent'))}
            >
              {t('sendEmail')}
            </Button>
            {/* Decision 054: the author or an administrator, never an employee. */}
            {(isAdmin(user) || user?.id === w.userId) && (
              <Button color="error" variant="outlined" startIcon={<Delete />} onClick={() => setConfirm(true)}>
                {t('common:delete')}
              </Button>
            )}
          </Box>
        }
      />
      <Paper sx={{ p: { xs: 2, sm: 3 } }}>
        <Row label={t('field.status')}>
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
            <WishStatusChip status={w.status} />
            {w.productId && (
              <Link component={RouterLink} to={`/product/${w.productId}`}>
                {w.productName ?? t('toProduct')}
              </Link>
            )}
            <ReplacedBy parts={w.replaced} />
          </Box>
        </Row>
        <Row label={t('field.article')}>{w.article}</Row>
        <Row label={t('field.count')}>{num(w.count)}</Row>
        {w.vin && <Row label={t('field.vin')}>{w.vin}</Row>}
        {w.model && <Row label={t('field.model')}>{w.model}</Row>}
        <Row label={t('field.date')}>{formatDate(w.dateCreate, true)}</Row>
        {staff && <Row label={t('field.dealer')}>{w.userName}</Row>}
        {w.sentAt && <Row label={t('field.sentAt')}>{formatDate(w.sentAt, true)}</Row>}
      </Paper>
      {staff && (
        <Paper sx={{ p: { xs: 2, sm: 3 }, mt: 3 }}>
          <Typography variant="h3" component="h2" sx={{ mb: 1 }}>
            {t('staff.title')}
          </Typography>
          <FormControlLabel
            control={
              <Switch
                checked={w.isProcessed}
                onChange={(e) =>
                  void run(
                    () =>
                      updateWish.mutateAsync({
                        id,
                        fields: { isProcessed: e.target.checked },
                      }),
                    t('staff.saved'),
                  )
                }
              />
            }
            label={t('staff.processed')}
          />
          {!w.isAvailableCatalog && (
            <Box sx={{ mt: 1 }}>
              <Button variant="outlined" onClick={() => setAdding(true)}>
                {t('staff.addToCatalog')}
              </Button>
            </Box>
          )}
        </Paper>
      )}
      <Dialog open={confirm} onClose={() => setConfirm(false)}>
        <DialogTitle>{t('confirmDelete.title')}</DialogTitle>
        <DialogContent>{t('confirmDelete.text', { article: w.article })}</DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirm(false)}>{t('common:cancel')}</Button>
          <Button
            color="error"
            variant="contained"
            onClick={() =>
              void run(() => deleteWish.mutateAsync(id), t('deleted')).then((ok) => {
                setConfirm(false);
                if (ok) void navigate('/wishes/');
              })
            }
          >
            {t('common:delete')}
          </Button>
        </DialogActions>
      </Dialog>
      <Dialog open={adding} onClose={() => setAdding(false)} fullWidth maxWidth="sm">
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (!name.trim()) return;
            void run(() => addToCatalog.mutateAsync({ id, name }), t('staff.added')).then(
              (ok) => ok && setAdding(false),
            );
          }}
        >
          <DialogTitle>{t('staff.addToCatalog')}</DialogTitle>
          <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
            <Typography variant="body2">{t('staff.addHint', { article: w.article })}</Typography>
            <TextField
              label={t('staff.productName')}
              value={name}
              onChange={(e) => setName(e.target.value)}
              required
              autoFocus
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setAdding(false)}>{t('common:cancel')}</Button>
            <Button type="submit" variant="contained" disabled={!name.trim()}>
              {t('staff.add')}
            </Button>
          </DialogActions>
        </form>
      </Dialog>
    </Box>
  );
}
