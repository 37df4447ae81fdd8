import type { WishStatus } from '@portal/contract';
import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';

const COLOR = { SUCCESS: 'success', PROCESSING: 'warning', ERROR: 'error' } as const;

export function WishStatusChip({ status }: { status: WishStatus }) {
  const { t } = useTranslation('wishes');
  return <Chip size="small" color={COLOR[status]} label={t(`status.${status}`)} data-testid="wish-status" />;
}
