import type { BasketItem, ShortLine } from '@portal/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { money, num } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useSplitLine, useSwapLine } from '../api';

const up = (quantity: number, factor: number) => Math.ceil(quantity / (factor || 1)) * (factor || 1);
const down = (quantity: number, factor: number) => Math.floor(quantity / (factor || 1)) * (factor || 1);

/**
 * The in-stock alternatives of a short basket line (decision 206), best first, each with «Заменить» (the whole
 * line) and, when the warehouses hold part of the line, «Разделить» (that part stays, the rest from it).
 */
export function AlternativesDialog({
  basketId,
  item,
  short,
  onClose,
}: {
  basketId: number;
  item: BasketItem;
  short: ShortLine;
  onClose: () => void;
}) {
  const { t } = useTranslation('baskets');
  // The theme's `sm` breakpoint (600 px): a phone gets the dialog full screen.
  const phone = useMediaQuery('(max-width:599.95px)');
  const swap = useSwapLine(basketId);
  const split = useSplitLine(basketId);
  const busy = swap.isPending || split.isPending;
  const kept = down(Math.min(short.stock, item.amount), item.measureFactor);
  const canSplit = kept > 0 && kept < item.amount;
  const name = [item.article, item.productName].filter(Boolean).join(' ');

  const run = async (kind: 'swap' | 'split', product: number, label: string) => {
    try {
      if (kind === 'swap') await swap.mutateAsync({ id: item.id, product });
      else await split.mutateAsync({ id: item.id, product });
      notifySuccess(t(kind === 'swap' ? 'short.swapped' : 'short.splitDone', { name: label }));
      onClose();
    } catch (err) {
      notifyError(err);
    }
  };

  return (
    <Dialog open onClose={busy ? undefined : onClose} fullScreen={phone} maxWidth="sm" fullWidth>
      <DialogTitle>{t('short.title', { name })}</DialogTitle>
      <DialogContent dividers>
        <Typography variant="body2" sx={{ mb: 1 }}>
          {t('short.intro', { amount: num(item.amount), stock: num(short.stock), missing: num(short.missing) })}
        </Typography>
        {short.alternatives.length === 0 ? (
          <Typography color="text.secondary">{t('short.none')}</Typography>
        ) : (
          short.alternatives.map((a, index) => {
            const label = [a.article, a.name].filter(Boolean).join(' ');
            const whole = up(item.amount * a.ratio, a.measureFactor);
            const rest = up((item.amount - kept) * a.ratio, a.measureFactor);
            return (
              <Fragment key={a.productId}>
                {index > 0 && <Divider sx={{ my: 1 }} />}
                <Box data-testid="alternative" sx={{ py: 0.5 }}>
                  <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                    <Typography component="span" sx={{ fontWeight: 600 }}>
                      {a.article}
                    </Typography>
                    <Typography component="span" color="text.secondary">
                      {a.brand}
                    </Typography>
                    <Chip
                      size="small"
                      color={a.kind === 'REPLACEMENT' ? 'primary' : 'default'}
                      label={t(`short.kind.${a.kind}`)}
                    />
                  </Box>
                  <Typography variant="body2">{a.name}</Typography>
                  {a.kind === 'REPLACEMENT' && a.chain.length > 1 && (
                    <Typography variant="body2" color="text.secondary">
                      {t('short.chain', { chain: a.chain.join(' → ') })}
                      {a.ratio > 1 ? ` · ${t('short.ratio', { ratio: a.ratio })}` : ''}
                    </Typography>
                  )}
                  <Typography variant="body2" color="success.main">
                    {t('short.inStock', { stock: num(a.stock) })}
                    {a.price ? ` · ${money(a.price.value, a.price.currency)}` : ''}
                  </Typography>
                  <Box sx={{ display: 'flex', gap: 1, mt: 1, flexWrap: 'wrap' }}>
                    <Button
                      variant="contained"
                      size="small"
                      disabled={busy}
                      onClick={() => void run('swap', a.productId, label)}
                    >
                      {t('short.swap', { amount: num(whole) })}
                    </Button>
                    {canSplit && (
                      <Button
                        variant="outlined"
                        size="small"
                        disabled={busy}
                        onClick={() => void run('split', a.productId, label)}
                      >
                        {t('short.split', { kept: num(kept), rest: num(rest) })}
                      </Button>
                    )}
                  </Box>
                </Box>
              </Fragment>
            );
          })
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {t('short.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
