import { type DealerCompanyFilter, type InputOf, type Methods, type User } from '@portal/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { rest } from '../../lib/rest';

export const returnsKeys = { all: ['returns'] as const };

export const returnListQuery = (page: number, size: number, status?: string, staff: DealerCompanyFilter = {}) =>
  queryOptions({
    queryKey: [...returnsKeys.all, 'list', page, size, status ?? '', staff.dealer ?? '', staff.company ?? ''],
    queryFn: () =>
      rest('application-good-return/list', {
        page,
        size,
        sort: { ID: 'DESC' },
        filter: { ...(status ? { status } : {}), ...staff },
      }),
  });

export const returnQuery = (id: number) =>
  queryOptions({
    queryKey: [...returnsKeys.all, 'detail', id],
    queryFn: () => rest('application-good-return/get', { id }),
  });

export const returnCommentsQuery = (id: number) =>
  queryOptions({
    queryKey: [...returnsKeys.all, 'comments', id],
    queryFn: () =>
      rest('application-good-return-comment/list', {
        filter: { goodreturn: id },
        size: -1,
        sort: { ID: 'ASC' },
      }),
  });

export const commentQuery = (id: number) =>
  queryOptions({
    queryKey: [...returnsKeys.all, 'comment', id],
    queryFn: () => rest('application-good-return-comment/get', { id }),
  });

export const returnFieldsQuery = (order?: number) =>
  queryOptions({
    queryKey: [...returnsKeys.all, 'fields', order ?? 0],
    queryFn: () => rest('application-good-return/get-fields', order ? { order } : {}),
  });

/** Uploads photos; the server decides their type by the bytes. */
export async function uploadFiles(files: File[]) {
  return rest('files/save', {}, { files });
}

export { isAdmin, isStaff } from '../../lib/roles';
export const canFileReturns = (user: User | null | undefined) => user?.permissions.returns.create === 1;
export const canComment = (user: User | null | undefined) => user?.permissions.comment.create === 1;

/** Files a return: the answered return goes into the cache; the lists and the fields (what may still be returned) follow. */
export function useCreateReturn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: InputOf<Methods['application-good-return/create']>) =>
      rest('application-good-return/create', input),
    onSuccess: (created) => {
      queryClient.setQueryData(returnQuery(created.id).queryKey, created);
      void queryClient.invalidateQueries({ queryKey: [...returnsKeys.all, 'list'] });
      void queryClient.invalidateQueries({ queryKey: [...returnsKeys.all, 'fields'] });
    },
  });
}

/**
 * Comments on a return, possibly changing its status (decision 041): the answer is the comment alone, so the
 * return, its comments and the lists are fetched again.
 */
export function useCommentReturn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: InputOf<Methods['application-good-return-comment/create']>) =>
      rest('application-good-return-comment/create', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: returnsKeys.all }),
  });
}

/** Deletes a return: its queries are dropped; the lists and the fields are fetched again. */
export function useDeleteReturn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => rest('application-good-return/delete', { id }),
    onSuccess: (_ok, id) => {
      queryClient.removeQueries({ queryKey: returnQuery(id).queryKey });
      void queryClient.invalidateQueries({ queryKey: [...returnsKeys.all, 'list'] });
      void queryClient.invalidateQueries({ queryKey: [...returnsKeys.all, 'fields'] });
    },
  });
}
