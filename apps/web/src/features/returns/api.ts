import { type DealerCompanyFilter, type User } from '@portal/contract';
import { queryOptions } from '@tanstack/react-query';
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
