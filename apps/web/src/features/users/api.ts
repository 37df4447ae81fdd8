import { methods, type InputOf } from '@portal/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { rest } from '../../lib/rest';

export const userListQuery = (input: InputOf<(typeof methods)['user/list']>) =>
  queryOptions({
    queryKey: ['user', 'list', input],
    queryFn: () => rest('user/list', input),
    placeholderData: keepPreviousData,
  });

export const userQuery = (id: number) =>
  queryOptions({
    queryKey: ['user', 'get', id],
    queryFn: () => rest('user/get', { id }),
    retry: false,
  });

export const userFieldsQuery = queryOptions({
  queryKey: ['user', 'get-fields'],
  queryFn: () => rest('user/get-fields', {}),
  staleTime: 60_000,
});
