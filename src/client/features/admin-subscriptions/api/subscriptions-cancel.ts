import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { subscriptionKeys } from './keys';

export const cancelSubscription = (id: number) => api('/admin/subscriptions/cancel', { id });

/** Cancels a subscription (no more renewals); the lists are read again. */
export const useCancelSubscription = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: cancelSubscription,
    onSuccess: () => client.invalidateQueries({ queryKey: subscriptionKeys.all }),
  });
};
