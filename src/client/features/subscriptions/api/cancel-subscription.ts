import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { queryKeys } from '@/lib/api/query-keys';
import { rememberSubscription } from './get-subscriptions';

export const cancelSubscription = (subscriptionId: number) =>
  api('/v2/cancel-subscription', { subscription_id: subscriptionId });

/** Cancels a subscription (no more renewals); cancelling again is harmless. */
export const useCancelSubscription = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: cancelSubscription,
    onSuccess: ({ subscription }) => {
      rememberSubscription(client, subscription);
      void client.invalidateQueries({ queryKey: queryKeys.subscriptions.all });
    },
  });
};
