import { MAX_ARRIVAL_PRODUCTS, type ArrivalInput, type ProductArrivals } from '@portal/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { rest } from '../../lib/rest';

/** Expected arrivals and «сообщить о поступлении» (decision 207). */
export const arrivalKeys = {
  all: ['arrivals'] as const,
  product: (id: number) => ['arrivals', 'product', id] as const,
  subscriptions: () => ['arrivals', 'subscriptions'] as const,
};

/*
 * The products shown at once (a basket's lines, a list page) ask in one call: ids asked in the same tick are
 * gathered and sent together, and each product's answer is cached under its own key.
 */
let pending = new Map<number, Array<{ resolve: (v: ProductArrivals) => void; reject: (e: unknown) => void }>>();
let scheduled = false;
function flush() {
  scheduled = false;
  const batch = pending;
  pending = new Map();
  const ids = [...batch.keys()];
  for (let at = 0; at < ids.length; at += MAX_ARRIVAL_PRODUCTS) {
    const chunk = ids.slice(at, at + MAX_ARRIVAL_PRODUCTS);
    rest('product/arrivals', { ids: chunk }).then(
      ({ items }) => {
        const byId = new Map(items.map((i) => [i.product, i]));
        for (const id of chunk)
          for (const w of batch.get(id) ?? [])
            w.resolve(byId.get(id) ?? { product: id, stock: 0, arrivals: [], subscribed: false });
      },
      (err: unknown) => {
        for (const id of chunk) for (const w of batch.get(id) ?? []) w.reject(err);
      },
    );
  }
}
function loadArrivals(id: number): Promise<ProductArrivals> {
  return new Promise((resolve, reject) => {
    pending.set(id, [...(pending.get(id) ?? []), { resolve, reject }]);
    if (!scheduled) {
      scheduled = true;
      setTimeout(flush, 0);
    }
  });
}

export const productArrivalsQuery = (id: number) =>
  queryOptions({ queryKey: arrivalKeys.product(id), queryFn: () => loadArrivals(id), staleTime: 30_000 });

/** «Сообщить о поступлении»: the product's answer says it is waited for now. */
export function useSubscribeArrival() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (product: number) => rest('arrival-subscription/create', { product }),
    onSuccess: (sub) => {
      queryClient.setQueryData(arrivalKeys.product(sub.product), (a: ProductArrivals | undefined) =>
        a ? { ...a, subscribed: true } : a,
      );
      void queryClient.invalidateQueries({ queryKey: arrivalKeys.subscriptions() });
    },
  });
}

/** «Не сообщать»: the dealer's open request for the product is deleted. */
export function useUnsubscribeArrival() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (product: number) => {
      const { items } = await rest('arrival-subscription/list', { size: -1, filter: { waiting: true } });
      for (const s of items.filter((x) => x.product === product))
        await rest('arrival-subscription/delete', { id: s.id });
      return product;
    },
    onSuccess: (product) => {
      queryClient.setQueryData(arrivalKeys.product(product), (a: ProductArrivals | undefined) =>
        a ? { ...a, subscribed: false } : a,
      );
      void queryClient.invalidateQueries({ queryKey: arrivalKeys.subscriptions() });
    },
  });
}

/** The warehouses an arrival set by hand may name (the back office's editor). */
export const arrivalStoresQuery = () =>
  queryOptions({
    queryKey: [...arrivalKeys.all, 'stores'] as const,
    queryFn: () => rest('product/arrival-stores', {}),
    staleTime: 5 * 60_000,
  });

/** The back office: the product's arrivals set by hand, replaced as a whole; the answer is the product's view. */
export function useUpdateArrivals() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; arrivals: ArrivalInput[] }) => rest('product/arrivals-update', input),
    onSuccess: (view) => queryClient.setQueryData(arrivalKeys.product(view.product), view),
  });
}
