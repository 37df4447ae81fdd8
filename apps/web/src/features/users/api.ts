import { methods, type InputOf } from '@portal/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { rest } from '../../lib/rest';

/** Every query key of the users feature: `all` covers them all, `lists` every page of the list. */
export const userKeys = {
  all: ['user'] as const,
  lists: () => ['user', 'list'] as const,
  list: (input: InputOf<(typeof methods)['user/list']>) => ['user', 'list', input] as const,
  detail: (id: number) => ['user', 'get', id] as const,
  fields: () => ['user', 'get-fields'] as const,
};

export const userListQuery = (input: InputOf<(typeof methods)['user/list']>) =>
  queryOptions({
    queryKey: userKeys.list(input),
    queryFn: () => rest('user/list', input),
    placeholderData: keepPreviousData,
  });

export const userQuery = (id: number) =>
  queryOptions({
    queryKey: userKeys.detail(id),
    queryFn: () => rest('user/get', { id }),
    retry: false,
  });

export const userFieldsQuery = queryOptions({
  queryKey: userKeys.fields(),
  queryFn: () => rest('user/get-fields', {}),
  staleTime: 60_000,
});
