import type { ExchangeSession, ExchangeStats } from '@portal/contract';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import i18n from 'i18next';
import { rest } from '../../lib/rest';
import en from '../../locales/en/back-office/exchange.json';
import ru from '../../locales/ru/back-office/exchange.json';

// Back-office texts travel with the back-office chunk, not with every dealer's first page.
i18n.addResourceBundle('ru', 'exchange', ru, true, true);
i18n.addResourceBundle('en', 'exchange', en, true, true);

export const exchangeKeys = {
  all: ['exchange'] as const,
  list: (page: number, size: number) => ['exchange', 'list', page, size] as const,
  priceMappings: ['exchange', 'price-mappings'] as const,
};

export const exchangeListQuery = (page: number, size: number) =>
  queryOptions({
    queryKey: exchangeKeys.list(page, size),
    queryFn: () => rest('exchange/list', { page, size }),
    placeholderData: keepPreviousData,
    // While an exchange runs, its counts grow: look again every few seconds.
    refetchInterval: (q) => (q.state.data?.items.some((s) => s.status === 'running') ? 5000 : false),
  });

type Step = { state: 'review' | 'success' | 'failure'; message: string; session: ExchangeSession };

/** Steps through an upload's job while it answers progress; `onStep` sees each answer. */
async function follow(id: number, onStep: (session: ExchangeSession, message: string) => void): Promise<Step> {
  for (;;) {
    const step = await rest('exchange/continue', { id });
    onStep(step.session, step.message);
    if (step.state !== 'progress') return { state: step.state, message: step.message, session: step.session };
  }
}

/**
 * Uploads the files and follows the dry run (decision 197) until its report is ready (`review`) or it
 * fails; `onStep` sees each answer.
 */
export async function runManualExchange(
  files: File[],
  onStep: (session: ExchangeSession, message: string) => void,
): Promise<Step> {
  const session = await rest('exchange/upload', {}, { files });
  onStep(session, '');
  return follow(session.id, onStep);
}

/** Puts a session the server answered into every history page that shows it. */
function useKeepSession() {
  const client = useQueryClient();
  return (session: ExchangeSession) => {
    client.setQueriesData<{ count: number; items: ExchangeSession[] }>({ queryKey: ['exchange', 'list'] }, (old) =>
      old ? { ...old, items: old.items.map((s) => (s.id === session.id ? session : s)) } : old,
    );
  };
}

/** Applies a reviewed upload and follows it to its end. */
export function useConfirmExchange(onStep: (session: ExchangeSession, message: string) => void) {
  const keep = useKeepSession();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      keep(await rest('exchange/confirm', { id }));
      return follow(id, (session, message) => {
        keep(session);
        onStep(session, message);
      });
    },
    onSuccess: (step) => {
      keep(step.session);
      // The price types and warehouses the upload met are read again.
      void client.invalidateQueries({ queryKey: exchangeKeys.priceMappings });
    },
  });
}

/** Drops a reviewed upload: nothing is written. */
export function useDiscardExchange() {
  const keep = useKeepSession();
  return useMutation({
    mutationFn: (id: number) => rest('exchange/discard', { id }),
    onSuccess: keep,
  });
}

export const STAT_KEYS: Array<keyof ExchangeStats> = [
  'sections',
  'products',
  'created',
  'hidden',
  'prices',
  'stocks',
  'offers',
  'skipped',
  'orders',
  'exported',
  'ordersFrom1C',
  'shipments',
  'bills',
  'invoices',
  'payments',
  'returns',
  'documents',
  'settlements',
  'unknown',
];

/** «Типы цен 1С» (decision 095): where each 1C price type's prices go; edited on the site settings page. */
export const priceMappingsQuery = queryOptions({
  queryKey: exchangeKeys.priceMappings,
  queryFn: () => rest('exchange/price-mapping/list', {}),
});
