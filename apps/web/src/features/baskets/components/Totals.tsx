import type { Basket } from '@portal/contract';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { money, num, volume } from '../../../lib/format';

/** Sums by currency, weight and volume of a basket. */
export function Totals({ basket }: { basket: Basket }) {
  const { t } = useTranslation('baskets');
  return (
    <Box
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 3, justifyContent: 'flex-end', p: 2 }}
      data-testid="basket-totals"
    >
      <Typography>{t('totals.lines', { count: basket.count })}</Typography>
      <Typography>{t('totals.weight', { value: num(basket.weightKg) })}</Typography>
      <Typography>{t('totals.volume', { value: volume(basket.volumeM3) })}</Typography>
      {(basket.totals.length ? basket.totals : [{ value: 0, currency: 'RUB' as const }]).map((s) => (
        <Typography key={s.currency} sx={{ fontWeight: 700 }}>
          {t('totals.sum')}: {money(s.value, s.currency)}
        </Typography>
      ))}
    </Box>
  );
}
