import type { Alternative, ShortLine } from '@portal/contract';
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

const up = (quantity: number, factor: number) => Math.ceil(quantity / (factor || 1)) * (factor || 1);
const down = (quantity: number, factor: number) => Math.floor(quantity / (factor || 1)) * (factor || 1);

/** What «Заменить» and «Разделить» take of an alternative, as the server counts them (decision 206). */
export function alternativeAmounts(amount: number, stock: number, factor: number, a: Alternative) {
  const kept = down(Math.min(stock, amount), factor);
  return {
    kept,
    canSplit: kept > 0 && kept < amount,
    whole: up(amount * a.ratio, a.measureFactor),
    rest: up((amount - kept) * a.ratio, a.measureFactor),
  };
}

/**
 * The in-stock alternatives of a short line (decision 206), best first, each with «Заменить» (the whole line)
 * and, when the warehouses hold part of the line, «Разделить» (that part stays, the rest from it). What the
 * buttons do is the caller's: a basket line asks the server, a quick-order line changes what will be added.
 */
export function AlternativesChooser({
  name,
  amount,
  measureFactor,
  short,
  intro,
  busy = false,
  onSwap,
  onSplit,
  onClose,
}: {
  name: string;
  amount: number;
  measureFactor: number;
  short: ShortLine;
  /** The sentence above the list (where the amount is: a basket, a pasted list). */
  intro: string;
  busy?: boolean;
  onSwap: (a: Alternative, whole: number) => void;
  onSplit: (a: Alternative, kept: number, rest: number) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('baskets');
  // The theme's `sm` breakpoint (600 px): a phone gets the dialog full screen.
  const phone = useMediaQuery('(max-width:599.95px)');

  return (
    <Dialog open onClose={busy ? undefined : onClose} fullScreen={phone} maxWidth="sm" fullWidth>
      <DialogTitle>{t('short.title', { name })}</DialogTitle>
      <DialogContent dividers>
        <Typography variant="body2" sx={{ mb: 1 }}>
          {intro}
        </Typography>
        {short.alternatives.length === 0 ? (
          <Typography color="text.secondary">{t('short.none')}</Typography>
        ) : (
          short.alternatives.map((a, index) => {
            const { kept, canSplit, whole, rest } = alternativeAmounts(amount, short.stock, measureFactor, a);
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
                    <Button variant="contained" size="small" disabled={busy} onClick={() => onSwap(a, whole)}>
                      {t('short.swap', { amount: num(whole) })}
                    </Button>
                    {canSplit && (
                      <Button variant="outlined" size="small" disabled={busy} onClick={() => onSplit(a, kept, rest)}>
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
