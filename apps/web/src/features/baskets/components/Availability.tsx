import type { BasketItem, BasketStore } from '@portal/contract';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import { num } from '../../../lib/format';

const COLOR = { Y: 'success', D: 'warning', N: 'default' } as const;

/**
 * Availability Y/D/N (docs/spec/03-entities.md) with the amount in each warehouse. Lines name warehouses by id; `stores`
 * is the directory sent once with the list.
 */
export function Availability({
  item,
  stores,
}: {
  item: Pick<BasketItem, 'availability' | 'stores' | 'stock'>;
  stores: ReadonlyMap<number, BasketStore>;
}) {
  const { t } = useTranslation('baskets');
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.5, alignItems: 'flex-start' }}>
      <Chip size="small" color={COLOR[item.availability]} label={t(`availability.${item.availability}`)} />
      {item.stores
        .filter((s) => s.amount > 0)
        .map((s) => {
          const store = stores.get(s.id);
          return (
            <Tooltip key={s.id} title={store?.isVirtual ? t('availability.virtual') : ''}>
              <Box component="span" sx={{ fontSize: 12, color: 'text.secondary', whiteSpace: 'nowrap' }}>
                {store?.name ?? `#${s.id}`}: {num(s.amount)}
              </Box>
            </Tooltip>
          );
        })}
    </Box>
  );
}
