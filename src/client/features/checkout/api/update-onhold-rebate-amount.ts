import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { SUMMARY_KEY } from './checkout-summary';

/** Holds this much cash reward for the checkout (0 releases the hold). */
export const updateOnholdRebateAmount = (amountCents: number | undefined) =>
  api('/v1/update-onhold-rebate-amount', { amount_cents: amountCents });

/** Holds (or releases) cash reward; the summary, which shows balance and hold, is asked again. */
export const useHoldCashReward = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateOnholdRebateAmount,
    onSuccess: () => client.invalidateQueries({ queryKey: SUMMARY_KEY }),
  });
};
