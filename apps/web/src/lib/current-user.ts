import { type User } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { rest, RestError } from './rest';

/**
 * The signed-in user, or null; a failed fetch means nobody is signed in (docs/spec/07-calls.md). Read with `auth/fetch`,
 * the navigation guard's call, which answers `null` for a visitor instead of a 401 (decision 067).
 */
export const currentUserQuery = queryOptions({
  queryKey: ['profile'],
  queryFn: async (): Promise<User | null> => {
    try {
      const path = typeof location === 'undefined' ? undefined : location.pathname.slice(0, 2000);
      return (await rest('auth/fetch', path ? { path } : {})).user;
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
