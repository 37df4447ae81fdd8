import type { CounterpartyFields } from '@portal/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { rest } from '../../lib/rest';
import { companyKeys } from './keys';

/** The dealer's companies (decision 217: reads and writes of the feature live here). */
export const companyListQuery = queryOptions({
  queryKey: companyKeys.list(),
  queryFn: () => rest('counterparty/list', { size: -1 }),
});

export const companyQuery = (id: number | null) =>
  queryOptions({
    queryKey: companyKeys.detail(id),
    queryFn: () => rest('counterparty/get', { id: id! }),
    enabled: id !== null,
  });

/**
 * Creates a company (no id) or updates its requisites: the answered company is cached; the list (here and in the
 * order filter, which shares its key) is read again.
 */
export function useSaveCompany(id: number | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (fields: CounterpartyFields) =>
      id ? rest('counterparty/update', { id, fields }) : rest('counterparty/create', { fields }),
    onSuccess: async (saved) => {
      client.setQueryData(companyKeys.detail(saved.id), saved);
      await client.invalidateQueries({ queryKey: companyKeys.list() });
    },
  });
}

/** Deletes a company; it leaves the cache and the list is read again. */
export function useDeleteCompany(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => rest('counterparty/delete', { id }),
    onSuccess: async () => {
      client.removeQueries({ queryKey: companyKeys.detail(id) });
      await client.invalidateQueries({ queryKey: companyKeys.list() });
    },
  });
}
