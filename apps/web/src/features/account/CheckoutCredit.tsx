import Alert from '@mui/material/Alert';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { money } from '../../lib/format';
import { settlementsQuery } from './api';

/** At checkout: the chosen company's available credit and overdue debt, as 1C last sent them. */
export default function CheckoutCredit({ counterpartyId }: { counterpartyId: number }) {
  const { t } = useTranslation('account');
  const list = useQuery(settlementsQuery(counterpartyId));
  const s = list.data?.items[0];
  if (!s || s.contracts.length === 0) return null;
  return (
    <Alert severity={s.totals.overdue > 0 ? 'warning' : 'info'} data-testid="checkout-credit">
      {t('checkoutCredit', { available: money(s.totals.available), limit: money(s.totals.limit) })}
      {s.totals.overdue > 0 && ` ${t('checkoutOverdue', { overdue: money(s.totals.overdue) })}`}
    </Alert>
  );
}
