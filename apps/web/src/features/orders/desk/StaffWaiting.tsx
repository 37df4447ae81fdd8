import type { DeskSummary } from '@portal/contract';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ErrorState, Loading } from '../../../components/States';
import { useCurrentUser } from '../../../lib/current-user';
import { isAdmin, isStaff } from '../../../lib/roles';
import { deskSummaryQuery } from './api';

/** Where each count leads: the list that shows those items. */
const LINKS: Record<keyof DeskSummary, string> = {
  registrations: '/user/?status=pending',
  appeals: '/support/?status=NEW',
  returns: '/returns/?status=NEW',
  requests: '/wishes/?status=ERROR',
  problemOrders: '/desk/order/?flag=warning',
  pendingCorrections: '/desk/order/?flag=pending',
  newOrders: '/desk/order/?status=1',
};

/**
 * The staff's dashboard block (the work queue, decision 193): what waits for staff, each count a link to its
 * list. Registrations are moderated by administrators, so an employee's queue leaves them out.
 */
export default function StaffWaiting() {
  const { t } = useTranslation('desk');
  const user = useCurrentUser().data;
  const staff = isStaff(user);
  const admin = isAdmin(user);
  const summary = useQuery({ ...deskSummaryQuery, enabled: staff });
  if (!staff) return null;
  const keys = (Object.keys(LINKS) as Array<keyof DeskSummary>).filter((k) => admin || k !== 'registrations');
  return (
    <Paper sx={{ p: 2 }} data-testid="staff-waiting">
      <Typography variant="h2" sx={{ fontSize: 20, mb: 1.5 }}>
        {t('waiting.title')}
      </Typography>
      {summary.isPending ? (
        <Loading />
      ) : summary.isError ? (
        <ErrorState error={summary.error} onRetry={() => void summary.refetch()} />
      ) : (
        <Box
          sx={{
            display: 'grid',
            gap: 1.5,
            gridTemplateColumns: {
              xs: 'repeat(2, minmax(0, 1fr))',
              sm: 'repeat(4, minmax(0, 1fr))',
              lg: `repeat(${keys.length}, minmax(0, 1fr))`,
            },
          }}
        >
          {keys.map((k) => (
            <Paper
              key={k}
              variant="outlined"
              component={RouterLink}
              to={LINKS[k]}
              data-testid={`waiting-${k}`}
              sx={{
                p: 1.5,
                textDecoration: 'none',
                color: 'inherit',
                borderColor: summary.data[k] > 0 && k !== 'newOrders' ? 'warning.main' : 'divider',
                '&:hover': { bgcolor: 'action.hover' },
              }}
            >
              <Typography sx={{ fontSize: 28, fontWeight: 700, lineHeight: 1.2 }}>{summary.data[k]}</Typography>
              <Typography variant="body2" color="text.secondary">
                {t(`waiting.${k}`)}
              </Typography>
            </Paper>
          ))}
        </Box>
      )}
    </Paper>
  );
}
