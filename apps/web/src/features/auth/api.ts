import type { InputOf, Methods } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { currentUserQuery } from '../../lib/current-user';
import { basicHeader } from '../../lib/forms';
import { rest } from '../../lib/rest';

/**
 * The sign-in pages' writes (decision 217). Signing in answers the user, which becomes the current user in
 * the cache; the other answers carry nothing the screens show.
 */
export function useSignIn() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ login, password, saveAuth, authKey }: SignInInput) =>
      rest(
        'user/login',
        { saveAuth, ...(authKey ? { authKey } : {}) },
        { headers: { authorization: basicHeader(login, password) } },
      ),
    onSuccess: (result) => client.setQueryData(currentUserQuery.queryKey, result.user),
  });
}

export interface SignInInput {
  login: string;
  password: string;
  saveAuth: boolean;
  authKey?: string;
}

/** Asks for a sign-in code (user/GenerateAuthKey); the answer says when another may be asked for. */
export const useRequestAuthCode = () =>
  useMutation({ mutationFn: (login: string) => rest('user/GenerateAuthKey', { login }) });

/** Mails a password-reset link (user/restore-password). */
export const useRestorePassword = () =>
  useMutation({
    mutationFn: (values: InputOf<Methods['user/restore-password']>) => rest('user/restore-password', values),
  });

/** Applies for an account (user/register); an administrator approves it. */
export const useRegister = () =>
  useMutation({ mutationFn: (values: InputOf<Methods['user/register']>) => rest('user/register', values) });

/** Sets a new password by a reset link (user/change-password-under-restore). */
export const useResetPassword = () =>
  useMutation({
    mutationFn: (values: InputOf<Methods['user/change-password-under-restore']>) =>
      rest('user/change-password-under-restore', values),
  });

/** Signs out (user/logout): nothing of the session stays in the cache, and there is no current user. */
export function useSignOut() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => rest('user/logout', {}),
    onSuccess: () => {
      client.clear();
      client.setQueryData(['profile'], null);
    },
  });
}
