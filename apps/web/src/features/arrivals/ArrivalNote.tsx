import EditCalendarOutlined from '@mui/icons-material/EditCalendarOutlined';
import NotificationsActiveOutlined from '@mui/icons-material/NotificationsActiveOutlined';
import NotificationsNoneOutlined from '@mui/icons-material/NotificationsNoneOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../lib/current-user';
import { num } from '../../lib/format';
import { notifyError, notifySuccess } from '../../lib/notify';
import { isAdmin } from '../../lib/roles';
import type { ProductArrivalProps } from '../../lib/slots';
import { productArrivalsQuery, useSubscribeArrival, useUnsubscribeArrival } from './api';
import { ArrivalsEditor } from './ArrivalsEditor';

/** «12.12» — the day and month of an ISO date, without a time zone's shift. */
const dayMonth = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}`;

/**
 * «12 шт. в наличии, 40 ожидается 12.12» and «Сообщить о поступлении» (decision 207) for one product: on the
 * card, a list row and a basket line. `needed` (a basket line's quantity) decides when the request is offered:
 * when the warehouses hold less than it (one, without it). On the card (`editArticle`) an administrator also
 * opens the editor of the arrivals set by hand.
 */
export default function ArrivalNote({ productId, needed = 1, compact = false, editArticle }: ProductArrivalProps) {
  const { t } = useTranslation('arrivals');
  const { data } = useQuery(productArrivalsQuery(productId));
  const subscribe = useSubscribeArrival();
  const unsubscribe = useUnsubscribeArrival();
  const user = useCurrentUser().data;
  const editable = editArticle !== undefined && isAdmin(user);
  const [editing, setEditing] = useState(false);
  if (!data) return null;
  const short = data.stock < needed;
  if (data.arrivals.length === 0 && !short && !editable) return null;
  const [first, ...rest] = data.arrivals;
  const more = rest.map((a) => t('expectedAt', { quantity: num(a.quantity), date: dayMonth(a.date) })).join(', ');
  const busy = subscribe.isPending || unsubscribe.isPending;
  return (
    <Box data-testid="arrival-note" sx={{ mt: 0.5, display: 'flex', flexWrap: 'wrap', gap: 0.5, alignItems: 'center' }}>
      {first && (
        <Tooltip title={more}>
          <Typography variant="body2" color="text.secondary" component="span" sx={{ mr: 0.5 }}>
            {t('stockAndExpected', {
              stock: num(data.stock),
              quantity: num(first.quantity),
              date: dayMonth(first.date),
            })}
            {first.storeName ? ` (${first.storeName})` : ''}
            {rest.length > 0 ? ` ${t('more', { count: rest.length })}` : ''}
          </Typography>
        </Tooltip>
      )}
      {short &&
        (data.subscribed ? (
          <>
            <Typography
              variant="body2"
              color="success.main"
              component="span"
              sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
            >
              <NotificationsActiveOutlined fontSize="small" />
              {compact ? t('subscribedShort') : t('subscribed')}
            </Typography>
            <Button
              size="small"
              disabled={busy}
              onClick={() =>
                unsubscribe.mutate(productId, {
                  onSuccess: () => notifySuccess(t('unsubscribed')),
                  onError: notifyError,
                })
              }
              sx={{ py: 0 }}
            >
              {t('unsubscribe')}
            </Button>
          </>
        ) : (
          <Button
            size="small"
            variant="outlined"
            startIcon={<NotificationsNoneOutlined />}
            disabled={busy}
            onClick={() =>
              subscribe.mutate(productId, {
                onSuccess: () => notifySuccess(t('subscribedToast')),
                onError: notifyError,
              })
            }
            sx={{ py: 0 }}
          >
            {t('subscribe')}
          </Button>
        ))}
      {editable && (
        <Button size="small" startIcon={<EditCalendarOutlined />} onClick={() => setEditing(true)} sx={{ py: 0 }}>
          {t('editor.open')}
        </Button>
      )}
      {editing && editArticle !== undefined && (
        <ArrivalsEditor article={editArticle} arrivals={data} onClose={() => setEditing(false)} />
      )}
    </Box>
  );
}
