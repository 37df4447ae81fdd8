import Chip from '@mui/material/Chip';
import type { UserStatus } from '@portal/contract';
import { useTranslation } from 'react-i18next';

const COLORS = { pending: 'warning', active: 'success', blocked: 'error' } as const;

export function StatusChip({ status }: { status: UserStatus }) {
  const { t } = useTranslation('users');
  return <Chip size="small" color={COLORS[status]} label={t(`status.${status}`)} variant="outlined" />;
}
