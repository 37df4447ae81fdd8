import type { DeskOrder } from '@portal/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../../lib/notify';
import { useDeskOffer } from './api';

/** What the server accepts as a commercial offer (decision 146): PDF, Word, Excel or an image. */
const OFFER_ACCEPT = '.pdf,.doc,.docx,.xls,.xlsx,.png,.jpg,.jpeg,.webp';

/**
 * The order's commercial offer at the desk (decision 146): attach a file with a description, replace it,
 * open it, or remove it after a confirmation. Each action is a history line and tells the dealer.
 */
export function DeskOffer({ o, onDone }: { o: DeskOrder; onDone: (o: DeskOrder) => void }) {
  const { t } = useTranslation('desk');
  const [description, setDescription] = useState('');
  const [confirmRemove, setConfirmRemove] = useState(false);
  const save = useDeskOffer(o.id, {
    onSuccess: (r) => {
      setConfirmRemove(false);
      setDescription('');
      onDone(r);
    },
    onError: notifyError,
  });
  const offer = o.commerceOffer;
  return (
    <Paper sx={{ p: 2 }} data-testid="desk-offer">
      <Typography variant="h2" sx={{ fontSize: 20, mb: 1.5 }}>
        {t('offer')}
      </Typography>
      {offer ? (
        <Alert severity="success" sx={{ mb: 1, overflowWrap: 'anywhere' }}>
          {t('offerFile', { name: o.offerFileName })}
          {offer.description !== o.offerFileName && <> · {offer.description}</>}
        </Alert>
      ) : (
        <Typography sx={{ mb: 1 }}>{t('offerNone')}</Typography>
      )}
      <TextField
        size="small"
        fullWidth
        label={t('offerDescription')}
        helperText={t('offerDescriptionHint')}
        value={description}
        onChange={(e) => setDescription(e.target.value)}
        slotProps={{ htmlInput: { maxLength: 255 } }}
        sx={{ mb: 1 }}
      />
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button component="label" variant="outlined" disabled={save.isPending || o.isCanceled}>
          {offer ? t('offerReplace') : t('offerAttach')}
          <input
            hidden
            type="file"
            accept={OFFER_ACCEPT}
            data-testid="desk-offer-file"
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (file) save.mutate({ file, description: description.trim() });
              e.target.value = '';
            }}
          />
        </Button>
        {offer && (
          <>
            <Button component="a" href={offer.src} target="_blank" rel="noopener" data-testid="desk-offer-open">
              {t('offerOpen')}
            </Button>
            <Button color="error" disabled={save.isPending} onClick={() => setConfirmRemove(true)}>
              {t('offerRemove')}
            </Button>
          </>
        )}
      </Box>
      <Dialog open={confirmRemove} onClose={() => setConfirmRemove(false)}>
        <DialogTitle>{t('offerRemoveTitle')}</DialogTitle>
        <DialogContent>
          <Typography sx={{ overflowWrap: 'anywhere' }}>{t('offerRemoveText', { name: o.offerFileName })}</Typography>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirmRemove(false)}>{t('cancel')}</Button>
          <Button
            color="error"
            variant="contained"
            disabled={save.isPending}
            onClick={() => save.mutate({ file: null })}
          >
            {t('offerRemoveConfirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </Paper>
  );
}
