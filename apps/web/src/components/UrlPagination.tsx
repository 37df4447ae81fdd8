import { CATALOG_PAGE_SIZES } from '@portal/contract';
import { useSearchParams } from 'react-router';
import { pageFromQuery, sizeFromQuery } from '../lib/list-params';
import { ListPagination } from './ListPagination';

/**
 * Pagination of a list whose page and size live in the URL (docs/spec/02-screens.md: `page`, `size`, -1 for all); other
 * query parameters (filters) are kept as they are.
 */
export function UrlPagination({ count }: { count: number }) {
  const [params, setParams] = useSearchParams();
  return (
    <ListPagination
      count={count}
      page={pageFromQuery(params.get('page'))}
      size={sizeFromQuery(params.get('size'))}
      sizes={CATALOG_PAGE_SIZES}
      onChange={(page, size) =>
        setParams((current) => {
          const merged = new URLSearchParams(current);
          merged.set('page', String(page));
          merged.set('size', String(size));
          return merged;
        })
      }
    />
  );
}
