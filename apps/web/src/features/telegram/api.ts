import type { TelegramState } from '@portal/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { notifyError } from '../../lib/notify';
import { rest } from '../../lib/rest';

export const telegramKeys = {
  state: ['telegram', 'state'] as const,
  settings: ['telegram', 'settings'] as const,
};

/** The caller's link to the bot; read again every few seconds while a code waits to be sent to the bot. */
export const telegramStateQuery = (waiting: boolean) =>
  queryOptions({
    queryKey: telegramKeys.state,
    queryFn: () => rest('telegram/get', {}),
    refetchInterval: (query) => (waiting && !query.state.data?.linked ? 4000 : false),
  });

export const telegramSettingsQuery = () =>
  queryOptions({ queryKey: telegramKeys.settings, queryFn: () => rest('telegram-settings/get', {}) });

/** A new one-time code; the link itself happens in Telegram, so the state is read again by the card. */
export function useTelegramCode() {
  return useMutation({ mutationFn: () => rest('telegram/link', {}), onError: notifyError });
}

export function useUnlinkTelegram() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => rest('telegram/unlink', {}),
    onSuccess: () =>
      client.setQueryData<TelegramState>(telegramKeys.state, (old) =>
        old ? { ...old, linked: false, username: '', linkedAt: null } : old,
      ),
    onError: notifyError,
  });
}

export function useSaveTelegramSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { token?: string; botName?: string }) => rest('telegram-settings/update', input),
    onSuccess: (data) => {
      client.setQueryData(telegramKeys.settings, data);
      // Whether the bot is on shows in the profile's card too.
      void client.invalidateQueries({ queryKey: telegramKeys.state });
    },
  });
}
