import { queryOptions } from '@tanstack/react-query';
import { rest } from '../../lib/rest';

export const orderQuery = (id: number) =>
  queryOptions({ queryKey: ['order', 'get', id], queryFn: () => rest('order/get', { id }) });

export const statusesQuery = queryOptions({
  queryKey: ['order', 'statuses'],
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
