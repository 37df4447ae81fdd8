import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { SxProps, Theme } from '@mui/material/styles';
import { useQuery } from '@tanstack/react-query';
import { statusesQuery } from '../api';

/** The order lists' status filter: «any», then every order status by its id. */
export function StatusSelect({
  label,
  anyLabel,
  value,
  onChange,
  sx,
}: {
  label: string;
  anyLabel: string;
  value: string;
  onChange: (value: string) => void;
  sx?: SxProps<Theme>;
}) {
  const statuses = useQuery(statusesQuery);
  return (
    <TextField size="small" select label={label} value={value} onChange={(e) => onChange(e.target.value)} sx={sx}>
      <MenuItem value="">{anyLabel}</MenuItem>
      {statuses.data?.items.map((s) => (
        <MenuItem key={s.id} value={String(s.id)}>
          {s.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
