import type { Order } from '@portal/contract';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { money, num, volume } from '../../../lib/format';
import { machineText, OrderFlags, StatusChip } from './OrderFlags';

/** The summary lines of docs/spec/03-entities.md, in its order. Empty values are left out. */
export function Summary({ order }: { order: Order }) {
  const { t } = useTranslation('orders');
  const ex = (list: Order['totalWeight']['exceptions']) =>
    list.map((e) => [e.article, e.name].filter(Boolean).join(' ')).join('; ');
  const rows: Array<[string, React.ReactNode]> = [
    [
      t('summary.status'),
      <Box key="s" sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
        <StatusChip status={order.status} />
        <OrderFlags order={order} />
      </Box>,
    ],
    [t('summary.author'), order.user.name],
    [t('summary.company'), order.counterparty?.name],
    [t('summary.payment'), order.payments[0]?.name],
    [t('summary.delivery'), order.shipments[0]?.name],
    [t('summary.address'), order.deliveryAddress],
    [
      t('summary.pickup'),
      order.pickupPoint
        ? [order.pickupPoint.name, order.pickupPoint.address, order.pickupPoint.working].filter(Boolean).join(', ')
        : undefined,
    ],
    [t('summary.volume'), volume(order.totalVolume.valueM3)],
    [t('summary.volumeExceptions'), ex(order.totalVolume.exceptions)],
    [t('summary.weight'), num(order.totalWeight.valueKg)],
    [t('summary.weightExceptions'), ex(order.totalWeight.exceptions)],
    [t('summary.machine'), order.machine ? machineText(order.machine) : undefined],
    [t('summary.vin'), order.VINTehniki],
    [t('summary.model'), order.modelTehniki],
    [t('summary.comment'), order.userDescription],
    [t('summary.sum'), order.totals.map((s) => money(s.value, s.currency)).join(' + ') || money(0)],
  ];
  return (
    <Box
      component="dl"
      sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '220px 1fr' }, gap: { xs: 0.25, sm: 1 }, m: 0 }}
      data-testid="order-summary"
    >
      {rows
        .filter(([, v]) => v !== undefined && v !== '')
        .map(([k, v]) => (
          <Box key={k} sx={{ display: 'contents' }}>
            <Box component="dt" sx={{ color: 'text.secondary', mt: { xs: 1, sm: 0 } }}>
              {k}
            </Box>
            <Box component="dd" sx={{ m: 0 }}>
              {v}
            </Box>
          </Box>
        ))}
    </Box>
  );
}
