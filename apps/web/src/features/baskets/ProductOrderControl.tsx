import { ORDER_QUANTITY_MAX, type AddResult } from '@portal/contract';
import AddShoppingCart from '@mui/icons-material/AddShoppingCart';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { invalidateBaskets, useActiveBasket } from '../../lib/active-basket';
import { notifyError, notifySuccess } from '../../lib/notify';
import { rest } from '../../lib/rest';
import type { ProductOrderProps } from '../../lib/slots';
import { AddFailedDialog } from './components/AddFailedDialog';

/** Quantity and 'В корзину' on every product view: adds to the active basket (spec §4). */
export default function ProductOrderControl({
  productId,
  min = 1,
  max = ORDER_QUANTITY_MAX,
  compact,
}: ProductOrderProps) {
  const { t } = useTranslation('baskets');
  const queryClient = useQueryClient();
  const { ensure, active } = useActiveBasket();
  const [quantity, setQuantity] = useState('1');
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<AddResult['failed']>([]);
  const n = Number(quantity);
  const valid = /^\d+$/.test(quantity) && n >= Math.max(1, min) && n <= max;

  const add = async () => {
    if (!valid) return;
    setBusy(true);
    try {
      const id = await ensure();
      const result = await rest('basket/add', { id, fields: [{ product: productId, quantity: n }] });
      if (result.failed.length) setFailed(result.failed);
      else notifySuccess(t('added', { name: result.basket.name }));
      await invalidateBaskets(queryClient);
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
        slotProps={{ htmlInput: { inputMode: 'numeric', 'aria-label': t('quantity'), min, max } }}
        sx={{ width: compact ? 64 : 88 }}
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
