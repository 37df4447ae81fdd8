import type { ShortLine } from '@portal/contract';
import Alert from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import Link from '@mui/material/Link';

/** The checkout's warning of lines the warehouses cannot fully supply now (decision 206). */
export function ShortLinesWarning({ basket, shorts }: { basket: number; shorts: ShortLine[] }) {
  const { t } = useTranslation('orders');
  if (shorts.length === 0) return null;
  const missing = shorts.reduce((n, s) => n + s.missing, 0);
  const withAlternatives = shorts.filter((s) => s.alternatives.length > 0).length;
  return (
    <Alert severity="warning" data-testid="checkout-short" sx={{ mt: 1 }}>
      {t('shortLines', { count: shorts.length, missing })}{' '}
      {withAlternatives > 0 && (
        <Link component={RouterLink} to={`/basket/${basket}/`}>
          {t('shortLinesAlternatives', { count: withAlternatives })}
        </Link>
      )}
    </Alert>
  );
}
