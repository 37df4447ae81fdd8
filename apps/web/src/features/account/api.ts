import type { DocumentType } from '@portal/contract';
import { queryOptions, useMutation } from '@tanstack/react-query';
import { rest } from '../../lib/rest';

/** The dealer's account with the supplier (decision 200): settlements, ledger, акт сверки, documents. */
export const accountKeys = { all: ['account'] as const };

export interface Period {
  counterparty: number;
  contract?: string;
  from: string;
  to: string;
}

export const settlementsQuery = (counterparty?: number) =>
  queryOptions({
    queryKey: [...accountKeys.all, 'settlements', counterparty ?? 0],
    queryFn: () => rest('settlement/list', counterparty ? { counterparty } : {}),
  });

/** Staff (decision 202): one company's account, or every company of a dealer. */
export const companyAccountQuery = (of: { counterparty?: number; user?: number }) =>
  queryOptions({
    queryKey: [...accountKeys.all, 'company', of.counterparty ?? 0, of.user ?? 0],
    queryFn: () =>
      rest('settlement/list', {
        ...(of.counterparty ? { counterparty: of.counterparty } : {}),
        ...(of.user ? { user: of.user } : {}),
      }),
  });

export const ledgerQuery = (period: Period, page: number, size: number) =>
  queryOptions({
    queryKey: [...accountKeys.all, 'ledger', period, page, size],
    queryFn: () => rest('settlement/ledger', { ...period, page, size }),
  });

export const actQuery = (period: Period) =>
  queryOptions({
    queryKey: [...accountKeys.all, 'act', period],
    queryFn: () => rest('settlement/act', period),
  });

export const documentsQuery = (page: number, size: number, type?: DocumentType, order?: number) =>
  queryOptions({
    queryKey: [...accountKeys.all, 'documents', page, size, type ?? '', order ?? 0],
    queryFn: () =>
      rest('document/list', { page, size, filter: { ...(type ? { type } : {}), ...(order ? { order } : {}) } }),
  });

/** Saves a link as the browser's download. */
function download(src: string, name: string) {
  const a = document.createElement('a');
  a.href = src;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
}

/** The акт сверки as .xlsx: made (or found again) on the server, then downloaded. */
export function useActWorkbook() {
  return useMutation({
    mutationFn: (period: Period) => rest('settlement/act', { ...period, xlsx: true }),
    onSuccess: (act) => {
      if (act.file) download(act.file.src, act.file.name);
    },
  });
}

/** A document's file (the УПД, a bill), downloaded. */
export function useDocumentFile() {
  return useMutation({
    mutationFn: (id: number) => rest('document/file', { id }),
    onSuccess: (file) => download(file.src, file.name),
  });
}

/** The current year so far, the period a page opens with. */
export function defaultPeriod(): { from: string; to: string } {
  const today = new Date();
  const iso = (d: Date) =>
    `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  return { from: `${today.getFullYear()}-01-01`, to: iso(today) };
}
