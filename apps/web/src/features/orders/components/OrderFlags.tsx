import type { Order } from '@portal/contract';
import Box from '@mui/material/Box';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';

/** Status in its server colour, then the flags of docs/spec/04-states.md: paid green, problems orange, cancelled red. */
export function StatusChip({ status }: { status: Order['status'] }) {
  return (
    <Chip
      size="small"
      label={status.name}
      title={status.description}
      sx={{ bgcolor: status.color, color: '#fff', '@media print': { color: '#000', border: '1px solid #000' } }}
    />
  );
}

/** The machine an order was placed for (decision 208), in one line: own name, model, serial number, year. */
export const machineText = (m: NonNullable<Order['machine']>) =>
  [m.name, m.model, m.serial, m.year ?? ''].filter(Boolean).join(' · ');

export function OrderFlags({
  order,
}: {
  order: Pick<Order, 'isPayment' | 'isWarning' | 'isCanceled' | 'status' | 'from1C' | 'shipState'> &
    Partial<Pick<Order, 'urgent' | 'machine'>>;
}) {
  const { t } = useTranslation('orders');
  return (
    <Box sx={{ display: 'inline-flex', gap: 0.5, flexWrap: 'wrap' }}>
      {/* «Машина стоит» (decision 209): first, in red, with the machine in its title. */}
      {order.urgent && (
        <Chip
          size="small"
          color="error"
          icon={<WarningAmberIcon />}
          label={t('flags.urgent')}
          title={order.machine ? machineText(order.machine) : undefined}
          data-testid="urgent-flag"
        />
      )}
      {/* Decision 202: an order placed in 1C, and how much of an order 1C has shipped. */}
      {order.from1C && (
        <Chip size="small" color="info" variant="outlined" label={t('flags.from1C')} data-testid="from-1c" />
      )}
      {order.shipState && order.shipState !== 'none' && (
        <Chip
          size="small"
          variant="outlined"
          color={order.shipState === 'full' ? 'success' : 'default'}
          label={t(`shipState.${order.shipState}`)}
          data-testid="ship-state"
        />
      )}
      {order.isPayment && <Chip size="small" color="success" label={t('flags.paid')} />}
      {order.isWarning && <Chip size="small" color="warning" label={t('flags.warning')} />}
      {/* The 'Отменен' status already says it; the flag shows when another status is set. */}
      {order.isCanceled && order.status.code !== 'C' && <Chip size="small" color="error" label={t('flags.canceled')} />}
    </Box>
  );
}
