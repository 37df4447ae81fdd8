import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AnswerStatus, DealerCompanyFilter, InputOf, Methods } from '@portal/contract';
import { rest } from '../../lib/rest';

export const formsKeys = {
  all: ['forms'] as const,
  answers: ['answers'] as const,
  agreement: (id: number) => ['agreement', id] as const,
};

export const formListQuery = () =>
  queryOptions({ queryKey: [...formsKeys.all, 'list'], queryFn: () => rest('form/list', {}) });

export const formByCodeQuery = (code: string) =>
  queryOptions({ queryKey: [...formsKeys.all, 'code', code], queryFn: () => rest('form/get', { code }) });

export const formByIdQuery = (id: number) =>
  queryOptions({ queryKey: [...formsKeys.all, 'id', String(id)], queryFn: () => rest('form/get', { id }) });

export const answerListQuery = (
  page: number,
  size: number,
  code?: string,
  status?: AnswerStatus,
  staff: DealerCompanyFilter = {},
) =>
  queryOptions({
    queryKey: [
      ...formsKeys.answers,
      'list',
      page,
      size,
      code ?? '',
      status ?? '',
      staff.dealer ?? '',
      staff.company ?? '',
    ],
    queryFn: () =>
      rest('answer/list', {
        page,
        size,
        sort: { ID: 'DESC' },
        filter: { ...(code ? { code } : {}), ...(status ? { status } : {}), ...staff },
      }),
  });

export const answerQuery = (id: number) =>
  queryOptions({ queryKey: [...formsKeys.answers, 'detail', id], queryFn: () => rest('answer/get', { id }) });

export const agreementQuery = (id: number) =>
  queryOptions({ queryKey: formsKeys.agreement(id), queryFn: () => rest('agreement/get', { id }) });

export { isStaff } from '../../lib/roles';

/** Fills a mask where 9 stands for a digit: '+7 (999) 999-99-99'. Digits the mask already shows are skipped. */
export function applyMask(mask: string, input: string): string {
  const prefixDigits = (mask.split('9')[0] ?? '').replace(/\D/g, '');
  let digits = input.replace(/\D/g, '');
  if (prefixDigits && digits.startsWith(prefixDigits)) digits = digits.slice(prefixDigits.length);
  // A Russian number pasted with its trunk prefix: 8 913 … is +7 913 ….
  else if (prefixDigits === '7' && digits.length === 11 && digits.startsWith('8')) digits = digits.slice(1);
  if (!digits) return '';
  let out = '';
  let i = 0;
  for (const ch of mask) {
    if (i >= digits.length) break;
    if (ch === '9') out += digits[i++];
    else out += ch;
  }
  return out;
}

/** An order a form's order field offers (decision 191). */
export interface OrderChoice {
  id: number;
  dateCreate: string;
  price: number;
  status: string;
}

/** The author's own orders, newest first (the server shows a dealer only theirs), or the one of a number. */
export const ownOrdersQuery = (number: number | null) =>
  queryOptions({
    queryKey: [...formsKeys.all, 'orders', number ?? 'recent'],
    queryFn: async (): Promise<OrderChoice[]> => {
      const list = await rest('order/list', {
        size: number === null ? 100 : 1,
        sort: { ID: 'DESC' },
        ...(number === null ? {} : { filter: { number } }),
      });
      return list.items.map((o) => ({ id: o.id, dateCreate: o.dateCreate, price: o.price, status: o.status.name }));
    },
    staleTime: 60_000,
  });

/** Every page of the answer lists (the detail of one answer is its own key). */
const answerListsKey = [...formsKeys.answers, 'list'] as const;

/** Sends a filled form (answer/create): the answer is cached as its detail; the lists gain a row. */
export function useCreateAnswer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (payload: InputOf<Methods['answer/create']>['payload']) => rest('answer/create', { payload }),
    onSuccess: async (answer) => {
      client.setQueryData(answerQuery(answer.id).queryKey, answer);
      await client.invalidateQueries({ queryKey: answerListsKey });
    },
  });
}

/** Staff answer an appeal and set its status (answer/update): the answered appeal replaces the cached one. */
export function useUpdateAnswer(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { status: AnswerStatus; answer: string }) => rest('answer/update', { id, ...v }),
    onSuccess: async (answer) => {
      client.setQueryData(answerQuery(id).queryKey, answer);
      await client.invalidateQueries({ queryKey: answerListsKey });
    },
  });
}
