import { ORDER_QUANTITY_MAX, type AddResult } from '@portal/contract';
import AddShoppingCart from '@mui/icons-material/AddShoppingCart';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useActiveBasket } from '../../lib/active-basket';
import { notifyError, notifySuccess } from '../../lib/notify';
import type { ProductOrderProps } from '../../lib/slots';
import { useAddToBasket } from './api';
import { AddFailedDialog } from './components/AddFailedDialog';

/** Quantity and 'В корзину' on every product view: adds to the active basket (docs/spec/04-states.md). */
export default function ProductOrderControl({
  productId,
  min = 1,
  max = ORDER_QUANTITY_MAX,
  minQuantity = 0,
  compact,
}: ProductOrderProps) {
  const { t } = useTranslation('baskets');
  const { active } = useActiveBasket();
  const addToBasket = useAddToBasket();
  // Tea and coffee start at their minimum (docs/spec/09-constants.md), so the dealer is not refused after «В корзину».
  const start = Math.max(1, minQuantity);
  const [quantity, setQuantity] = useState(String(start));
  useEffect(() => setQuantity(String(start)), [productId, start]);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<AddResult['failed']>([]);
  const n = Number(quantity);
  const valid = /^\d+$/.test(quantity) && n >= Math.max(1, min, minQuantity) && n <= max;

  const add = async () => {
    if (!valid) return;
    setBusy(true);
    try {
      // The basket in the answer goes into the cache: the top bar's sum follows with no refetch (api.ts).
      const result = await addToBasket.mutateAsync([{ product: productId, quantity: n }]);
      if (result.failed.length) setFailed(result.failed);
      else notifySuccess(t('added', { name: result.basket.name }));
    } catch (err) {
      notifyError(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
      <TextField
        size="small"
        value={quantity}
        onChange={(e) => setQuantity(e.target.value.replace(/[^\d]/g, ''))}
        onKeyDown={(e) => {
          if (e.key === 'Enter') void add();
        }}
        error={!valid}
        helperText={minQuantity > 0 ? t('minQuantity', { min: minQuantity }) : undefined}
        slotProps={{ htmlInput: { inputMode: 'numeric', 'aria-label': t('quantity'), min, max } }}
        sx={{
          width: compact ? 64 : 88,
          '& .MuiFormHelperText-root': { mx: 0, whiteSpace: 'nowrap' },
        }}
      />
      {compact ? (
        <Tooltip title={t('addTo', { name: active?.name ?? t('newBasket') })}>
          <span>
            <IconButton color="primary" onClick={() => void add()} disabled={busy || !valid} aria-label={t('add')}>
              <AddShoppingCart />
            </IconButton>
          </span>
        </Tooltip>
      ) : (
        <Button
          variant="contained"
          startIcon={<AddShoppingCart />}
          onClick={() => void add()}
          disabled={busy || !valid}
        >
          {t('add')}
        </Button>
      )}
      <AddFailedDialog failed={failed} onClose={() => setFailed([])} />
    </Box>
  );
}
