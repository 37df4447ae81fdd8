import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isDealer } from '../../../lib/roles';
import { useCurrentUser } from '../../../lib/current-user';
import { myManagerQuery, orderManagerQuery } from '../api';

/**
 * «Ваш менеджер» (decision 199): the dealer's personal manager with a phone and an e-mail to reach them, on the
 * dashboard and on every order — there the order's own: its company's manager when it has one (decision 227).
 * Nothing when none is assigned, or for staff.
 */
export function ManagerCard({ compact = false, orderId }: { compact?: boolean; orderId?: number }) {
  const { t } = useTranslation('orders');
  const dealer = isDealer(useCurrentUser().data);
  const mine = useQuery({ ...myManagerQuery, enabled: dealer && orderId === undefined });
  const ofOrder = useQuery({ ...orderManagerQuery(orderId ?? 0), enabled: dealer && orderId !== undefined });
  const m = (orderId === undefined ? mine : ofOrder).data?.manager;
  if (!dealer || !m) return null;
  const body = (
    <Box sx={{ display: 'grid', gap: 0.5 }}>
      <Typography variant="body2" color="text.secondary">
        {t(orderId === undefined ? 'manager.title' : 'manager.orderTitle')}
      </Typography>
      <Typography sx={{ fontWeight: 600 }}>{m.name}</Typography>
      {m.phone && (
        <Link href={`tel:${m.phone.replace(/[^\d+]/g, '')}`} sx={{ width: 'fit-content' }}>
          {m.phone}
        </Link>
      )}
      {m.email && (
        <Link href={`mailto:${m.email}`} sx={{ overflowWrap: 'anywhere', width: 'fit-content' }}>
          {m.email}
        </Link>
      )}
    </Box>
  );
  if (compact) return <Box data-testid="my-manager">{body}</Box>;
  return (
    <Paper sx={{ p: 2, height: '100%' }} data-testid="my-manager">
      {body}
    </Paper>
  );
}
