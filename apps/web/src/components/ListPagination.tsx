import TablePagination from '@mui/material/TablePagination';
import { PAGE_SIZE_ALL } from '@portal/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The pagination under a list table, with the portal's labels (`common:pagination.*`): `page` counts from 1,
 * `size` -1 is every row (offered as «Все» when `sizes` holds -1). A new page keeps the size; a new size goes
 * back to page 1. On a phone the «Строк на странице» label is left out so the row fits.
 */
export function ListPagination({
  count,
  page,
  size,
  sizes,
  onChange,
}: {
  count: number;
  page: number;
  size: number;
  sizes: readonly number[];
  onChange: (page: number, size: number) => void;
}) {
  const { t } = useTranslation();
  // A size from a hand-edited URL that the list does not offer is still shown as chosen.
  const offered = sizes.includes(size) ? sizes : [...sizes, size];
  return (
    <TablePagination
      component="div"
      count={count}
      page={size === PAGE_SIZE_ALL ? 0 : page - 1}
      rowsPerPage={size}
      rowsPerPageOptions={offered.map((n) => (n === PAGE_SIZE_ALL ? { value: n, label: t('pagination.all') } : n))}
      onPageChange={(_e, p) => onChange(p + 1, size)}
      onRowsPerPageChange={(e) => onChange(1, Number(e.target.value))}
      labelRowsPerPage={t('pagination.rows')}
      labelDisplayedRows={({ from, to, count: total }) => t('pagination.displayed', { from, to, count: total })}
      getItemAriaLabel={(type) => t(`pagination.${type}`)}
      sx={{ '.MuiTablePagination-selectLabel': { display: { xs: 'none', sm: 'block' } } }}
    />
  );
}

/** A list's page and size kept in its component rather than the URL (a card within a page). */
export function useListPaging(sizes: readonly number[]) {
  const [paging, setPaging] = useState({ page: 1, size: sizes[0] ?? PAGE_SIZE_ALL });
  return { ...paging, sizes, onChange: (page: number, size: number) => setPaging({ page, size }) };
}

/** The pagination of a list paged by `useListPaging`, left out while every row fits on the first page. */
export function LocalPagination({ count, paging }: { count: number; paging: ReturnType<typeof useListPaging> }) {
  return count > (paging.sizes[0] ?? count) ? <ListPagination count={count} {...paging} /> : null;
}
