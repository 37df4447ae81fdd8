import type { InputOf, Methods } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rest } from './rest';

/**
 * Files part numbers the catalogue lacks as a «Заявка по номерам деталей» (application-empty-product/create):
 * the request list gains rows the answer cannot page, so it is read again — the wishes screen's key, which
 * shared components may not import from the feature.
 */
export function useFileMissingParts() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (items: InputOf<Methods['application-empty-product/create']>['items']) =>
      rest('application-empty-product/create', { items }),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['wishes', 'list'] }),
  });
}
