import { type User } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { rest, RestError } from './rest';

/** The signed-in user, or null; a failed fetch means nobody is signed in (spec §7). */
export const currentUserQuery = queryOptions({
  queryKey: ['profile'],
  queryFn: async (): Promise<User | null> => {
    try {
      return await rest('profile', {});
    } catch (err) {
      if (err instanceof RestError && (err.status === 401 || err.status === 403)) return null;
      throw err;
    }
  },
  staleTime: 60_000,
  retry: false,
});

export function useCurrentUser() {
  return useQuery(currentUserQuery);
}
