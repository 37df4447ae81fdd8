import Alert from '@mui/material/Alert';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { money } from '../../lib/format';
import { portalConfig } from '../../lib/portal-config';
import { settlementsQuery } from './api';

/**
 * At checkout: the chosen company's available credit and overdue debt, as 1C last sent them, and what the
 * credit rule (decision 201) will do with an order of this sum before it is placed. The server decides: it
 * also counts orders not yet in 1C's debt and exempts prepaid methods.
 */
export default function CheckoutCredit({ counterpartyId, sum }: { counterpartyId: number; sum: number }) {
  const { t } = useTranslation('account');
  const list = useQuery(settlementsQuery(counterpartyId));
  const s = list.data?.items[0];
  if (!s || s.contracts.length === 0) return null;
  const rule = portalConfig.settings?.creditRule ?? 'off';
  const beyond = sum > s.totals.available;
  const ruled = rule !== 'off' && (beyond || s.totals.overdue > 0);
  return (
    <Alert
      severity={ruled && rule === 'block' ? 'error' : s.totals.overdue > 0 || ruled ? 'warning' : 'info'}
      data-testid="checkout-credit"
    >
      {t('checkoutCredit', { available: money(s.totals.available), limit: money(s.totals.limit) })}
      {s.totals.overdue > 0 && ` ${t('checkoutOverdue', { overdue: money(s.totals.overdue) })}`}
      {ruled && beyond && ` ${t('checkoutBeyond', { sum: money(sum), available: money(s.totals.available) })}`}
      {ruled && ` ${t(rule === 'block' ? 'checkoutRuleBlock' : 'checkoutRuleWarn')}`}
    </Alert>
  );
}
