import type { Webhook, WebhookEvent } from '@portal/contract';
import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { notifyError } from '../../lib/notify';
import { rest } from '../../lib/rest';

export const webhooksKeys = {
  all: ['webhooks'] as const,
  lists: ['webhooks', 'list'] as const,
  deliveries: ['webhooks', 'deliveries'] as const,
};

export const webhookListQuery = (page: number, size: number) =>
  queryOptions({
    queryKey: [...webhooksKeys.lists, page, size],
    queryFn: () => rest('webhook/list', { page, size }),
  });

/** The delivery log; refreshed every few seconds while a delivery waits in the queue. */
export const deliveryListQuery = (page: number, size: number) =>
  queryOptions({
    queryKey: [...webhooksKeys.deliveries, page, size],
    queryFn: () => rest('webhook-delivery/list', { page, size }),
    refetchInterval: (query) =>
      query.state.data?.items.some((d) => d.state === 'queued' || d.state === 'retrying') ? 3000 : false,
  });

/** The answer replaces the endpoint in every page of the list already loaded. */
function putWebhook(client: QueryClient, webhook: Webhook) {
  client.setQueriesData<{ count: number; items: Webhook[] }>({ queryKey: webhooksKeys.lists }, (old) =>
    old ? { ...old, items: old.items.map((w) => (w.id === webhook.id ? webhook : w)) } : old,
  );
}

export function useCreateWebhook() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { url: string; events: WebhookEvent[] }) => rest('webhook/create', input),
    // A new endpoint moves the pages: the list is read again (the answer cannot tell its count or place).
    onSuccess: () => void client.invalidateQueries({ queryKey: webhooksKeys.lists }),
  });
}

export function useUpdateWebhook() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; url?: string; events?: WebhookEvent[]; active?: boolean }) =>
      rest('webhook/update', input),
    onSuccess: (webhook) => putWebhook(client, webhook),
    onError: notifyError,
  });
}

export function useDeleteWebhook() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => rest('webhook/delete', { id }),
    // Its deliveries go with it.
    onSuccess: () => void client.invalidateQueries({ queryKey: webhooksKeys.all }),
    onError: notifyError,
  });
}

export function useTestWebhook() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => rest('webhook/test', { id }),
    onSuccess: () => void client.invalidateQueries({ queryKey: webhooksKeys.deliveries }),
    onError: notifyError,
  });
}
