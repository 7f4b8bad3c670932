import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { queryKeys } from '@/lib/api/query-keys';

/** Holds this much cash reward for the checkout (0 releases the hold). */
export const holdCashReward = (amountCents: number | undefined) =>
  api('/v1/update-onhold-rebate-amount', { amount_cents: amountCents });

/** Holds (or releases) cash reward; the summary, which shows balance and hold, is asked again. */
export const useHoldCashReward = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: holdCashReward,
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.checkoutSummary.all }),
  });
};
