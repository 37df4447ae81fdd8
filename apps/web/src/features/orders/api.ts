import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { applyBasket, basketKeys, setActiveBasketId } from '../../lib/active-basket';
import { rest } from '../../lib/rest';
import type { orderListQuery } from './list-query';

type ListParams = ReturnType<typeof orderListQuery>;

/** Every query key of the orders screens; `all` covers them all. */
export const orderKeys = {
  all: ['order'] as const,
  detail: (id: number) => ['order', 'get', id] as const,
  statuses: () => ['order', 'statuses'] as const,
  fields: () => ['order', 'fields'] as const,
  preview: (basket: number, paySystem: number, basketKey: string) =>
    ['order', 'preview', basket, paySystem, basketKey] as const,
  items: (id: number) => ['order', 'items', id] as const,
  list: ({ page, size, filter, sort }: ListParams) => ['order', 'list', page, size, filter, sort] as const,
  last: () => ['order', 'list', 'last'] as const,
  history: (dateFrom: string) => ['order', 'list', 'history', dateFrom] as const,
  bill: (id: number) => ['bill', id] as const,
  /** The dealer's companies for the filter: the same key as the companies screen, so they share the cache. */
  counterparties: () => ['counterparty', 'list'] as const,
};

export const orderQuery = (id: number) =>
  queryOptions({ queryKey: orderKeys.detail(id), queryFn: () => rest('order/get', { id }) });

export const statusesQuery = queryOptions({
  queryKey: orderKeys.statuses(),
  queryFn: () => rest('order-status/list', {}),
  staleTime: 5 * 60_000,
});

/** Opens a file the server generated (order/file, bill/file) as a download. */
export function download(path: string, name: string) {
  const a = document.createElement('a');
  a.href = path;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
}

/**
 * Puts the order's lines into a basket again (`basket/repeat`): the basket in the answer goes into the cache and
 * becomes the active one (applyBasket); the failed lines are for the caller to show.
 */
export function useRepeatOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (order: number) => rest('basket/repeat', { order }),
    onSuccess: (answer) => {
      setActiveBasketId(answer.basket.id);
      applyBasket(queryClient, answer.basket);
    },
  });
}

/** Staff set an order's status: the answered order replaces the cached one; the lists show the status too. */
export function useSetOrderStatus(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (status: number) => rest('order/set-status', { id, status }),
    onSuccess: (order) => {
      queryClient.setQueryData(orderKeys.detail(id), order);
      void queryClient.invalidateQueries({ queryKey: ['order', 'list'] });
    },
  });
}

/** The order as a spreadsheet file the server makes (order/file): its path and name, to download. */
export const orderFile = (id: number) => rest('order/file', { id });

/**
 * The basket's lines the warehouses cannot fully supply now (decision 206): the checkout warns of them. The
 * same key as the basket screen's alternatives, so the two share the answer.
 */
export const checkoutShortLinesQuery = (basket: number) =>
  queryOptions({
    queryKey: [...basketKeys.items(basket), 'alternatives'] as const,
    queryFn: () => rest('basket-item/alternatives', { basket }),
  });

/** The dealer's personal manager (decision 199): name, phone and e-mail, or null when none is assigned. */
export const myManagerQuery = queryOptions({
  queryKey: ['manager', 'get'] as const,
  queryFn: () => rest('manager/get', {}),
  staleTime: 5 * 60_000,
});
