import type { AddResult } from '@portal/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { message } from '../../../lib/i18n';
import { notifySuccess } from '../../../lib/notify';

/**
 * 'Не удалось добавить: {0}' (docs/spec/08-errors.md) with the lines that failed; they can be requested through a
 * manager. Until the requests screen exists the dialog explains that and lets the dealer copy the list.
 */
export function AddFailedDialog({ failed, onClose }: { failed: AddResult['failed']; onClose: () => void }) {
  const { t } = useTranslation('baskets');
  const text = failed.map((f) => f.name).join(', ');
  return (
    <Dialog open={failed.length > 0} onClose={onClose} aria-labelledby="add-failed-title" maxWidth="sm" fullWidth>
      <DialogTitle id="add-failed-title">{t('failed.title')}</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          {message('error.basketAddFailed', text)}
        </Alert>
        <List dense>
          {failed.map((f) => (
            <ListItem key={f.product} disableGutters>
              <ListItemText primary={f.name} secondary={f.reason} />
            </ListItem>
          ))}
        </List>
        <Typography sx={{ mt: 1 }}>{t('failed.manager')}</Typography>
      </DialogContent>
      <DialogActions>
        <Button
          onClick={() => {
            void navigator.clipboard
              ?.writeText(failed.map((f) => f.name).join('\n'))
              .then(() => notifySuccess(t('failed.copied')));
          }}
        >
          {t('failed.copy')}
        </Button>
        <Button variant="contained" onClick={onClose}>
          {t('common:close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
