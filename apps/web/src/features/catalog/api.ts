import { type InputOf, type Methods } from '@portal/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { rest } from '../../lib/rest';
import { notifyError } from '../../lib/notify';

type ListInput = InputOf<Methods['product/list']>;

export const sectionsQuery = queryOptions({
  queryKey: ['section', 'list', 'all'],
  queryFn: () => rest('section/list', { size: -1 }),
  staleTime: 5 * 60_000,
});

export const sectionQuery = (id: number) =>
  queryOptions({
    queryKey: ['section', 'get', id],
    queryFn: () => rest('section/get', { id }),
    staleTime: 5 * 60_000,
  });

export const productsQuery = (input: ListInput) =>
  queryOptions({
    queryKey: ['product', 'list', input],
    queryFn: ({ signal }) => rest('product/list', input, { signal }),
    placeholderData: keepPreviousData,
  });

export const filterQuery = (filter: ListInput['filter']) =>
  queryOptions({
    queryKey: ['product', 'get-filter', filter],
    queryFn: ({ signal }) => rest('product/get-filter', { filter }, { signal }),
    placeholderData: keepPreviousData,
  });

export const productQuery = (id: number) =>
  queryOptions({
    queryKey: ['product', 'get', id],
    queryFn: () => rest('product/get', { id }),
  });

export const orderedSeriesQuery = (id: number) =>
  queryOptions({
    queryKey: ['product', 'ordered', id],
    queryFn: () => rest('product/get-kolichestvo-zakazannykh-tovarov', { id }),
  });

export const suggestQuery = (search: string) =>
  queryOptions({
    queryKey: ['product', 'suggest', search],
    queryFn: ({ signal }) => rest('product/suggest', { search }, { signal }),
    enabled: search.trim().length >= 2,
    staleTime: 60_000,
  });

export const favoritesQuery = (input: InputOf<Methods['favorite/list']>) =>
  queryOptions({
    queryKey: ['favorite', 'list', input],
    queryFn: () => rest('favorite/list', input),
  });

export const pricingQuery = (id: number) =>
  queryOptions({
    queryKey: ['pricing', id],
    queryFn: () => rest('user/pricing-get', { id }),
  });

export const paymentsQuery = queryOptions({
  queryKey: ['payment', 'list'],
  queryFn: () => rest('payment/list', { size: -1 }),
});

export function useSections() {
  return useQuery(sectionsQuery);
}

/** Adds or removes a favourite; every product list refreshes its flags. */
export function useToggleFavorite() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, value }: { id: number; value: boolean }): Promise<void> => {
      if (value) await rest('favorite/create', { id });
      else await rest('favorite/delete', { id });
    },
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['favorite'] });
      void client.invalidateQueries({ queryKey: ['product'] });
    },
    onError: notifyError,
  });
}

/** Saves a user's price type and payment method; prices everywhere follow. */
export function useUpdatePricing() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: InputOf<Methods['user/pricing-update']>) => rest('user/pricing-update', input),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['pricing'] });
      void client.invalidateQueries({ queryKey: ['payment'] });
      void client.invalidateQueries({ queryKey: ['product'] });
      void client.invalidateQueries({ queryKey: ['favorite'] });
      void client.invalidateQueries({ queryKey: ['profile'] });
    },
    onError: notifyError,
  });
}
