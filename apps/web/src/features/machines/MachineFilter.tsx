import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { ALL_MACHINES } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { MachineFilterProps } from '../../lib/slots';
import { machinesQuery } from './api';

const NONE = 'none';

/**
 * «Для моей техники» (decision 208) in the catalogue's and search's toolbar: one machine or all of them narrow
 * the list to the parts of their models (`F_MACHINE`, through the machine-model facet). A dealer without
 * machines sees nothing here.
 */
export default function MachineFilter({ value, onChange }: MachineFilterProps) {
  const { t } = useTranslation('machines');
  const machines = useQuery(machinesQuery());
  const items = machines.data?.items ?? [];
  if (items.length === 0 && value.length === 0) return null;
  const current = value[0] ?? NONE;
  return (
    <TextField
      select
      size="small"
      label={t('filter.label')}
      value={current}
      onChange={(e) => onChange(e.target.value === NONE ? [] : [e.target.value])}
      sx={{ width: { xs: '100%', sm: 260 } }}
      slotProps={{ select: { MenuProps: { slotProps: { paper: { sx: { maxWidth: 360 } } } } } }}
    >
      <MenuItem value={NONE}>{t('filter.none')}</MenuItem>
      <MenuItem value={ALL_MACHINES}>{t('filter.all')}</MenuItem>
      {items.map((m) => (
        <MenuItem key={m.id} value={String(m.id)} sx={{ whiteSpace: 'normal' }}>
          {m.name ? `${m.name} · ${m.model}` : m.model}
        </MenuItem>
      ))}
      {/* A machine removed since the link was made still reads as chosen. */}
      {current !== NONE && current !== ALL_MACHINES && !items.some((m) => String(m.id) === current) && (
        <MenuItem value={current}>{t('filter.gone')}</MenuItem>
      )}
    </TextField>
  );
}
