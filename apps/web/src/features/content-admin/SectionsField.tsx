import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { sectionsQuery } from './api';

/**
 * Catalogue sections chosen by name (a product group of docs/spec/09-constants.md, decision 140: tea, coffee): the value is
 * their ids. A section that no longer exists stays listed by its id until it is removed.
 */
export function SectionsField({
  label,
  value,
  onChange,
  error,
}: {
  label: string;
  value: number[];
  onChange: (ids: number[]) => void;
  error?: string;
}) {
  const { t } = useTranslation('contentAdmin');
  const sections = useQuery(sectionsQuery);
  const byId = new Map((sections.data?.items ?? []).map((s) => [s.id, s]));
  const options = (sections.data?.items ?? []).map((s) => s.id);
  return (
    <Autocomplete
      multiple
      options={options}
      value={value}
      loading={sections.isPending}
      noOptionsText={t('settings.threshold.noSections')}
      onChange={(_e, ids) => onChange(ids)}
      getOptionLabel={(id) => {
        const s = byId.get(id);
        return s ? `${'· '.repeat(Math.max(0, s.level - 1))}${s.name}` : `#${id}`;
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          error={Boolean(error)}
          helperText={error ?? t('settings.threshold.sectionsHint')}
        />
      )}
      sx={{ gridColumn: { sm: '1 / -1' } }}
    />
  );
}
