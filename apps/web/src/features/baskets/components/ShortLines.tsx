import type { BasketItem, ShortLine } from '@portal/contract';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { num } from '../../../lib/format';

/** Under a short line's name: what the warehouses lack, and the way to its alternatives (decision 206). */
export function ShortLineNote({ short, onOpen }: { short: ShortLine; onOpen: () => void }) {
  const { t } = useTranslation('baskets');
  const count = short.alternatives.length;
  return (
    <Box data-testid="short-line" sx={{ mt: 0.5 }}>
      <Typography variant="body2" color="warning.main" component="span" sx={{ mr: 1 }}>
        {t('short.missing', { missing: num(short.missing) })}
      </Typography>
      {count > 0 && (
        <Button size="small" variant="outlined" color="warning" onClick={onOpen} sx={{ py: 0 }}>
          {t('short.offer', { count })}
        </Button>
      )}
    </Box>
  );
}

/** Above the lines: which lines the warehouses cannot fully supply now. */
export function ShortLinesNotice({ items, shorts }: { items: BasketItem[]; shorts: ShortLine[] }) {
  const { t } = useTranslation('baskets');
  if (shorts.length === 0) return null;
  const byId = new Map(items.map((i) => [i.id, i]));
  return (
    <Alert severity="warning" data-testid="basket-short" sx={{ m: { xs: 1, sm: 2 } }}>
      <AlertTitle>{t('short.summaryTitle', { count: shorts.length })}</AlertTitle>
      {shorts.slice(0, 5).map((s) => {
        const i = s.line === null ? undefined : byId.get(s.line);
        return (
          <Box key={s.line ?? s.product}>
            {t('short.summaryLine', {
              name: i ? [i.article, i.productName].filter(Boolean).join(' ') : `#${s.product}`,
              amount: num(s.amount),
              stock: num(s.stock),
            })}
          </Box>
        );
      })}
      {shorts.length > 5 && <Box>{t('short.summaryMore', { count: shorts.length - 5 })}</Box>}
      <Box sx={{ mt: 0.5 }}>{t('short.summaryHint')}</Box>
    </Alert>
  );
}
