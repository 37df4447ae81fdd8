import { queryOptions } from '@tanstack/react-query';
import { rest } from '../../lib/rest';

export const basketQuery = (id: number) =>
  queryOptions({ queryKey: ['basket', 'get', id], queryFn: () => rest('basket/get', { id }) });

/** All lines of a basket: the client lists with size -1 and edits per product (spec §7). */
export const basketItemsQuery = (id: number) =>
  queryOptions({
    queryKey: ['basket', 'items', id],
    queryFn: () => rest('basket-item/list', { size: -1, filter: { basket: id } }),
  });
