import type { BasketItem, ShortLine } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { num } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useSplitLine, useSwapLine } from '../api';
import { AlternativesChooser } from './AlternativesChooser';

/** The alternatives of a short basket line (decision 206): «Заменить» and «Разделить» ask the server. */
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
  const swap = useSwapLine(basketId);
  const split = useSplitLine(basketId);
  const busy = swap.isPending || split.isPending;

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
  const labelOf = (a: { article: string; name: string }) => [a.article, a.name].filter(Boolean).join(' ');

  return (
    <AlternativesChooser
      name={[item.article, item.productName].filter(Boolean).join(' ')}
      amount={item.amount}
      measureFactor={item.measureFactor}
      short={short}
      intro={t('short.intro', { amount: num(item.amount), stock: num(short.stock), missing: num(short.missing) })}
      busy={busy}
      onSwap={(a) => void run('swap', a.productId, labelOf(a))}
      onSplit={(a) => void run('split', a.productId, labelOf(a))}
      onClose={onClose}
    />
  );
}
