import { DASHBOARD_ORDERS, type InputOf, type Methods } from '@portal/contract';
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

/**
 * The manager of one of the dealer's orders: its company's own manager when it has one, else the dealer's
 * (decision 227).
 */
export const orderManagerQuery = (orderId: number) =>
  queryOptions({
    queryKey: ['manager', 'get', { orderId }] as const,
    queryFn: () => rest('manager/get', { orderId }),
    staleTime: 5 * 60_000,
  });

/** Checkout's form: the dealer's companies, payment methods, shipping and warehouses with their defaults. */
export const orderFieldsQuery = queryOptions({
  queryKey: orderKeys.fields(),
  queryFn: () => rest('order/get-fields', {}),
});

/** The server's price of the basket for a payment method (order/preview): checkout's summary. */
export const orderPreviewQuery = (basket: number, paySystem: number, basketKey: string) =>
  queryOptions({
    queryKey: orderKeys.preview(basket, paySystem, basketKey),
    queryFn: () => rest('order/preview', { basket, paySystem }),
  });

/** Files the dealer attaches to an order (files/save): the saved files, to send with order/create. */
export const saveOrderFiles = async (files: File[]) => (await rest('files/save', {}, { files })).items;

type OrderCreateInput = InputOf<Methods['order/create']>;

/**
 * Makes the order from the basket (order/create). The answer is the new order's id, not the order: the basket
 * is gone or emptied and the order lists gain a row, so both are refetched.
 */
export function useCreateOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: OrderCreateInput) => rest('order/create', input),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: basketKeys.all });
      await queryClient.invalidateQueries({ queryKey: orderKeys.all });
    },
  });
}

/** The order's lines (basket-item/list by order): the correction dialog's form. */
export const orderItemsQuery = (id: number) =>
  queryOptions({
    queryKey: orderKeys.items(id),
    queryFn: () => rest('basket-item/list', { size: -1, filter: { order: id } }),
  });

type CorrectionInput = InputOf<Methods['corrective-order/create']>;

/** Asks for a correction of the order (corrective-order/create); the order and its lists change, so all refetch. */
export function useCorrectOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CorrectionInput) => rest('corrective-order/create', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
}

/** The order's bill (bill/get) for the print page. */
export const billQuery = (id: number) =>
  queryOptions({ queryKey: orderKeys.bill(id), queryFn: () => rest('bill/get', { id }) });

/** The bill as a file the server makes (bill/file): its path and name, to download. */
export const billFile = (id: number) => rest('bill/file', { id });

/** The dashboard's last orders, newest first (docs/spec/09-constants.md). */
export const lastOrdersQuery = queryOptions({
  queryKey: orderKeys.last(),
  queryFn: () => rest('order/list', { size: DASHBOARD_ORDERS, sort: { ID: 'DESC' } }),
});

/** The dashboard's orders since a day, for the twelve months' history. */
export const orderHistoryQuery = (dateFrom: string) =>
  queryOptions({
    queryKey: orderKeys.history(dateFrom),
    queryFn: () => rest('order/list', { size: 1000, filter: { dateFrom } }),
  });

/** The dealer's companies for the order list's filter. */
export const counterpartiesQuery = queryOptions({
  queryKey: orderKeys.counterparties(),
  queryFn: () => rest('counterparty/list', { size: -1 }),
});

/** One page of the order list, as the URL asks for it. */
export const orderListPageQuery = (params: ListParams) =>
  queryOptions({
    queryKey: orderKeys.list(params),
    queryFn: () =>
      rest('order/list', {
        page: params.page,
        size: params.size,
        filter: params.filter as never,
        sort: { [params.sort.key]: params.sort.dir },
      }),
  });
