import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow, { type TableRowProps } from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import type { SxProps, Theme } from '@mui/material/styles';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { ListState } from './States';
import { UrlPagination } from './UrlPagination';

/** A column of a list table: its header, its cell, and from which width it shows (`sm`, `md`). */
export interface ListColumn<R> {
  header: ReactNode;
  cell: (row: R) => ReactNode;
  align?: 'right';
  from?: 'sm' | 'md';
  sx?: SxProps<Theme>;
}

const shownFrom = (from: 'sm' | 'md' | undefined): SxProps<Theme> | undefined =>
  from ? { display: { xs: 'none', [from]: 'table-cell' } } : undefined;

/**
 * A list whose page and size live in the URL: its loading, error and empty states, the table of its rows
 * (columns given, `false` entries left out), and the pagination under it.
 */
export function UrlListTable<T extends { count: number; items: Array<{ id: number }> }, R = T['items'][number]>({
  query,
  label,
  emptyTitle,
  emptyText,
  columns,
  rowProps,
}: {
  query: UseQueryResult<T>;
  label: string;
  emptyTitle: string;
  emptyText?: string;
  columns: Array<ListColumn<R> | false>;
  rowProps?: (row: R) => TableRowProps & { 'data-testid'?: string };
}) {
  const shown = columns.filter((c): c is ListColumn<R> => c !== false);
  return (
    <ListState query={query} emptyTitle={emptyTitle} emptyText={emptyText}>
      {(data) => (
        <Paper>
          <TableContainer>
            <Table size="small" aria-label={label}>
              <TableHead>
                <TableRow>
                  {shown.map((c, i) => (
                    <TableCell key={i} align={c.align} sx={shownFrom(c.from)}>
                      {c.header}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {data.items.map((item) => {
                  const row = item as R;
                  return (
                    <TableRow key={item.id} hover {...rowProps?.(row)}>
                      {shown.map((c, i) => (
                        <TableCell key={i} align={c.align} sx={[shownFrom(c.from) ?? {}, c.sx ?? {}] as SxProps<Theme>}>
                          {c.cell(row)}
                        </TableCell>
                      ))}
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          </TableContainer>
          <UrlPagination count={data.count} />
        </Paper>
      )}
    </ListState>
  );
}

/** A select that filters a URL-paged list by one query parameter; a new choice goes back to page 1. */
export function UrlSelectFilter({
  name,
  label,
  allLabel,
  options,
}: {
  name: string;
  label: string;
  allLabel: string;
  options: Array<{ value: string; label: string }>;
}) {
  const [params, setParams] = useSearchParams();
  const current = params.get(name) ?? '';
  return (
    <TextField
      select
      size="small"
      label={label}
      value={options.some((o) => o.value === current) ? current : ''}
      onChange={(e) => {
        const next = new URLSearchParams(params);
        if (e.target.value) next.set(name, e.target.value);
        else next.delete(name);
        next.set('page', '1');
        setParams(next);
      }}
      sx={{ minWidth: 220 }}
    >
      <MenuItem value="">{allLabel}</MenuItem>
      {options.map((o) => (
        <MenuItem key={o.value} value={o.value}>
          {o.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
