import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { rest } from '../../lib/rest';

export const noticesKeys = { all: ['notices'] as const, messages: ['messages'] as const };

export const noticeListQuery = (page: number, size: number, unreadOnly = false) =>
  queryOptions({
    queryKey: [...noticesKeys.all, 'list', page, size, unreadOnly],
    queryFn: () => rest('notice/list', { page, size, ...(unreadOnly ? { filter: { wasRead: false } } : {}) }),
    // The bell keeps itself current while the page is open.
    refetchInterval: 60_000,
  });

export const messageListQuery = () =>
  queryOptions({
    queryKey: [...noticesKeys.messages, 'list'],
    queryFn: () => rest('message/list', { size: 100 }),
  });

/** «Прочитать все» (decision 195): every unread notice read; the bell and the lists refresh. */
export function useReadAllNotices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => rest('notice/read-all', {}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: noticesKeys.all }),
  });
}

export { isStaff } from '../../lib/roles';
