import { businessDay } from '@portal/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { EmptyState, Loading } from '../../components/States';
import { useCurrentUser } from '../../lib/current-user';
import { formatDate, monthName, money, num } from '../../lib/format';
import { StatusChip } from './components/OrderFlags';
import { lastOrdersQuery, orderHistoryQuery } from './api';

const useCanOrder = () => useCurrentUser().data?.permissions.order.fetch === 1;

/** Dashboard: the last five orders (docs/spec/09-constants.md). */
export function LastOrders() {
  const { t } = useTranslation('orders');
  const allowed = useCanOrder();
  const list = useQuery({
    ...lastOrdersQuery,
    enabled: allowed,
  });
  if (!allowed) return null;
  return (
    <Paper sx={{ p: 2, height: '100%' }} data-testid="last-orders">
      <Box sx={{ display: 'flex', alignItems: 'center', mb: 1 }}>
        <Typography variant="h2" sx={{ fontSize: 20, flexGrow: 1 }}>
          {t('dashboard.last')}
        </Typography>
        <Button component={RouterLink} to="/order/" size="small">
          {t('dashboard.all')}
        </Button>
      </Box>
      {list.isPending ? (
        <Loading />
      ) : !list.data?.items.length ? (
        <EmptyState title={t('empty')} />
      ) : (
        list.data.items.map((o) => (
          <Box
            key={o.id}
            sx={{
              display: 'flex',
              gap: 1,
              alignItems: 'center',
              py: 0.75,
              borderTop: 1,
              borderColor: 'divider',
              flexWrap: 'wrap',
            }}
          >
            <Link component={RouterLink} to={`/order/${o.id}/`} sx={{ minWidth: 70 }}>
              № {o.id}
            </Link>
            <Typography color="text.secondary" sx={{ minWidth: 90 }}>
              {formatDate(o.dateCreate)}
            </Typography>
            <StatusChip status={o.status} />
            <Typography sx={{ ml: 'auto', whiteSpace: 'nowrap' }}>
              {o.totals.map((s) => money(s.value, s.currency)).join(' + ')}
            </Typography>
          </Box>
        ))
      )}
    </Paper>
  );
}

/** Dashboard: orders by month over the last year (count and sum in roubles). */
export function OrderHistory() {
  const { t } = useTranslation('orders');
  const allowed = useCanOrder();
  // Months of the supplier's calendar (decision 180): the first day of the month eleven months back.
  const [year, month] = businessDay().split('-').map(Number) as [number, number];
  const from = new Date(Date.UTC(year, month - 12, 1));
  const dateFrom = from.toISOString().slice(0, 10);
  const list = useQuery({
    ...orderHistoryQuery(dateFrom),
    enabled: allowed,
  });
  if (!allowed) return null;
  const months = new Map<string, { count: number; sum: number }>();
  for (let i = 0; i < 12; i++) {
    const d = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth() + i, 1));
    months.set(d.toISOString().slice(0, 7), { count: 0, sum: 0 });
  }
  for (const o of list.data?.items ?? []) {
    const m = months.get(businessDay(o.dateCreate).slice(0, 7));
    if (m) {
      m.count++;
      m.sum += o.totals.find((s) => s.currency === 'RUB')?.value ?? 0;
    }
  }
  const max = Math.max(1, ...[...months.values()].map((m) => m.count));
  return (
    <Paper sx={{ p: 2, height: '100%' }} data-testid="order-history">
      <Typography variant="h2" sx={{ fontSize: 20, mb: 2 }}>
        {t('dashboard.history')}
      </Typography>
      {list.isPending ? (
        <Loading />
      ) : (
        <Box
          sx={{ display: 'flex', alignItems: 'flex-end', gap: 0.5, height: 160 }}
          role="img"
          aria-label={t('dashboard.history')}
        >
          {[...months].map(([key, m]) => (
            <Box
              key={key}
              sx={{
                flex: 1,
                display: 'flex',
                flexDirection: 'column',
                alignItems: 'center',
                height: '100%',
                justifyContent: 'flex-end',
              }}
              title={`${monthName(key, true)}: ${num(m.count)} · ${money(m.sum)}`}
            >
              <Typography variant="caption">{m.count || ''}</Typography>
              <Box
                sx={{
                  width: '100%',
                  bgcolor: 'primary.main',
                  borderRadius: '3px 3px 0 0',
                  height: `${(m.count / max) * 110}px`,
                  // A string: in sx a number up to 1 means a fraction (1 = 100 %).
                  minHeight: m.count ? '4px' : '1px',
                }}
              />
              <Typography
                variant="caption"
                color="text.secondary"
                data-testid="history-month"
                // Twelve names fit at 1280 px; on a phone a bar is ~24 px wide, so the caption shrinks.
                sx={{ fontSize: { xs: 10, sm: 12 }, whiteSpace: 'nowrap' }}
              >
                {monthName(key)}
              </Typography>
            </Box>
          ))}
        </Box>
      )}
    </Paper>
  );
}
