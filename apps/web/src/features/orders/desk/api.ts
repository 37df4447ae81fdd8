import type { DeskOrder, DeskOrderChange, InputOf, Methods } from '@portal/contract';
import { keepPreviousData, queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import i18n from 'i18next';
import { rest } from '../../../lib/rest';
import en from '../../../locales/en/back-office/desk.json';
import ru from '../../../locales/ru/back-office/desk.json';

// Back-office texts travel with the back-office chunk, not with every dealer's first page.
i18n.addResourceBundle('ru', 'desk', ru, true, true);
i18n.addResourceBundle('en', 'desk', en, true, true);

export const deskKeys = {
  all: ['desk-order'] as const,
  lists: () => ['desk-order', 'list'] as const,
  list: (input: DeskListInput) => ['desk-order', 'list', input] as const,
  get: (id: number) => ['desk-order', 'get', id] as const,
  summary: () => ['desk', 'summary'] as const,
};

export type DeskListInput = NonNullable<InputOf<Methods['desk-order/list']>>;

export const deskListQuery = (input: DeskListInput) =>
  queryOptions({
    queryKey: deskKeys.list(input),
    queryFn: () => rest('desk-order/list', input),
    placeholderData: keepPreviousData,
  });

export const deskOrderQuery = (id: number) =>
  queryOptions({ queryKey: deskKeys.get(id), queryFn: () => rest('desk-order/get', { id }) });

export const deskSummaryQuery = queryOptions({
  queryKey: deskKeys.summary(),
  queryFn: () => rest('desk/summary', {}),
  refetchInterval: 60_000,
});

/** The caller's dealers (decision 199): an employee with dealers assigned opens the desk on «Мои дилеры». */
export const myDealersQuery = queryOptions({
  queryKey: ['manager', 'get'] as const,
  queryFn: () => rest('manager/get', {}),
  staleTime: 5 * 60_000,
});

/** A part number or a name looked up for a line of the order (decision 196): what it finds, with prices. */
export const findLineQuery = (id: number, query: string) =>
  queryOptions({
    queryKey: ['desk-order', 'find-line', id, query] as const,
    queryFn: () => rest('desk-order/find-line', { id, query }),
    enabled: query.trim() !== '',
    retry: false,
    staleTime: 30_000,
  });

/**
 * Bulk actions on the desk list (decision 196): one status for the selected orders (each by decision 193's
 * rules; the answer says which were refused), and an .xlsx of the selected or filtered orders.
 */
export function useBulkStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: InputOf<Methods['desk-order/bulk-status']>) => rest('desk-order/bulk-status', input),
    onSuccess: (r) => {
      // The answer names the orders, not their new rows: the moved ones are read again.
      for (const id of r.done) void client.invalidateQueries({ queryKey: deskKeys.get(id) });
      void client.invalidateQueries({ queryKey: deskKeys.lists() });
      void client.invalidateQueries({ queryKey: deskKeys.summary() });
    },
  });
}

export function useDeskExport() {
  return useMutation({
    mutationFn: (input: InputOf<Methods['desk-order/export']>) => rest('desk-order/export', input),
  });
}

/** What the screen does after a desk write besides the cache: its own state, a notice, the error shown. */
export interface DeskWriteHandlers {
  onSuccess?: (o: DeskOrder) => void;
  onError?: (err: unknown) => void;
}

/** A desk write answers the order (decision 193): it replaces the cached one; lists and the summary follow. */
function applyDeskOrder(client: QueryClient, o: DeskOrder) {
  client.setQueryData(deskKeys.get(o.id), o);
  void client.invalidateQueries({ queryKey: deskKeys.lists() });
  void client.invalidateQueries({ queryKey: deskKeys.summary() });
}

/** The file a manager attaches (files/save): its id. */
const saveDeskFile = async (file: File) => (await rest('files/save', {}, { files: [file] })).items[0]!.id;

/** Changes the order at the desk (desk-order/change: status, lines, comment…); the answered order is cached. */
export function useChangeDeskOrder(id: number, on: DeskWriteHandlers = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (c: Omit<DeskOrderChange, 'id'>) => rest('desk-order/change', { id, ...c }),
    onSuccess: (o) => {
      applyDeskOrder(client, o);
      on.onSuccess?.(o);
    },
    onError: on.onError,
  });
}

/** Accepts or refuses a dealer's correction (desk-order/correction); the answered order is cached. */
export function useDecideCorrection(on: DeskWriteHandlers = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: InputOf<Methods['desk-order/correction']>) => rest('desk-order/correction', v),
    onSuccess: (o) => {
      applyDeskOrder(client, o);
      on.onSuccess?.(o);
    },
    onError: on.onError,
  });
}

/** Issues the bill (desk-order/bill), made by the portal or from an attached file; the answered order is cached. */
export function useIssueBill(id: number, on: DeskWriteHandlers = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (what: { file?: File; replaceFile?: boolean }) => {
      if (!what.file) return rest('desk-order/bill', { id, ...(what.replaceFile ? { replaceFile: true } : {}) });
      return rest('desk-order/bill', { id, fileId: await saveDeskFile(what.file) });
    },
    onSuccess: (o) => {
      applyDeskOrder(client, o);
      on.onSuccess?.(o);
    },
    onError: on.onError,
  });
}

/**
 * Attaches the commercial offer with its description, or removes it when no file is given (desk-order/offer,
 * decision 146); the answered order is cached.
 */
export function useDeskOffer(id: number, on: DeskWriteHandlers = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ file, description }: { file: File | null; description?: string }) => {
      if (!file) return rest('desk-order/offer', { id, fileId: null });
      return rest('desk-order/offer', {
        id,
        fileId: await saveDeskFile(file),
        ...(description ? { description } : {}),
      });
    },
    onSuccess: (o) => {
      applyDeskOrder(client, o);
      on.onSuccess?.(o);
    },
    onError: on.onError,
  });
}
