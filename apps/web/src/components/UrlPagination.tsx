import { CATALOG_PAGE_SIZES } from '@portal/contract';
import TablePagination from '@mui/material/TablePagination';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { pageFromQuery, sizeFromQuery } from '../lib/list-params';

/**
 * Pagination of a list whose page and size live in the URL (spec §2: `page`, `size`, -1 for all); other
 * query parameters (filters) are kept as they are.
 */
export function UrlPagination({ count }: { count: number }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const page = pageFromQuery(params.get('page'));
  const size = sizeFromQuery(params.get('size'));
  const go = (next: Record<string, string>) =>
    setParams((current) => {
      const merged = new URLSearchParams(current);
      for (const [key, value] of Object.entries(next)) merged.set(key, value);
      return merged;
    });
  return (
    <TablePagination
      component="div"
      count={count}
      page={page - 1}
      rowsPerPage={size === -1 ? count : size}
      rowsPerPageOptions={[...CATALOG_PAGE_SIZES]}
      labelRowsPerPage={t('pagination.rows')}
      labelDisplayedRows={({ from, to, count: total }) => t('pagination.displayed', { from, to, count: total })}
      onPageChange={(_e, p) => go({ page: String(p + 1), size: String(size) })}
      onRowsPerPageChange={(e) => go({ page: '1', size: e.target.value })}
    />
  );
}
