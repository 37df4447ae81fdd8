import { methods, type InputOf, type Language, type Methods, type ResultOf } from '@portal/contract';
import { keepPreviousData, queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { rest } from '../../lib/rest';
import { currentUserQuery, useCurrentUser } from '../../lib/current-user';
import { ensureLanguage } from '../../lib/i18n';

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
      client.setQueryData(managerKeys.of(userId), (old: ResultOf<Methods['manager/of']> | undefined) =>
        old ? { ...old, manager: r.manager } : old,
      );
      // The managers' own «Мои дилеры» counts change; nothing else does.
      void client.invalidateQueries({ queryKey: ['manager', 'get'] });
    },
  });
}

/**
 * Assigns (or takes away, null) the own manager of one of the dealer's companies (decision 227); the
 * card shows the company's manager as the answer gives it.
 */
export function useSetCompanyManager(userId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { counterpartyId: number; managerId: number | null }) => rest('manager/set-company', v),
    onSuccess: (r, v) => {
      client.setQueryData(managerKeys.of(userId), (old: ResultOf<Methods['manager/of']> | undefined) =>
        old
          ? {
              ...old,
              companies: old.companies.map((c) =>
                c.id === v.counterpartyId ? { ...c, manager: v.managerId === null ? null : r.manager } : c,
              ),
            }
          : old,
      );
      void client.invalidateQueries({ queryKey: ['manager', 'get'] });
    },
  });
}

type UserDetail = ResultOf<Methods['user/get']>;

/** What a screen does after a user write besides the cache: close, tell, go, show the error. */
export interface UserWriteHandlers<R> {
  onSuccess?: (answer: R) => void | Promise<void>;
  onError?: (err: unknown) => void;
}

/** The answered account replaces the cached one; every page of the list is read again. */
function applyUser(client: QueryClient, user: UserDetail) {
  client.setQueryData(userKeys.detail(user.id), user);
  return client.invalidateQueries({ queryKey: userKeys.lists() });
}

/** Creates an account (no user given) or updates one (user/create, user/update); the answer is the account. */
export function useSaveUser(id: number | null, on: UserWriteHandlers<UserDetail> = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (values: InputOf<Methods['user/create']>) =>
      id ? rest('user/update', { id, fields: values }) : rest('user/create', values),
    onSuccess: async (saved) => {
      await applyUser(client, saved);
      await on.onSuccess?.(saved);
    },
    onError: on.onError,
  });
}

export type UserAction = 'approve' | 'reject' | 'block' | 'unblock' | 'reset' | 'delete';

/**
 * The moderation actions on one account. Approve, block and unblock answer the account, which replaces the
 * cached one; reject and delete remove it (its card leaves the cache); a reset link changes nothing shown.
 */
export function useUserAction(id: number, on: UserWriteHandlers<UserAction> = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ action, reason }: { action: UserAction; reason: string }) => {
      if (action === 'approve') void applyUser(client, await rest('user/approve', { id }));
      if (action === 'reject') await rest('user/reject', reason ? { id, reason } : { id });
      if (action === 'block') void applyUser(client, await rest('user/block', { id }));
      if (action === 'unblock') void applyUser(client, await rest('user/unblock', { id }));
      if (action === 'reset') await rest('user/send-password-reset', { id });
      if (action === 'delete') await rest('user/delete', { id });
      return action;
    },
    onSuccess: async (action) => {
      if (action === 'reject' || action === 'delete') {
        client.removeQueries({ queryKey: userKeys.detail(id) });
        await client.invalidateQueries({ queryKey: userKeys.lists() });
      }
      await on.onSuccess?.(action);
    },
    onError: on.onError,
  });
}

/** The signed-in user's own details (user/update-profile); the current user is read again. */
export function useUpdateProfile(on: UserWriteHandlers<UserDetail> = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (values: InputOf<Methods['user/update-profile']>) => rest('user/update-profile', values),
    onSuccess: async (saved) => {
      await client.invalidateQueries({ queryKey: currentUserQuery.queryKey });
      await on.onSuccess?.(saved);
    },
    onError: on.onError,
  });
}

/** Changes the signed-in user's password (user/change-password); nothing cached changes. */
export function useChangePassword(on: UserWriteHandlers<unknown> = {}) {
  return useMutation({
    mutationFn: (values: InputOf<Methods['user/change-password']>) => rest('user/change-password', values),
    onSuccess: (r) => on.onSuccess?.(r),
    onError: on.onError,
  });
}

/**
 * Saves the user's own language for the e-mails the portal sends (decision 145) with the rest of the profile
 * unchanged (user/update-profile); the texts of the new language are loaded first, so the answer is told in it.
 */
export function useSaveLanguage(on: UserWriteHandlers<Language> = {}) {
  const client = useQueryClient();
  const me = useCurrentUser();
  return useMutation({
    mutationFn: async (next: Language) => {
      await ensureLanguage(next);
      const user = me.data;
      if (!user) return null;
      return rest('user/update-profile', {
        lastName: user.lastName,
        firstName: user.firstName,
        middleName: user.middleName,
        email: user.email,
        phone: user.phone,
        city: user.city,
        language: next,
      });
    },
    onSuccess: async (_, next) => {
      await client.invalidateQueries({ queryKey: currentUserQuery.queryKey });
      await on.onSuccess?.(next);
    },
    onError: on.onError,
  });
}
