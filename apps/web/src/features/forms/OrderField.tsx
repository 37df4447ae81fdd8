import type { FormField } from '@portal/contract';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, money } from '../../lib/format';
import { ownOrdersQuery, type OrderChoice } from './api';

/**
 * A form's order field (type ORDER, decision 191): one of the author's own orders, chosen from the newest
 * ones or found by its number; the value sent is the order's number. The server checks the order is theirs.
 */
export function OrderField({
  field,
  value,
  onChange,
  onBlur,
  error,
}: {
  field: FormField;
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  error?: string;
}) {
  const { t } = useTranslation('forms');
  const [input, setInput] = useState('');
  const digits = /^\d{1,10}$/.test(input.trim()) ? Number(input.trim()) : null;
  const recent = useQuery(ownOrdersQuery(null));
  const byNumber = useQuery({ ...ownOrdersQuery(digits), enabled: digits !== null });
  const options = [...(byNumber.data ?? []), ...(recent.data ?? [])].filter(
    (o, i, all) => all.findIndex((x) => x.id === o.id) === i,
  );
  const selected = options.find((o) => String(o.id) === value) ?? null;
  const label = (o: OrderChoice) =>
    t('order.option', { id: o.id, date: formatDate(o.dateCreate), sum: money(o.price), status: o.status });
  return (
    <Autocomplete
      options={options}
      value={selected}
      onChange={(_e, o) => onChange(o ? String(o.id) : '')}
      inputValue={input}
      onInputChange={(_e, v) => setInput(v)}
      getOptionLabel={label}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      loading={recent.isPending}
      loadingText={t('order.loading')}
      noOptionsText={t('order.none')}
      onBlur={onBlur}
      renderInput={(params) => (
        <TextField
          {...params}
          name={field.name}
          label={field.label}
          required={field.required}
          error={Boolean(error)}
          helperText={error ?? t('order.hint')}
        />
      )}
    />
  );
}
