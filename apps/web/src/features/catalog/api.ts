import {
  expandProductDetail,
  expandProducts,
  type InputOf,
  type Methods,
  type PriceListFormat,
  type PriceListMail,
  type ProductFilterInput,
} from '@portal/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { basketKeys } from '../../lib/active-basket';
import { currentLanguage } from '../../lib/i18n';
import { rest, RestError } from '../../lib/rest';
import { currentUserQuery } from '../../lib/current-user';
import { notifyError } from '../../lib/notify';

type ListInput = InputOf<Methods['product/list']>;

/**
 * Every query key of the catalogue (one factory): the prefixes (`products`, `favorites`, …) invalidate a whole
 * family after a change of favourites or prices.
 */
export const catalogKeys = {
  products: ['product'] as const,
  favorites: ['favorite'] as const,
  pricings: ['pricing'] as const,
  paymentLists: ['payment'] as const,
  allSections: () => ['section', 'list', 'all'] as const,
  section: (id: number) => ['section', 'get', id] as const,
  productList: (input: unknown) => ['product', 'list', input] as const,
  productFilter: (filter: unknown) => ['product', 'get-filter', filter] as const,
  product: (id: number) => ['product', 'get', id] as const,
  replacements: (id: number) => ['product', 'replacements', id] as const,
  ordered: (id: number) => ['product', 'ordered', id] as const,
  suggest: (search: string) => ['product', 'suggest', search] as const,
  favoriteList: (input: unknown) => ['favorite', 'list', input] as const,
  pricing: (id: number) => ['pricing', id] as const,
  payments: () => ['payment', 'list'] as const,
};

export const sectionsQuery = queryOptions({
  queryKey: catalogKeys.allSections(),
  queryFn: () => rest('section/list', { size: -1 }),
  staleTime: 5 * 60_000,
});

export const sectionQuery = (id: number) =>
  queryOptions({
    queryKey: catalogKeys.section(id),
    queryFn: () => rest('section/get', { id }),
    staleTime: 5 * 60_000,
  });

export const productsQuery = (input: ListInput) =>
  queryOptions({
    queryKey: catalogKeys.productList(input),
    // The answer names warehouses, payment methods and labels once (decision 160); the screens read full products.
    queryFn: async ({ signal }) => expandProducts(await rest('product/list', input, { signal }), currentLanguage()),
    placeholderData: keepPreviousData,
  });

export const filterQuery = (filter: ListInput['filter']) =>
  queryOptions({
    queryKey: catalogKeys.productFilter(filter),
    queryFn: ({ signal }) => rest('product/get-filter', { filter }, { signal }),
    placeholderData: keepPreviousData,
  });

export const productQuery = (id: number) =>
  queryOptions({
    queryKey: catalogKeys.product(id),
    queryFn: async () => expandProductDetail(await rest('product/get', { id }), currentLanguage()),
  });

/** The product's replacement numbers (decision 205): what replaces it, what it replaces, every link. */
export const replacementsQuery = (id: number) =>
  queryOptions({
    queryKey: catalogKeys.replacements(id),
    queryFn: () => rest('product/replacements', { id }),
  });

export const orderedSeriesQuery = (id: number) =>
  queryOptions({
    queryKey: catalogKeys.ordered(id),
    queryFn: () => rest('product/get-kolichestvo-zakazannykh-tovarov', { id }),
  });

export const suggestQuery = (search: string) =>
  queryOptions({
    queryKey: catalogKeys.suggest(search),
    queryFn: ({ signal }) => rest('product/suggest', { search }, { signal }),
    enabled: search.trim().length >= 2,
    staleTime: 60_000,
  });

export const favoritesQuery = (input: InputOf<Methods['favorite/list']>) =>
  queryOptions({
    queryKey: catalogKeys.favoriteList(input),
    queryFn: async () => expandProducts(await rest('favorite/list', input), currentLanguage()),
  });

export const pricingQuery = (id: number) =>
  queryOptions({
    queryKey: catalogKeys.pricing(id),
    queryFn: () => rest('user/pricing-get', { id }),
  });

