import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { dateTextOk } from '../lib/date-text';

/**
 * A list filter's date, typed as ДД.ММ.ГГГГ in every language's screen the same way (a native date input
 * shows the browser's own format, mm/dd/yyyy in an English browser); marked when it is not a date.
 */
export function DateFilterField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (text: string) => void;
}) {
  const { t } = useTranslation();
  const ok = dateTextOk(value);
  return (
    <TextField
      size="small"
      label={label}
      placeholder={t('datePlaceholder')}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={!ok}
      helperText={ok ? undefined : t('dateInvalid')}
      slotProps={{ htmlInput: { inputMode: 'numeric' }, inputLabel: { shrink: true } }}
    />
  );
}

/** A list filter's «from» and «to» days, two DateFilterFields over the draft's `dateFrom` and `dateTo`. */
export function DateRangeFilter<D extends { dateFrom: string; dateTo: string }>({
  draft,
  setDraft,
  label,
}: {
  draft: D;
  setDraft: (draft: D) => void;
  label: (key: 'dateFrom' | 'dateTo') => string;
}) {
  return (
    <>
      {(['dateFrom', 'dateTo'] as const).map((k) => (
        <DateFilterField
          key={k}
          label={label(k)}
          value={draft[k]}
          onChange={(text) => setDraft({ ...draft, [k]: text })}
        />
      ))}
    </>
  );
}
