import { BASKET_ACTIVE_ID_KEY, type Basket, type Methods, type ResultOf } from '@portal/contract';
import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { rest } from './rest';
import { storage } from './storage';

/**
 * The active basket (docs/spec/04-states.md): its id in local storage under `basketActiveID`, the newest basket when
 * unset or gone. Shared by the basket widget, the product order control and checkout.
 */
/** Every basket query key, from one factory (the basket screens, the widget, checkout). */
export const basketKeys = {
  all: ['basket'] as const,
  list: () => ['basket', 'list'] as const,
  get: (id: number) => ['basket', 'get', id] as const,
  items: (id: number) => ['basket', 'items', id] as const,
};

export const basketListQuery = queryOptions({
  queryKey: basketKeys.list(),
  queryFn: () => rest('basket/list', { size: -1 }),
  staleTime: 10_000,
});

const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key === BASKET_ACTIVE_ID_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
};
const readStored = () => storage.get(BASKET_ACTIVE_ID_KEY);

export function setActiveBasketId(id: number | null): void {
  storage.set(BASKET_ACTIVE_ID_KEY, id === null ? null : String(id));
  for (const l of listeners) l();
}

export function pickActive(baskets: Basket[], stored: string | null): Basket | null {
  const id = stored ? Number(stored) : NaN;
  return baskets.find((b) => b.id === id) ?? baskets[0] ?? null;
}

export function useActiveBasket(enabled = true) {
  const queryClient = useQueryClient();
  const list = useQuery({ ...basketListQuery, enabled });
  const stored = useSyncExternalStore(subscribe, readStored, () => null);
  const baskets = list.data?.items ?? [];
  const active = pickActive(baskets, stored);
  /** The active basket, created when the dealer has none yet. */
  const ensure = useCallback(async (): Promise<number> => {
    if (active) return active.id;
    const created = await rest('basket/create', {});
    setActiveBasketId(created.id);
    await queryClient.invalidateQueries({ queryKey: basketKeys.all });
    return created.id;
  }, [active, queryClient]);
  return { list, baskets, active, ensure, setActive: setActiveBasketId };
}

type Totals = Basket['totals'];
let checkoutPricing: { basketId: number; totals: Totals } | null = null;
const pricingListeners = new Set<() => void>();
const subscribePricing = (listener: () => void) => {
  pricingListeners.add(listener);
  return () => void pricingListeners.delete(listener);
};

/**
 * Checkout prices the basket for the payment method chosen in its form (order/preview), which may not be
 * the dealer's active one the basket lists are priced for. While checkout is on screen it hands its total
 * here, so the top bar's sum is the one the order will carry (decision 192); null when checkout closes.
 */
export function setCheckoutTotals(basketId: number | null, totals: Totals = []): void {
  const next = basketId === null ? null : { basketId, totals };
  if (JSON.stringify(next) === JSON.stringify(checkoutPricing)) return;
  checkoutPricing = next;
  for (const l of pricingListeners) l();
}

/** A basket's sums as the screen on view prices them: checkout's for its basket, the basket list's otherwise. */
export function useBasketTotals(): (basket: Basket) => Totals {
  const pricing = useSyncExternalStore(
    subscribePricing,
    () => checkoutPricing,
    () => null,
  );
  return (basket) => (pricing && pricing.basketId === basket.id ? pricing.totals : basket.totals);
}

/** After any basket change: lists, the widget and the basket screens refetch. */
export const invalidateBaskets = (queryClient: ReturnType<typeof useQueryClient>) =>
  queryClient.invalidateQueries({ queryKey: basketKeys.all });

type BasketList = ResultOf<Methods['basket/list']>;

/**
 * A basket the server answered with (an add, a repeat, a new basket): it replaces that basket in the basket
 * query and the basket list (the top bar's widget), so neither is fetched again. The lines are not in the
 * answer: only that basket's lines are invalidated. A basket the list does not hold yet refetches the list.
 */
export function applyBasket(queryClient: QueryClient, basket: Basket): void {
  queryClient.setQueryData(basketKeys.get(basket.id), basket);
  const list = queryClient.getQueryData<BasketList>(basketKeys.list());
  if (list?.items.some((b) => b.id === basket.id))
    queryClient.setQueryData<BasketList>(basketKeys.list(), {
      ...list,
      items: list.items.map((b) => (b.id === basket.id ? basket : b)),
    });
  else void queryClient.invalidateQueries({ queryKey: basketKeys.list() });
  void queryClient.invalidateQueries({ queryKey: basketKeys.items(basket.id) });
}
