import { queryOptions } from '@tanstack/react-query';
import { rest } from './rest';

/** The left menu (`menu/list`): the server leaves out what the user's permissions do not allow. */
export const menuQuery = (userId: number, language: string) =>
  queryOptions({
    queryKey: ['menu', userId, language] as const,
    queryFn: () => rest('menu/list', { type: 'left' }),
    staleTime: 5 * 60_000,
  });
