import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';

/**
 * A list's filter bar: the fields of a draft in a grid, applied with the «apply» button or Enter, cleared by
 * «reset» (every key emptied, then applied). The page keeps the draft and decides what applying means (the URL).
 */
export function FilterBar<K extends string>({
  keys,
  draft,
  setDraft,
  onApply,
  applyLabel,
  resetLabel,
  columns,
  search = false,
  sx,
  children,
}: {
  keys: readonly K[];
  draft: Record<K, string>;
  setDraft: (draft: Record<K, string>) => void;
  onApply: (draft: Record<K, string>) => void;
  applyLabel: string;
  resetLabel: string;
  /** The grid's columns at each width. */
  columns: Record<string, string>;
  /** A search landmark (`role="search"`); off where the page already has one to be found by. */
  search?: boolean;
  sx?: SxProps<Theme>;
  children: ReactNode;
}) {
  return (
    <Paper sx={{ p: 2, mb: 2 }}>
      <Box
        component="form"
        role={search ? 'search' : undefined}
        onSubmit={(e) => {
          e.preventDefault();
          onApply(draft);
        }}
        sx={[{ display: 'grid', gap: 2, gridTemplateColumns: columns }, ...(Array.isArray(sx) ? sx : [sx ?? {}])]}
      >
        {children}
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
          <Button type="submit" variant="contained">
            {applyLabel}
          </Button>
          <Button
            onClick={() => {
              const empty = Object.fromEntries(keys.map((k) => [k, ''])) as Record<K, string>;
              setDraft(empty);
              onApply(empty);
            }}
          >
            {resetLabel}
          </Button>
        </Box>
      </Box>
    </Paper>
  );
}
