import type { NoticeSetting } from '@portal/contract';
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

/** The caller's notice settings: each kind of tidings on or off per channel (decision 226). */
const noticeSettingsKey = ['notice-settings'] as const;
export const noticeSettingsQuery = queryOptions({
  queryKey: noticeSettingsKey,
  queryFn: () => rest('notice-settings/get', {}),
});

/** Saves the switches (notice-settings/update); the answered settings replace the cached ones. */
export function useSaveNoticeSettings(on: { onSuccess?: () => void; onError?: (err: unknown) => void } = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (items: NoticeSetting[]) =>
      rest('notice-settings/update', {
        items: items.map(({ kind, notice, email, telegram }) => ({ kind, notice, email, telegram })),
      }),
    onSuccess: (data) => {
      client.setQueryData(noticeSettingsKey, data);
      on.onSuccess?.();
    },
    onError: on.onError,
  });
}

/** Sends a message (message/create); the message lists are read again — a page is the server's to cut. */
export function useSendMessage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (values: { message: string; dealer?: number }) => rest('message/create', values),
    onSuccess: () => client.invalidateQueries({ queryKey: noticesKeys.messages }),
  });
}

/**
 * Marks a notice read by opening it (notice/get, when it was unread); the lists and the bell's count change,
 * which the answer cannot give, so every notice query is read again.
 */
export function useMarkNoticeRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (notice: { id: number; wasRead: boolean }) => {
      if (!notice.wasRead) await rest('notice/get', { id: notice.id });
    },
    onSuccess: () => client.invalidateQueries({ queryKey: noticesKeys.all }),
  });
}
