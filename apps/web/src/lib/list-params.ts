import {
  type DealerCompanyFilter,
  DEFAULT_PAGE,
  DEFAULT_PAGE_SIZE,
  MAX_PAGE,
  MAX_PAGE_SIZE,
  PAGE_SIZE_ALL,
} from '@portal/contract';
import { useSearchParams } from 'react-router';

/**
 * page and size of a list route's query string (docs/spec/02-screens.md, docs/spec/05-validation.md): absent or invalid values fall back to 1 and
 * the list's default, so a hand-edited URL still opens; the API itself refuses them (docs/design.md §3).
 */
export function pageFromQuery(value: string | null): number {
  const n = Number(value);
  return value !== null && value.trim() !== '' && Number.isInteger(n) && n >= 1 && n <= MAX_PAGE ? n : DEFAULT_PAGE;
}

/** `-1` is every row; `allowed` narrows the choice (the catalogue's 60, 120, 240). */
export function sizeFromQuery(
  value: string | null,
  fallback: number = DEFAULT_PAGE_SIZE,
  allowed?: readonly number[],
): number {
  const n = Number(value);
  if (value === null || value.trim() === '' || !Number.isInteger(n)) return fallback;
  if (n === PAGE_SIZE_ALL) return n;
  if (allowed) return allowed.includes(n) ? n : fallback;
  return n >= 1 && n <= MAX_PAGE_SIZE ? n : fallback;
}

/**
 * page and size of a list kept in the address, for `ListPagination` (`{...paging}`): page 1 and the default size
 * are left out of the address, and a new page replaces the history entry.
 */
export function useUrlPaging(sizes: readonly number[], defaultSize: number) {
  const [params, setParams] = useSearchParams();
  const page = pageFromQuery(params.get('page'));
  const size = sizeFromQuery(params.get('size'), defaultSize, sizes);
  const onChange = (nextPage: number, nextSize: number) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (nextPage === 1) next.delete('page');
        else next.set('page', String(nextPage));
        if (nextSize === defaultSize) next.delete('size');
        else next.set('size', String(nextSize));
        return next;
      },
      { replace: true },
    );
  return { page, size, sizes, onChange };
}

/** The staff lists' «Дилер» and «Компания» filters from the query string (`dealer`, `company`), as the desk reads them. */
export function dealerCompanyFromQuery(params: URLSearchParams): DealerCompanyFilter {
  const f: DealerCompanyFilter = {};
  const dealer = params.get('dealer')?.trim().slice(0, 100);
  const company = params.get('company')?.trim().slice(0, 100);
  if (dealer) f.dealer = dealer;
  if (company) f.company = company;
  return f;
}
