import { type PortalFile } from '@portal/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { notifyError, notifySuccess } from '../../lib/notify';
import { returnFieldsQuery, returnQuery, useCommentReturn } from './api';
import { IconClose, PhotoPicker } from './components';

/** /returns/{id}/comment/: an employee's comment, optionally moving the return to another status. */
export default function CommentDialog() {
  const { t } = useTranslation('returns');
  const id = Number(useParams().id);
  const navigate = useNavigate();
  const commentReturn = useCommentReturn();
  const phone = useMediaQuery('(max-width:600px)');
  const statuses = useQuery(returnFieldsQuery()).data?.statuses ?? [];
  const current = useQuery(returnQuery(id)).data;
  const [text, setText] = useState('');
  const [status, setStatus] = useState('');
  const [photos, setPhotos] = useState<PortalFile[]>([]);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const close = () => void navigate(`/returns/${id}/`);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!text.trim() && !status) {
      setError(t('comment.needText'));
      return;
    }
    setBusy(true);
    setError('');
    try {
      await commentReturn.mutateAsync({
        fields: {
          goodReturn: id,
          ...(text.trim() ? { text } : {}),
          ...(status ? { status } : {}),
          photos: photos.map((p) => p.id),
        },
      });
      notifySuccess(t('comment.saved'));
      close();
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
      notifyError(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={close} fullWidth maxWidth="sm" fullScreen={phone} aria-labelledby="comment-title">
      <DialogTitle id="comment-title">{t('comment.title', { id })}</DialogTitle>
      <IconClose onClick={close} label={t('common:close')} />
      <form noValidate onSubmit={(e) => void submit(e)}>
        <DialogContent dividers sx={{ display: 'grid', gap: 2 }}>
          {error && <Alert severity="error">{error}</Alert>}
          <TextField
            select
            label={t('comment.status')}
            value={status}
            onChange={(e) => setStatus(e.target.value)}
            helperText={current ? t('comment.currentStatus', { name: current.status.name }) : ''}
          >
            <MenuItem value="">{t('comment.keepStatus')}</MenuItem>
            {statuses.map((s) => (
              <MenuItem key={s.code} value={s.code}>
                {s.name}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label={t('comment.text')}
            multiline
            minRows={3}
            autoFocus
            value={text}
            onChange={(e) => setText(e.target.value)}
            slotProps={{ htmlInput: { maxLength: 4000 } }}
          />
          <PhotoPicker value={photos} onChange={setPhotos} />
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{t('common:cancel')}</Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {t('comment.submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
