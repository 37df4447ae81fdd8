import { methods, type InputOf } from '@portal/contract';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
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

/** A dealer's personal manager (decision 199) and whom an administrator may assign. */
export const managerKeys = {
  of: (userId: number) => ['manager', 'of', userId] as const,
  candidates: () => ['manager', 'candidates'] as const,
};

export const managerOfQuery = (userId: number) =>
  queryOptions({ queryKey: managerKeys.of(userId), queryFn: () => rest('manager/of', { userId }) });

export const managerCandidatesQuery = queryOptions({
  queryKey: managerKeys.candidates(),
  queryFn: () => rest('manager/candidates', {}),
  staleTime: 60_000,
});

/** Assigns (or takes away, null) a dealer's manager; the answer is the card's new manager. */
export function useSetManager(userId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (managerId: number | null) => rest('manager/set', { userId, managerId }),
    onSuccess: (r) => {
      client.setQueryData(managerKeys.of(userId), r);
      // The managers' own «Мои дилеры» counts change; nothing else does.
      void client.invalidateQueries({ queryKey: ['manager', 'get'] });
    },
  });
}
