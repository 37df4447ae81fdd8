import { type DealerCompanyFilter, type InputOf, type Methods, type Wish, type WishStatus } from '@portal/contract';
import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
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

/** A wish the server answered with replaces its cached detail; the lists show it too, so they are fetched again. */
function applyWish(queryClient: QueryClient, wish: Wish) {
  queryClient.setQueryData(wishQuery(wish.id).queryKey, wish);
  void queryClient.invalidateQueries({ queryKey: [...wishesKeys.all, 'list'] });
}

/** Files requests for missing parts (one per part number); the lists are fetched again. */
export function useCreateWishes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: InputOf<Methods['application-empty-product/create']>) =>
      rest('application-empty-product/create', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...wishesKeys.all, 'list'] }),
  });
}

/** Staff mark a request processed: the answered request goes into the cache. */
export function useUpdateWish() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: InputOf<Methods['application-empty-product/update']>) =>
      rest('application-empty-product/update', input),
    onSuccess: (wish) => applyWish(queryClient, wish),
  });
}

/** Staff put the part into the catalogue: the answered request (now available) goes into the cache. */
export function useAddWishToCatalog() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; name: string }) => rest('application-empty-product/add-to-catalog', input),
    onSuccess: (wish) => applyWish(queryClient, wish),
  });
}

/** Deletes a request: its detail is dropped and the lists are fetched again. */
export function useDeleteWish() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => rest('application-empty-product/delete', { id }),
    onSuccess: (_ok, id) => {
      queryClient.removeQueries({ queryKey: wishQuery(id).queryKey });
      void queryClient.invalidateQueries({ queryKey: [...wishesKeys.all, 'list'] });
    },
  });
}

/** Mails the request to the supplier; nothing cached changes. */
export function useSendWish() {
  return useMutation({ mutationFn: (id: number) => rest('application-empty-product/send-email', { id }) });
}

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
