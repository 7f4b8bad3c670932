import type { ApiInput } from '@common/contract/api-map';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { queryKeys } from '@/lib/api/query-keys';
import { rememberSubscription } from './get-subscriptions';

export type UpdateSubscriptionInput = ApiInput<'/v2/update-subscription'>;

export const updateSubscription = (input: UpdateSubscriptionInput) => api('/v2/update-subscription', input);

/** Changes frequency, quantity, address or shipping method, or skips the next delivery. */
export const useUpdateSubscription = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateSubscription,
    onSuccess: ({ subscription }) => {
      rememberSubscription(client, subscription);
      void client.invalidateQueries({ queryKey: queryKeys.subscriptions.all });
    },
  });
};
