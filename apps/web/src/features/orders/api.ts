import { queryOptions } from '@tanstack/react-query';
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

/** The dealer's personal manager (decision 199): name, phone and e-mail, or null when none is assigned. */
export const myManagerQuery = queryOptions({
  queryKey: ['manager', 'get'] as const,
  queryFn: () => rest('manager/get', {}),
  staleTime: 5 * 60_000,
});
