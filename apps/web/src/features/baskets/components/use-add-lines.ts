import { type AddResult } from '@portal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { invalidateBaskets, useActiveBasket } from '../../../lib/active-basket';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { rest } from '../../../lib/rest';

/** Adds chosen lines to the active basket in one call; failed lines open the dialog. */
export function useAddLines() {
  const { t } = useTranslation('baskets');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { ensure } = useActiveBasket();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<AddResult['failed']>([]);
  const add = async (lines: Array<{ product: number; quantity: number }>) => {
    setBusy(true);
    try {
      const id = await ensure();
      const result = await rest('basket/add', { id, fields: lines });
      await invalidateBaskets(queryClient);
      notifySuccess(t('resolve.added', { count: result.added + result.updated, name: result.basket.name }));
      if (result.failed.length) setFailed(result.failed);
      else await navigate(`/basket/${id}/`);
    } catch (err) {
      notifyError(err);
    } finally {
      setBusy(false);
    }
  };
  return { add, busy, failed, clearFailed: () => setFailed([]) };
}