export const paymentsQuery = queryOptions({
  queryKey: catalogKeys.payments(),
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
      void client.invalidateQueries({ queryKey: catalogKeys.favorites });
      void client.invalidateQueries({ queryKey: catalogKeys.products });
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
      void client.invalidateQueries({ queryKey: catalogKeys.pricings });
      void client.invalidateQueries({ queryKey: catalogKeys.paymentLists });
      void client.invalidateQueries({ queryKey: catalogKeys.products });
      void client.invalidateQueries({ queryKey: catalogKeys.favorites });
      void client.invalidateQueries({ queryKey: currentUserQuery.queryKey });
      // The basket sums (top bar, basket screens) are priced for the active payment method too.
      void client.invalidateQueries({ queryKey: basketKeys.all });
    },
    onError: notifyError,
  });
}

/** The back office saves a product's replacement numbers; search hits follow them at once. */
export function useUpdateReplacements() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: InputOf<Methods['product/replacements-update']>) => rest('product/replacements-update', input),
    onSuccess: (result) => {
      client.setQueryData(catalogKeys.replacements(result.id), result);
      void client.invalidateQueries({ queryKey: ['product', 'list'] });
    },
  });
}

/** The back office uploads a spreadsheet of replacement links (files/save, then product/replacements-import). */
export function useImportReplacements() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (file: File) => {
      const saved = await rest('files/save', {}, { files: [file] });
      const fileId = saved.items[0]?.id;
      if (!fileId) throw new Error('files/save');
      return rest('product/replacements-import', { fileId });
    },
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['product', 'replacements'] });
      void client.invalidateQueries({ queryKey: ['product', 'list'] });
    },
  });
}

export interface PriceListOrder {
  format: PriceListFormat;
  section?: number;
  inStock?: boolean;
  filter?: ProductFilterInput;
}

/**
 * Asks for a price list (decision 232): `job: null` means «download it now» (GET /pricelist/download), a job
 * is followed by `priceListJobQuery` until its file is ready.
 */
export function useOrderPriceList() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (order: PriceListOrder) => rest('price-list-job/create', order),
    onSuccess: (answer) => {
      if (answer.job) client.setQueryData(['price-list-job', answer.job.id], answer.job);
    },
    // «Too many lists being prepared» is shown beside the button that asked (decision 245), not as a toast.
    onError: (error) => {
      if (!isPriceListBusy(error)) notifyError(error);
    },
  });
}

/** The dealer's price lists already being prepared are as many as they may have (429, decision 245). */
export const isPriceListBusy = (error: unknown): error is RestError =>
  error instanceof RestError && error.status === 429;

/** A price-list job, read again every second while it is queued or running. */
export const priceListJobQuery = (id: number) =>
  queryOptions({
    queryKey: ['price-list-job', id],
    queryFn: () => rest('price-list-job/get', { id }),
    refetchInterval: (query) => {
      const state = query.state.data?.state;
      return state === 'done' || state === 'failed' ? false : 1000;
    },
  });

/** The caller's secret price-list links (decision 212). */
export const priceListLinksQuery = (page: number, size: number) =>
  queryOptions({
    queryKey: ['price-list-links', page, size],
    queryFn: () => rest('price-list-link/list', { page, size }),
  });

export function useCreatePriceListLink() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (days: number) => rest('price-list-link/create', { days }),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['price-list-links'] }),
  });
}

export function useRevokePriceListLink() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => rest('price-list-link/delete', { id }),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['price-list-links'] }),
    onError: notifyError,
  });
}

/** The caller's scheduled price-list e-mail (decision 219). */
export const priceListMailQuery = () =>
  queryOptions({ queryKey: ['price-list-mail'], queryFn: () => rest('price-list-mail/get', {}) });

export type PriceListMailInput = Pick<PriceListMail, 'schedule' | 'weekday' | 'content' | 'format'>;

export function useSavePriceListMail() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: PriceListMailInput) => rest('price-list-mail/update', input),
    onSuccess: (saved) => client.setQueryData(['price-list-mail'], saved),
    onError: notifyError,
  });
}
