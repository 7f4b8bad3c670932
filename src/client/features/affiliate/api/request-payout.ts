import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { queryKeys } from '@/lib/api/query-keys';

export const requestPayout = (amountCents: number) => api('/v2/request-payout', { amount_cents: amountCents });

/** Requests a payout; the dashboard and the payout list reload after it. */
export const useRequestPayout = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestPayout,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.affiliate.all }),
  });
};
