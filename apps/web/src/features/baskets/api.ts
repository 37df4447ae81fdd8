import type { AddResult, Basket, BasketItem, Currency, Methods, ResultOf } from '@portal/contract';
import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { applyBasket, basketKeys, invalidateBaskets, useActiveBasket } from '../../lib/active-basket';
import { rest } from '../../lib/rest';

export { applyBasket, basketKeys };

export const basketQuery = (id: number) =>
  queryOptions({ queryKey: basketKeys.get(id), queryFn: () => rest('basket/get', { id }) });

/** All lines of a basket: the client lists with size -1 and edits per product (docs/spec/07-calls.md). */
export const basketItemsQuery = (id: number) =>
  queryOptions({
    queryKey: basketKeys.items(id),
    queryFn: () => rest('basket-item/list', { size: -1, filter: { basket: id } }),
  });

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

/** A basket's count, sums by currency, weight and volume from all its lines (as the server adds them up). */
export function basketFromLines(basket: Basket, lines: BasketItem[]): Basket {
  const sums = new Map<Currency, number>();
  for (const line of lines) {
    if (line.sum) sums.set(line.sum.currency, (sums.get(line.sum.currency) ?? 0) + line.sum.value);
  }
  return {
    ...basket,
    count: lines.length,
    totals: [...sums]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([currency, value]) => ({ currency, value: round(value, 2) })),
    weightKg: round(
      lines.reduce((kg, l) => kg + (l.weightKg ?? 0) * l.amount, 0),
      3,
    ),
    volumeM3: round(
      lines.reduce((m3, l) => m3 + (l.volumeM3 ?? 0) * l.amount, 0),
      5,
    ),
  };
}

/**
 * A quantity change from the answer of `basket-item/update`: the line is replaced (or dropped when the
 * answer says it was deleted), and the basket and the basket list take their totals from the lines, so
 * nothing is fetched again. False when the lines are not loaded (the caller then refetches).
 */
export function applyLineUpdate(
  queryClient: QueryClient,
  basketId: number,
  lineId: number,
  answer: ResultOf<Methods['basket-item/update']>,
): boolean {
  const lines = queryClient.getQueryData(basketItemsQuery(basketId).queryKey);
  if (!lines) return false;
  const changed = answer.item;
  const items =
    answer.deleted || !changed
      ? lines.items.filter((l) => l.id !== lineId)
      : lines.items.map((l) => (l.id === lineId ? changed : l));
  queryClient.setQueryData(basketItemsQuery(basketId).queryKey, { ...lines, count: items.length, items });
  const recount = (b: Basket) => (b.id === basketId ? basketFromLines(b, items) : b);
  queryClient.setQueryData(basketQuery(basketId).queryKey, (b) => b && recount(b));
  queryClient.setQueryData(basketKeys.list(), (list: ResultOf<Methods['basket/list']> | undefined) =>
    list ? { ...list, items: list.items.map(recount) } : list,
  );
  return true;
}

type BasketList = ResultOf<Methods['basket/list']>;

/**
 * Adds lines to the active basket (created first when the dealer has none) in one `basket/add`; the basket in
 * the answer goes into the cache (applyBasket). The answer's `failed` lines are for the caller to show.
 */
export function useAddToBasket() {
  const queryClient = useQueryClient();
  const { ensure } = useActiveBasket();
  return useMutation({
    mutationFn: async (lines: Array<{ product: number; quantity: number }>): Promise<AddResult> => {
      const id = await ensure();
      return rest('basket/add', { id, fields: lines });
    },
    onSuccess: (result) => applyBasket(queryClient, result.basket),
  });
}

/** Creates a basket; the list it joins is fetched again (its place in the list is the server's). */
export function useCreateBasket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => rest('basket/create', {}),
    onSuccess: (basket) => {
      queryClient.setQueryData(basketQuery(basket.id).queryKey, basket);
      void queryClient.invalidateQueries({ queryKey: basketKeys.list() });
    },
  });
}

/** Deletes a basket: it leaves the list; its own queries are dropped. */
export function useDeleteBasket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => rest('basket/delete', { id }),
    onSuccess: (_answer, id) => {
      queryClient.setQueryData<BasketList>(basketKeys.list(), (list) =>
        list ? { ...list, count: list.count - 1, items: list.items.filter((b) => b.id !== id) } : list,
      );
      queryClient.removeQueries({ queryKey: basketKeys.get(id) });
      queryClient.removeQueries({ queryKey: basketKeys.items(id) });
    },
  });
}

/**
 * Changes a line's quantity (0 deletes it): the answer's line goes into the loaded lines and the totals follow
 * (applyLineUpdate); when the lines are not loaded, or the call fails, the basket's queries are fetched again.
 */
