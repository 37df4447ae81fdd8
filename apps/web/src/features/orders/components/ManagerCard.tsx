import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isDealer } from '../../../lib/roles';
import { useCurrentUser } from '../../../lib/current-user';
import { myManagerQuery } from '../api';

/**
 * «Ваш менеджер» (decision 199): the dealer's personal manager with a phone and an e-mail to reach them, on the
 * dashboard and on every order. Nothing when none is assigned, or for staff.
 */
export function ManagerCard({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation('orders');
  const dealer = isDealer(useCurrentUser().data);
  const q = useQuery({ ...myManagerQuery, enabled: dealer });
  const m = q.data?.manager;
  if (!dealer || !m) return null;
  const body = (
    <Box sx={{ display: 'grid', gap: 0.5 }}>
      <Typography variant="body2" color="text.secondary">
        {t('manager.title')}
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
