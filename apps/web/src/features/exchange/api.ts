import type { ExchangeSession, ExchangeStats } from '@portal/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
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

/** Uploads the files and steps through them until the exchange ends; `onStep` sees each answer. */
export async function runManualExchange(
  files: File[],
  onStep: (session: ExchangeSession, message: string) => void,
): Promise<{ state: 'success' | 'failure'; message: string; session: ExchangeSession }> {
  let session = await rest('exchange/upload', {}, { files });
  onStep(session, '');
  for (;;) {
    const step = await rest('exchange/continue', { id: session.id });
    session = step.session;
    onStep(session, step.message);
    if (step.state !== 'progress') return { state: step.state, message: step.message, session };
  }
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
];