export function useUpdateBasketLine(basketId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, amount }: { id: number; amount: number }) => rest('basket-item/update', { id, amount }),
    onSuccess: (answer, { id }) => {
      if (!applyLineUpdate(queryClient, basketId, id, answer)) void invalidateBaskets(queryClient);
    },
    onError: () => void invalidateBaskets(queryClient),
  });
}

/** Removes a line; the answer says only that it is gone, so the basket's queries are fetched again. */
export function useDeleteBasketLine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => rest('basket-item/delete', { id }),
    onSettled: () => invalidateBaskets(queryClient),
  });
}

/** Finds the products of pasted part numbers with quantities (docs/spec/02-screens.md, «Заказ по номерам»); writes nothing. */
export const resolveText = (text: string) => rest('basket/resolve', { text });

/** Stores a spreadsheet for «Заказ из Excel»: its file id, or null when the server kept none. */
export const saveImportFile = async (file: File): Promise<number | null> =>
  (await rest('files/save', {}, { files: [file] })).items[0]?.id ?? null;

/** The products and quantities a stored spreadsheet names (product/get-articles-xls); writes nothing. */
export const articlesOfFile = (fileId: number) => rest('product/get-articles-xls', { fileId });

/** The short lines of a basket and their in-stock alternatives (decision 206), asked beside the lines. */
export const basketAlternativesQuery = (id: number) =>
  queryOptions({
    queryKey: [...basketKeys.items(id), 'alternatives'] as const,
    queryFn: () => rest('basket-item/alternatives', { basket: id }),
  });

/**
 * The short lines of a quick order or an import, asked by product before anything is in a basket (decision 206):
 * only the lines the warehouses cannot fully supply are answered, each with its in-stock alternatives.
 */
export const linesAlternativesQuery = (lines: Array<{ product: number; amount: number }>) =>
  queryOptions({
    queryKey: ['alternatives', 'lines', lines] as const,
    queryFn: () => rest('basket-item/alternatives', { lines }),
    enabled: lines.length > 0,
    staleTime: 60_000,
  });

/**
 * Lines a swap or split changed, from its answer: `remove` leaves the basket, `put` replaces a line of the same
 * id or joins the basket; the totals follow from the lines. False when the lines are not loaded or a line
 * names a warehouse the list does not (the caller then refetches the lines).
 */
function applyLines(queryClient: QueryClient, basketId: number, remove: number[], put: BasketItem[]): boolean {
  const lines = queryClient.getQueryData(basketItemsQuery(basketId).queryKey);
  if (!lines) return false;
  const known = new Set(lines.stores.map((s) => s.id));
  if (put.some((i) => i.stores.some((s) => !known.has(s.id)))) return false;
  const byId = new Map(put.map((i) => [i.id, i]));
  const items = lines.items.filter((l) => !remove.includes(l.id)).map((l) => byId.get(l.id) ?? l);
  for (const i of put) if (!items.some((l) => l.id === i.id)) items.push(i);
  queryClient.setQueryData(basketItemsQuery(basketId).queryKey, { ...lines, count: items.length, items });
  const recount = (b: Basket) => (b.id === basketId ? basketFromLines(b, items) : b);
  queryClient.setQueryData(basketQuery(basketId).queryKey, (b) => b && recount(b));
  queryClient.setQueryData(basketKeys.list(), (list: ResultOf<Methods['basket/list']> | undefined) =>
    list ? { ...list, items: list.items.map(recount) } : list,
  );
  return true;
}

/** After a swap or split: the lines from the answer; the alternatives (which the answer cannot give) asked again. */
async function afterLinesChanged(queryClient: QueryClient, basketId: number, remove: number[], put: BasketItem[]) {
  if (!applyLines(queryClient, basketId, remove, put))
    await queryClient.invalidateQueries({ queryKey: basketKeys.items(basketId) });
  else await queryClient.invalidateQueries({ queryKey: basketAlternativesQuery(basketId).queryKey });
}

/** «Заменить»: the line becomes the alternative (decision 206). */
export function useSwapLine(basketId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; product: number }) => rest('basket-item/swap', input),
    onSuccess: (answer) => afterLinesChanged(queryClient, basketId, [answer.removed], [answer.item]),
  });
}

/** «Разделить»: the line keeps what is in stock, the rest goes to the alternative (decision 206). */
export function useSplitLine(basketId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; product: number }) => rest('basket-item/split', input),
    onSuccess: (answer) => afterLinesChanged(queryClient, basketId, [], [answer.item, answer.added]),
  });
}
