import type { SubscriptionStatus } from '@common/contract/subscriptions';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { useCursorPages } from '@/lib/hooks/use-cursor-pages';

/** This feature's react-query keys (under the back office's 'admin' prefix). */
export const subscriptionKeys = {
  all: ['admin', 'subscriptions'] as const,
  list: (status: string, email: string) => ['admin', 'subscriptions', 'list', status, email] as const,
};

export const useAdminSubscriptions = (status: SubscriptionStatus | '', email: string) =>
  useCursorPages(subscriptionKeys.list(status, email), '/admin/subscriptions/list', {
    status: status || undefined,
    email: email || undefined,
  });

/** Cancels a subscription (no more renewals); the lists are read again. */
export const useCancelSubscription = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api('/admin/subscriptions/cancel', { id }),
    onSuccess: () => client.invalidateQueries({ queryKey: subscriptionKeys.all }),
  });
};
