import { type DealerCompanyFilter, type WishStatus } from '@portal/contract';
import { queryOptions } from '@tanstack/react-query';
import { rest } from '../../lib/rest';

export const wishesKeys = { all: ['wishes'] as const };

export const wishListQuery = (page: number, size: number, status?: WishStatus, staff: DealerCompanyFilter = {}) =>
  queryOptions({
    queryKey: [...wishesKeys.all, 'list', page, size, status ?? '', staff.dealer ?? '', staff.company ?? ''],
    queryFn: () =>
      rest('application-empty-product/list', {
        page,
        size,
        sort: { ID: 'DESC' },
        filter: { ...(status ? { status } : {}), ...staff },
      }),
  });

export const wishQuery = (id: number) =>
  queryOptions({
    queryKey: [...wishesKeys.all, 'detail', id],
    queryFn: () => rest('application-empty-product/get', { id }),
  });

export { isStaff } from '../../lib/roles';

/**
 * Pasted part numbers, one per line, number and quantity separated by white space (docs/spec/05-validation.md); a line
 * without a quantity asks for one piece. Returns the lines it could not read too.
 */
export function parseParts(text: string): { items: Array<{ article: string; count: number }>; bad: string[] } {
  const items: Array<{ article: string; count: number }> = [];
  const bad: string[] = [];
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line) continue;
    const m = /^(.+?)(?:[\s;,\t]+(\d+))?$/.exec(line);
    const article = m?.[1]?.trim() ?? '';
    const count = m?.[2] ? Number(m[2]) : 1;
    if (!article || article.length > 100 || count < 1 || count > 10000) bad.push(line);
    else items.push({ article, count });
  }
  return { items, bad };
}
