import { type AddResult } from '@portal/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useAddToBasket } from '../api';

/** What an add did: the basket, and the products that went in (the preview marks their lines). */
export interface AddOutcome {
  basketId: number;
  basketName: string;
  count: number;
  added: number[];
}

/**
 * Adds chosen lines to the active basket in one call; failed lines open the dialog. The dealer stays on the
 * page, so the lines not found and the ones still to fix stay in view (decision 191).
 */
export function useAddLines() {
  const { t } = useTranslation('baskets');
  const addToBasket = useAddToBasket();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<AddResult['failed']>([]);
  const add = async (lines: Array<{ product: number; quantity: number }>): Promise<AddOutcome | null> => {
    setBusy(true);
    try {
      const result = await addToBasket.mutateAsync(lines);
      const count = result.added + result.updated;
      notifySuccess(t('resolve.added', { count, name: result.basket.name }));
      if (result.failed.length) setFailed(result.failed);
      const refused = new Set(result.failed.map((f) => f.product));
      return {
        basketId: result.basket.id,
        basketName: result.basket.name,
        count,
        added: lines.map((l) => l.product).filter((p) => !refused.has(p)),
      };
    } catch (err) {
      notifyError(err);
      return null;
    } finally {
      setBusy(false);
    }
  };
  return { add, busy, failed, clearFailed: () => setFailed([]) };
}
