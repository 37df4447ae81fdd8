import type { Answer } from '@portal/contract';
import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';

/** CORRECTED in green, NOT_CORRECTED in red, anything else neutral (docs/spec/03-entities.md statusCss). */
export function AnswerStatusChip({ answer }: { answer: Pick<Answer, 'status' | 'statusCss'> }) {
  const { t } = useTranslation('forms');
  return (
    <Chip
      size="small"
      color={answer.statusCss ?? 'default'}
      label={t(`status.${answer.status}`, { defaultValue: answer.status })}
      data-testid="answer-status"
    />
  );
}
