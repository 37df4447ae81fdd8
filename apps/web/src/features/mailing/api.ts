import { useMutation, useQueryClient, queryOptions } from '@tanstack/react-query';
import { rest } from '../../lib/rest';
import { mailingKeys } from './keys';

export { mailingKeys };

export const mailingQuery = queryOptions({ queryKey: mailingKeys.all, queryFn: () => rest('mailings/get', {}) });

export const agreementQuery = (id: number) =>
  queryOptions({ queryKey: mailingKeys.agreement(id), queryFn: () => rest('agreement/get', { id }) });

/**
 * Subscribes (first giving consent to the mailing agreement when there is none yet) or unsubscribes; the
 * subscription the server answers with goes into the cache.
 */
export function useUpdateMailing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { email: string; subscribed: boolean; consentTo?: number }) => {
      if (input.consentTo !== undefined)
        await rest('consent/create', { payload: { idAgreement: input.consentTo, isAgree: true } });
      return rest('mailings/update', { email: input.email, subscribed: input.subscribed });
    },
    onSuccess: (mailing) => queryClient.setQueryData(mailingQuery.queryKey, mailing),
  });
}
