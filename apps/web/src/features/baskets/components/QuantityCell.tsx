import TextField from '@mui/material/TextField';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A quantity edited in place: sent on Enter or when the field loses focus; 0 removes the line. A line with a
 * minimum says so under the field, in red while it holds less.
 */
export function QuantityCell({
  value,
  onCommit,
  label,
  min = 0,
}: {
  value: number;
  onCommit: (n: number) => void;
  label: string;
  /** The line's least quantity from the settings (docs/spec/09-constants.md, decision 140); 0 = none. */
  min?: number;
}) {
  const { t } = useTranslation('baskets');
  const [text, setText] = useState(String(value));
  useEffect(() => setText(String(value)), [value]);
  const valid = /^\d+$/.test(text) && Number(text) <= 10000;
  const commit = () => {
    if (valid && Number(text) !== value) onCommit(Number(text));
    else if (!valid) setText(String(value));
  };
  return (
    <TextField
      size="small"
      value={text}
      error={!valid || (min > 0 && value < min)}
      helperText={valid ? (min > 0 ? t('minQuantity', { min }) : undefined) : t('quantityRange')}
      onChange={(e) => setText(e.target.value.trim())}
      onBlur={commit}
      onKeyDown={(e) => {
        if (e.key === 'Enter') commit();
      }}
      slotProps={{ htmlInput: { inputMode: 'numeric', 'aria-label': label } }}
      sx={{
        width: { xs: 64, sm: 90 },
        '& .MuiFormHelperText-root': { mx: 0, whiteSpace: valid ? 'nowrap' : undefined },
      }}
    />
  );
}
