import type { BasketItem } from '@portal/contract';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';

/** Lines below their product group's minimum quantity (docs/spec/09-constants.md thresholds, decision 140). */
export const belowMinimum = (items: BasketItem[]) => items.filter((i) => i.minQuantity > 0 && i.amount < i.minQuantity);

/**
 * Tells the dealer, before checkout, which lines hold less than their group's minimum (tea, coffee… from the
 * site settings) and by how much; the server refuses such a checkout with the same figures.
 */
export function MinimumNotice({ items }: { items: BasketItem[] }) {
  const { t } = useTranslation('baskets');
  const short = belowMinimum(items);
  if (short.length === 0) return null;
  return (
    <Alert severity="warning" data-testid="basket-minimum" sx={{ m: { xs: 1, sm: 2 } }}>
      <AlertTitle>{t('belowMinimumTitle')}</AlertTitle>
      {short.map((i) => (
        <Box key={i.id}>
          {t('belowMinimumLine', {
            name: [i.article, i.productName].filter(Boolean).join(' '),
            min: i.minQuantity,
            amount: i.amount,
          })}
        </Box>
      ))}
      <Box sx={{ mt: 0.5 }}>{t('belowMinimumCheckout')}</Box>
    </Alert>
  );
}
