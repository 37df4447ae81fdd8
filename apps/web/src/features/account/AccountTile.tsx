import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { Loading } from '../../components/States';
import { money } from '../../lib/format';
import { settlementsQuery } from './api';

/** Dashboard: the debt, the overdue part and the credit still available over the dealer's companies. */
export default function AccountTile() {
  const { t } = useTranslation('account');
  const list = useQuery(settlementsQuery());
  const withFigures = list.data?.items.filter((s) => s.contracts.length > 0) ?? [];
  if (list.isSuccess && withFigures.length === 0) return null;
  const sum = (pick: (s: (typeof withFigures)[number]) => number) => withFigures.reduce((n, s) => n + pick(s), 0);
  return (
    <Paper component="section" aria-label={t('tile.title')} data-testid="account-tile" sx={{ p: 2, height: '100%' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', mb: 1.5, gap: 1 }}>
        <Typography variant="h2" sx={{ flexGrow: 1, fontSize: 20 }}>
          {t('tile.title')}
        </Typography>
        <Button component={RouterLink} to="/account/" size="small">
          {t('tile.open')}
        </Button>
      </Box>
      {list.isPending ? (
        <Loading />
      ) : (
        <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gap: 2 }}>
          {(
            [
              ['debt', sum((s) => s.totals.debt), false],
              ['overdue', sum((s) => s.totals.overdue), sum((s) => s.totals.overdue) > 0],
              ['available', sum((s) => s.totals.available), false],
            ] as const
          ).map(([key, value, alert]) => (
            <Box key={key} sx={{ minWidth: 0 }}>
              <Typography variant="body2" color="text.secondary">
                {t(key)}
              </Typography>
              <Typography sx={{ fontWeight: 600, fontSize: 18, color: alert ? 'error.main' : undefined }}>
                {money(value)}
              </Typography>
            </Box>
          ))}
        </Box>
      )}
    </Paper>
  );
}
