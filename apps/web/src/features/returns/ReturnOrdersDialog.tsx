import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { EmptyState, ErrorState, Loading } from '../../components/States';
import { formatDate } from '../../lib/format';
import { returnFieldsQuery } from './api';
import { IconClose } from './components';

/** /returns/orders/: the dealer's shipped orders within the return period with something not yet returned. */
export default function ReturnOrdersDialog() {
  const { t } = useTranslation('returns');
  const navigate = useNavigate();
  const phone = useMediaQuery('(max-width:600px)');
  const fields = useQuery(returnFieldsQuery());
  const close = () => void navigate('/returns/');
  return (
    <Dialog open onClose={close} fullWidth maxWidth="sm" fullScreen={phone} aria-labelledby="return-orders-title">
      <DialogTitle id="return-orders-title">{t('orders.title')}</DialogTitle>
      <IconClose onClick={close} label={t('common:close')} />
      <DialogContent dividers>
        {fields.isPending ? (
          <Loading />
        ) : fields.isError ? (
          <ErrorState error={fields.error} onRetry={() => void fields.refetch()} />
        ) : fields.data.orders.length === 0 ? (
          <EmptyState title={t('orders.empty')} />
        ) : (
          <List>
            {fields.data.orders.map((o) => (
              <ListItemButton key={o.id} onClick={() => void navigate(`/order/${o.id}/returns/`)}>
                <ListItemText
                  primary={o.title}
                  secondary={t('orders.until', { count: o.available, date: formatDate(o.returnUntil) })}
                />
              </ListItemButton>
            ))}
          </List>
        )}
      </DialogContent>
    </Dialog>
  );
}
